//go:build unix

package faults

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/server"
	"github.com/shardcore/shardcore/server/recorder"
	"github.com/shardcore/shardcore/world/source"
)

// within fails the test unless f returns within d: a shard blocked on a
// named pipe would not.
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s: still blocked after %v", what, d)
	}
}

// TestNamedPipeAsSWBAtBoot: a named pipe in place of map0.swb (mkfifo
// cache/map0.swb) is refused at boot as not a regular file, never opened;
// the shard ticks on live builds and rebakes the map, whose file replaces
// the pipe and is attached. (The shard used to hang after "world loaded",
// deaf to Ctrl-C.)
func TestNamedPipeAsSWBAtBoot(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t.TempDir())
	world(t, cfg)
	if err := syscall.Mkfifo(swbPath(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	var h *shard
	within(t, 2*time.Minute, "start on a named pipe", func() { h = startShard(t, cfg, server.Options{}) })
	if h.logs.count("swb refused (not a regular file)") != 1 {
		t.Fatalf("the pipe was not refused as such:\n%s", h.logs)
	}
	h.waitLog(`"message":"bake written"`, 1)
	st := h.until(func(st stats) bool { return st.attached }, "the rebaked file attached")
	h.checkTicking(st)
	h.stop()
	_, want := world(t, cfg)
	if !checkFile(t, swbPath(cfg), want) {
		t.Fatal("no file")
	}
}

// TestNamedPipeReplacesOpenSWB: the open .swb replaced by a named pipe
// (renamed over it) is detached, refused once its path settles, and the
// map rebaked, while the tick goes on: the watcher used to open the pipe
// on the map's goroutine and freeze the tick.
func TestNamedPipeReplacesOpenSWB(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t.TempDir())
	h, before := startOnSeed(t, cfg, server.Options{})
	fifo := filepath.Join(cfg.Pathfinding.CacheDir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(fifo, swbPath(cfg)); err != nil {
		t.Fatal(err)
	}
	h.waitLog("not a regular file", 1)
	h.checkTicking(before)
	h.waitLog(`"message":"bake written"`, 1)
	st := h.until(func(st stats) bool { return st.attached }, "the rebaked file attached")
	h.checkTicking(st)
	h.stop()
	_, want := world(t, cfg)
	if !checkFile(t, swbPath(cfg), want) {
		t.Fatal("no file")
	}
}

// dataDirConfig is testConfig on a folder of client files (the default
// world's, written by the generator), which it returns.
func dataDirConfig(t *testing.T) (config.Config, string) {
	t.Helper()
	cfg := testConfig(t.TempDir())
	data := t.TempDir()
	if _, err := source.Load(context.Background(), source.Spec{Seed: cfg.World.Seed, Width: 512, Height: 512, FilesDir: data}); err != nil {
		t.Fatal(err)
	}
	cfg.World.DataDir = data
	return cfg, data
}

// newErr is the error NewWithOptions returns for cfg (closing a shard it
// built).
func newErr(cfg config.Config) error {
	s, err := server.NewWithOptions(context.Background(), cfg, zerolog.Nop(), server.Options{})
	if err == nil {
		s.Close()
	}
	return err
}

// TestNamedPipeAsClientFile: a named pipe in place of tiledata.mul, map0.mul
// or statics0.mul in a data directory stops the shard at once with an
// error naming the file and what it is, as `config check` does.
func TestNamedPipeAsClientFile(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"tiledata.mul", "map0.mul", "statics0.mul"} {
		cfg, data := dataDirConfig(t)
		p := filepath.Join(data, name)
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Fatal(err)
		}
		within(t, time.Minute, name+" as a named pipe", func() {
			for who, err := range map[string]error{"New": newErr(cfg), "CheckWorld": server.CheckWorld(cfg)} {
				if err == nil || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "named pipe") {
					t.Errorf("%s with %s a named pipe: %v", who, name, err)
				}
			}
		})
	}
}

