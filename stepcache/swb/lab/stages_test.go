package lab

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb"
	"github.com/shardcore/shardcore/stepcache/swb/codec"
	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
	"github.com/shardcore/shardcore/world/gen"
)

// logStages logs the stage table and returns ours (the file row) over the
// reference; the file row must be the size swb.Write really produces, and
// that file must read back every chunk identical.
func logStages(t *testing.T, chunks []*chunk.Chunk, wide int) float64 {
	t.Helper()
	st, err := Stages(chunks, wide)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		t.Logf("%-72s %12d", s.Name, s.Bytes)
	}
	ours, ref := st[len(st)-2].Bytes, st[len(st)-1].Bytes
	path := filepath.Join(t.TempDir(), "m.swb")
	hdr := swb.Header{WidthChunks: wide, HeightChunks: len(chunks) / wide, BakeTime: time.Now()}
	ws, err := swb.Write(context.Background(), path, hdr, swb.SliceChunks(chunks, wide))
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() != ours || ws.FileBytes != ours {
		t.Fatalf("file row %d bytes; the file written is %v (stats %d): %v", ours, fi.Size(), ws.FileBytes, err)
	}
	r, err := swb.Open(path, swb.Expect{WidthChunks: hdr.WidthChunks, HeightChunks: hdr.HeightChunks})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for i, c := range chunks {
		got, ok, err := r.ReadChunk(i%wide, i/wide)
		if err != nil || ok != (c != nil) || (ok && !swbtest.ChunkEqual(c, got)) {
			t.Fatalf("chunk %d: ok %v err %v", i, ok, err)
		}
	}
	ratio := float64(ours) / float64(ref)
	t.Logf("ratio %.3f", ratio)
	return ratio
}

// TestStagesSynthetic logs the stage table on synthetic land.
func TestStagesSynthetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var chunks []*chunk.Chunk
	for i := range 200 {
		switch {
		case i%3 == 0:
			chunks = append(chunks, swbtest.UniformChunk(rng, 0))
		case i%7 == 0:
			chunks = append(chunks, swbtest.HillChunk(rng, true))
		default:
			chunks = append(chunks, swbtest.HillChunk(rng, false))
		}
	}
	logStages(t, chunks, 20)
}

// TestStagesProbedHills logs the stage table on baked hill terrain and
// checks our file stays under a third of the reference (format 5: 0.286).
func TestStagesProbedHills(t *testing.T) {
	m, td := swbtest.HillWorld(t, 512, 512, 1.3)
	chunks, wc, _ := swbtest.BakeAll(t, m, td)
	if r := logStages(t, chunks, wc); r > 1.0/3 {
		t.Fatalf("ratio %.3f > 1/3", r)
	}
}

// stagesOnGenerated bakes a generated world, logs its stage table and
// returns ours/reference.
func stagesOnGenerated(t *testing.T, opts gen.Options) float64 {
	w, err := gen.Generate(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	chunks, err := bake.BuildMap(context.Background(), movement.NewRules(w.Map, w.Tiles, nil), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("BuildMap %v", time.Since(t0).Round(time.Millisecond))
	uni, strata := 0, 0
	for _, c := range chunks {
		if codec.IsUniform(c) {
			uni++
		}
		if c.StrataStart != nil {
			strata++
		}
	}
	t.Logf("%d×%d: %d chunks, %d uniform, %d full, %d with strata", opts.Width, opts.Height, len(chunks), uni, len(chunks)-uni, strata)
	wc, _ := chunk.Grid(w.Map.Width, w.Map.Height)
	return logStages(t, chunks, wc)
}

// TestStagesDefaultWorld: the stage table on the default world; our file is
// at most a quarter of the reference encoder's bytes (format 5: 0.185).
func TestStagesDefaultWorld(t *testing.T) {
	if r := stagesOnGenerated(t, gen.DefaultOptions()); r > 0.25 {
		t.Fatalf("ratio %.3f > 0.25", r)
	}
}

// TestStagesBritannia: the stage table on a small Britannia map 0 (the
// hard chunks: forests, towns, shores, hills, strata); our file stays
// within the 0.35 of the reference that the full map must meet.
func TestStagesBritannia(t *testing.T) {
	chunks, wc := swbtest.BritanniaChunks(t, 896, 512)
	if r := logStages(t, chunks, wc); r > 0.35 {
		t.Fatalf("ratio %.3f > 0.35", r)
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
