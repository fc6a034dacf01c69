package faults

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/server"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb"
	"github.com/shardcore/shardcore/world/source"
)

// logBuf is a goroutine-safe log sink.
type logBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// count is the log lines containing sub.
func (l *logBuf) count(sub string) int {
	n := 0
	for _, line := range strings.Split(l.String(), "\n") {
		if strings.Contains(line, sub) {
			n++
		}
	}
	return n
}

// testConfig is a 512×512 default world (the smallest the generator
// makes) with a small population, every cache hit re-checked against the
// live rules, its cache under dir. Ticks are 50 ms with a 50 ms
// pathfinding budget: under the race detector on a loaded machine one
// search stalled past an 8 ms budget makes the pathfinder's cost estimate
// refuse every later search (reported; systems is another branch's).
func testConfig(dir string) config.Config {
	cfg := config.Default()
	cfg.Shard.TickMs = 50
	cfg.Pathfinding.TickBudgetMs = 50
	cfg.World.Size = "512x512"
	cfg.Pathfinding.CacheDir = filepath.Join(dir, "cache")
	cfg.Pathfinding.Recorder.Path = filepath.Join(dir, "rec", "paths.jsonl")
	cfg.Pathfinding.MissPromotionThreshold = 1
	cfg.Pathfinding.VerifyShare = 1
	cfg.Shard.Population = config.Population{Pets: 8, Patrols: 8, Swimmers: 2, Seed: 1}
	cfg.Log.Format = "json"
	return cfg
}

// swbPath is map 0's .swb under cfg's cache dir.
func swbPath(cfg config.Config) string { return filepath.Join(cfg.Pathfinding.CacheDir, "map0.swb") }

// shard is a running shard under test.
type shard struct {
	t      *testing.T
	srv    *server.Server
	logs   *logBuf
	cfg    config.Config
	cancel context.CancelFunc
	errc   chan error
	done   bool
}

// startShard builds a shard on cfg and runs it (paced ticks) until stop.
func startShard(t *testing.T, cfg config.Config, opts server.Options) *shard {
	t.Helper()
	logs := &logBuf{}
	if opts.BakeWorkers == 0 {
		opts.BakeWorkers = 2
	}
	srv, err := server.NewWithOptions(t.Context(), cfg, zerolog.New(logs).With().Timestamp().Logger(), opts)
	if err != nil {
		t.Fatalf("new shard: %v\n%s", err, logs)
	}
	ctx, cancel := context.WithCancel(context.Background())
	h := &shard{t: t, srv: srv, logs: logs, cfg: cfg, cancel: cancel, errc: make(chan error, 1)}
	go func() { h.errc <- srv.Run(ctx) }()
	t.Cleanup(func() {
		if !h.done {
			h.stop()
		}
	})
	return h
}

// cmd runs an admin command (executed by the tick goroutine at a tick start).
func (h *shard) cmd(line string) string {
	h.t.Helper()
	out, err := h.srv.Command(line)
	if err != nil {
		h.t.Fatalf("%s: %v\n%s", line, err, h.logs)
	}
	return out
}

// stats are the `cache stats` figures the suite checks.
type stats struct {
	lookups, loaded, corrupt, verified, mismatches int
	attached                                       bool
}

func (h *shard) stats() stats {
	h.t.Helper()
	out := h.cmd("cache stats")
	f := strings.Fields(out)
	get := func(name string) int {
		for i := 0; i+1 < len(f); i++ {
			if f[i] == name {
				if n, err := strconv.Atoi(f[i+1]); err == nil {
					return n
				}
			}
		}
		h.t.Fatalf("no %q in %q", name, out)
		return 0
	}
	return stats{lookups: get("lookups"), loaded: get("loaded"), corrupt: get("corrupt"), verified: get("verified"),
		mismatches: get("mismatches"), attached: strings.Contains(out, "(attached")}
}

// churn keeps the shard reading its file for d: the resident chunks are
// dropped every few ticks, so searches miss and read again.
func (h *shard) churn(d time.Duration) {
	h.t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); {
		h.cmd("cache clear")
		for range 4 {
			h.cmd("help") // a tick
		}
	}
}

// waitLog churns until the log holds n lines containing sub.
func (h *shard) waitLog(sub string, n int) {
	h.t.Helper()
	h.until(func(stats) bool { return h.logs.count(sub) >= n }, fmt.Sprintf("%d log lines with %q", n, sub))
}

// until churns until cond holds for the shard's stats. The bound is
// generous (bakes under the race detector take tens of seconds); the
// tests never wait on a fixed delay for what they check.
func (h *shard) until(cond func(stats) bool, what string) stats {
	h.t.Helper()
	deadline := time.Now().Add(6 * time.Minute)
	for {
		st := h.stats()
		if cond(st) {
			return st
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("waited for %s: %+v\n%s", what, st, h.logs)
		}
		h.churn(50 * time.Millisecond)
	}
}