// TestSparseOversizedClientFile: a sparse 20 GB map0.mul and a 5 GB
// tiledata.mul are refused by their size, before a byte is read or hashed
// (they used to be read whole: 21 GB of memory and 41 s for the first).
func TestSparseOversizedClientFile(t *testing.T) {
	t.Parallel()
	for name, size := range map[string]int64{"map0.mul": 20 << 30, "tiledata.mul": 5 << 30} {
		cfg, data := dataDirConfig(t)
		if err := os.Truncate(filepath.Join(data, name), size); err != nil {
			t.Skipf("no sparse files here: %v", err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		t0 := time.Now()
		err := newErr(cfg)
		took := time.Since(t0)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "bytes") {
			t.Errorf("%s of %d bytes: %v", name, size, err)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 64<<20 {
			t.Errorf("%s of %d bytes: refusing it allocated %d MB", name, size, n>>20)
		}
		t.Logf("%s of %d GB: refused in %v: %v", name, size>>30, took, err)
	}
}

// TestTwoShardsStartOnOneCacheDir: shards starting two at a time on one
// cache dir (each rewriting the generated world's files there) all start:
// 50 starts, 0 failures (4 in 30 failed: tiledata.mul was rewritten in
// place while the other shard hashed it).
func TestTwoShardsStartOnOneCacheDir(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t.TempDir())
	cfg.Shard.Population = config.Population{Pets: 2, Patrols: 2, Seed: 1}
	var mu sync.Mutex
	var failures []error
	var wg sync.WaitGroup
	for k := range 2 { // two shards starting over and over, 25 times each, drifting apart
		wg.Go(func() {
			time.Sleep(time.Duration(k) * 3 * time.Millisecond)
			for range 25 {
				if err := newErr(cfg); err != nil {
					mu.Lock()
					failures = append(failures, err)
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if len(failures) > 0 {
		t.Fatalf("%d of 50 starts failed; first: %v", len(failures), failures[0])
	}
}

// fullDisk is a recorder file system whose disk is full after room bytes.
type fullDisk struct {
	recorder.OSFS
	mu   *sync.Mutex
	room *int
}

type fullRecording struct {
	recorder.File
	d fullDisk
}

func (d fullDisk) OpenAppend(path string) (recorder.File, int64, error) {
	f, size, err := d.OSFS.OpenAppend(path)
	if err != nil {
		return nil, 0, err
	}
	return fullRecording{f, d}, size, nil
}

func (f fullRecording) Write(p []byte) (int, error) {
	f.d.mu.Lock()
	defer f.d.mu.Unlock()
	if len(p) <= *f.d.room {
		*f.d.room -= len(p)
		return f.File.Write(p)
	}
	n, err := f.File.Write(p[:*f.d.room])
	*f.d.room = 0
	if err == nil {
		err = &os.PathError{Op: "write", Path: "paths.jsonl", Err: syscall.ENOSPC}
	}
	return n, err
}

// TestRecorderDiskFull: the disk fills while the shard records: recording
// stops with a warning, the shard keeps ticking and ends with its summary
// (Run returns no error; it used to exit 1 without it), and the recording
// reads back whole (it used to end in half a line replay refused).
func TestRecorderDiskFull(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t.TempDir())
	cfg.Pathfinding.Recorder.Enable = true
	cfg.Shard.Population = config.Population{Pets: 60, Patrols: 120, Swimmers: 4, Seed: 1} // searches enough to fill it soon
	room := 100_000                                                                        // past the first 64 KiB written, mid-line in the second
	h := startShard(t, cfg, server.Options{RecorderFS: fullDisk{mu: &sync.Mutex{}, room: &room}})
	h.waitLog("recorder: write failed", 1)
	if !strings.Contains(h.logs.String(), "no space left on device") || h.logs.count(`"level":"warn","error"`)+h.logs.count(`"level":"warn"`) == 0 {
		t.Fatalf("the failure is no warning saying why:\n%s", h.logs)
	}
	h.checkTicking(h.stats())
	sum := h.stop() // fails the test if Run returned an error
	if sum.Ticks == 0 || !strings.Contains(h.logs.String(), `"message":"shard stopped"`) {
		t.Fatalf("no summary:\n%s", h.logs)
	}
	data, err := os.ReadFile(cfg.Pathfinding.Recorder.Path)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := recorder.Read(bytes.NewReader(data))
	if err != nil || rd.CutLine != 0 || len(rd.Records) == 0 || len(data) > 100_000 || data[len(data)-1] != '\n' {
		t.Fatalf("the recording (%d bytes): %d records, cut line %d, %v", len(data), len(rd.Records), rd.CutLine, err)
	}
	if errors.Is(err, syscall.ENOSPC) {
		t.Fatal(err)
	}
}
