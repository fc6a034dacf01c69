package swb

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"shardcore/movement"
	"shardcore/stepcache"

	"shardcore/world/gen"
)

// stagesOnGenerated bakes a generated world with stepcache.BuildMap, logs the
// stage table and returns ours/reference.
func stagesOnGenerated(t *testing.T, opts gen.Options) float64 {
	w, err := gen.Generate(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	chunks, err := stepcache.BuildMap(context.Background(), movement.NewRules(w.Map, w.Tiles, nil), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("BuildMap %v", time.Since(t0).Round(time.Millisecond))
	st, err := Stages(chunks)
	if err != nil {
		t.Fatal(err)
	}
	uni, strata := 0, 0
	for _, c := range chunks {
		if IsUniform(c) {
			uni++
		}
		if c.StrataStart != nil {
			strata++
		}
	}
	t.Logf("%d×%d: %d chunks, %d uniform, %d full, %d with strata", opts.Width, opts.Height, len(chunks), uni, len(chunks)-uni, strata)
	for _, s := range st {
		t.Logf("%-72s %12d", s.Name, s.Bytes)
	}
	ratio := float64(st[len(st)-2].Bytes) / float64(st[len(st)-1].Bytes)
	t.Logf("ratio %.3f", ratio)

	// Lossless through a real file, and what writing costs.
	wc, hc := w.Map.Width/stepcache.ChunkSize, w.Map.Height/stepcache.ChunkSize
	path := filepath.Join(t.TempDir(), "gen.swb")
	t0 = time.Now()
	ws, err := Write(context.Background(), path, Header{WidthChunks: wc, HeightChunks: hc, Fingerprint: 7, BakeTime: time.Now()}, SliceChunks(chunks, wc))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("write %v: %+v", time.Since(t0).Round(time.Millisecond), ws)
	if ws.FileBytes != st[len(st)-2].Bytes {
		t.Fatalf("file is %d bytes, the stage table says %d", ws.FileBytes, st[len(st)-2].Bytes)
	}
	r, err := Open(path, Expect{Fingerprint: 7})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for i, c := range chunks {
		got, ok, err := r.ReadChunk(i%wc, i/wc)
		if err != nil || !ok || !chunkEqual(c, got) {
			t.Fatalf("chunk %d: ok %v err %v", i, ok, err)
		}
	}
	return ratio
}

// TestStagesDefaultWorld: the stage table on the default world; our file is
// at most half the reference encoder's bytes.
func TestStagesDefaultWorld(t *testing.T) {
	if r := stagesOnGenerated(t, gen.DefaultOptions()); r > 0.5 {
		t.Fatalf("ratio %.3f > 0.5", r)
	}
}

// TestStagesLargestWorld is the same on a 7168×4096 generated world (takes
// minutes; SWB_BIG=1 runs it).
func TestStagesLargestWorld(t *testing.T) {
	if os.Getenv("SWB_BIG") == "" {
		t.Skip("SWB_BIG=1 runs the 7168×4096 stage table")
	}
	o := gen.DefaultOptions()
	o.Width, o.Height = 7168, 4096
	if r := stagesOnGenerated(t, o); r > 0.5 {
		t.Fatalf("ratio %.3f > 0.5", r)
	}
}