// checkTicking asserts the shard keeps answering lookups after before, all
// of them checked against the live rules, and never with a mismatch.
func (h *shard) checkTicking(before stats) stats {
	h.t.Helper()
	st := h.until(func(st stats) bool { return st.lookups > before.lookups+100 && st.verified > before.verified },
		"lookups and verified hits")
	if st.mismatches != 0 {
		h.t.Fatalf("%d cache answers differ from the live rules\n%s", st.mismatches, h.logs)
	}
	return st
}

// stop ends Run and checks it returned cleanly after ticking.
func (h *shard) stop() server.Summary {
	h.t.Helper()
	h.done = true
	h.cancel()
	if err := <-h.errc; err != nil {
		h.t.Fatalf("Run: %v\n%s", err, h.logs)
	}
	sum := h.srv.Summary()
	if sum.Ticks == 0 {
		h.t.Fatalf("no tick ran")
	}
	return sum
}

// world loads cfg's world (generating its files under the cache dir) and
// returns it with what a file for it must be.
func world(t *testing.T, cfg config.Config) (*source.World, swb.Expect) {
	t.Helper()
	w, h, err := cfg.World.Dimensions()
	if err != nil {
		t.Fatal(err)
	}
	spec := source.Spec{MapID: 0, Seed: cfg.World.Seed, Width: w, Height: h,
		FilesDir: filepath.Join(cfg.Pathfinding.CacheDir, fmt.Sprintf("defaultworld-%d-%s", cfg.World.Seed, cfg.World.Size))}
	wd, err := source.Load(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	wide, high := chunk.Grid(wd.Map.Width, wd.Map.Height)
	return wd, swb.Expect{MapID: 0, Fingerprint: wd.Fingerprint, WidthChunks: wide, HeightChunks: high}
}

// bakeSome bakes the chunks of w that keep selects (all: the whole map, on
// every core; the others absent) into a file for map mapID with
// fingerprint fp at path.
func bakeSome(t *testing.T, w *source.World, path string, keep func(cx, cy int) bool, mapID uint32, fp uint64) {
	t.Helper()
	rules := movement.NewRules(w.Map, w.Tiles, nil)
	rules.StaticOnly = true
	wide, high := chunk.Grid(w.Map.Width, w.Map.Height)
	var chunks []*chunk.Chunk
	if keep == nil {
		var err error
		if chunks, err = bake.BuildMap(context.Background(), rules, 0, nil); err != nil {
			t.Fatal(err)
		}
	} else {
		chunks = make([]*chunk.Chunk, wide*high)
		for i := range chunks {
			if keep(i%wide, i/wide) {
				chunks[i] = bake.BuildChunk(rules, i%wide, i/wide)
			}
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	hdr := swb.Header{MapID: mapID, WidthChunks: wide, HeightChunks: high, Fingerprint: fp, BakeTime: time.Now()}
	if _, err := swb.Write(context.Background(), path, hdr, swb.SliceChunks(chunks, wide)); err != nil {
		t.Fatal(err)
	}
}

// everyNth keeps one chunk in n, spread over the whole map (diagonals), so
// a partial file still holds chunks wherever the population walks.
func everyNth(n int) func(cx, cy int) bool {
	return func(cx, cy int) bool { return (cx+cy)%n == 0 }
}

// copyInPlace overwrites dst with src's bytes the way cp does: truncate the
// same inode, then write.
func copyInPlace(t *testing.T, src, dst string) {
	t.Helper()
	if err := cpInPlace(src, dst); err != nil {
		t.Fatal(err)
	}
}

// cpInPlace is copyInPlace for any goroutine.
func cpInPlace(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		_ = out.Close()
		return err
	}
	return out.Close()
}

// checkFile asserts path is absent or a valid file for the world (every
// chunk it holds reads), and that no temporary is left beside it. It
// reports whether the file is there.
func checkFile(t *testing.T, path string, want swb.Expect) bool {
	t.Helper()
	if tmps, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")); len(tmps) > 0 {
		t.Errorf("temporaries left: %v", tmps)
	}
	r, err := swb.Open(path, want)
	if os.IsNotExist(err) || (err != nil && strings.Contains(err.Error(), "no such file")) {
		return false
	}
	if err != nil {
		t.Fatalf("file on disk is not valid for the world: %v", err)
	}
	defer r.Close()
	for i := 0; i < want.WidthChunks*want.HeightChunks; i++ {
		if _, _, err := r.ReadChunk(i%want.WidthChunks, i/want.WidthChunks); err != nil {
			t.Fatalf("file on disk: %v", err)
		}
	}
	return true
}
