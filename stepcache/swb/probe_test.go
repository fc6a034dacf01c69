package swb

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"shardcore/movement"
	"shardcore/stepcache"
	"shardcore/world"
)

// A hill world for codec tests: terrain-shaped chunks without the default
// world's landmarks.

const (
	landGrass = 3
	landWater = 0xA8
	landRock  = 0x220
)

// hillWorld is a w×h map: ocean, beaches, grass hills, impassable rock.
func hillWorld(tb testing.TB, w, h int, seed float64) (*world.Map, *world.TileData) {
	tb.Helper()
	td := world.NewTileData(world.TileFormatNew)
	td.Land[landWater].Flags = world.FlagWet | world.FlagImpassable
	td.Land[landRock].Flags = world.FlagImpassable
	b, err := world.NewBuilder(world.Felucca, w, h)
	if err != nil {
		tb.Fatal(err)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			fx, fy := float64(x), float64(y)
			e := math.Sin(fx/37+seed)*math.Cos(fy/29-seed) + 0.5*math.Sin((fx+fy)/13+2*seed)
			switch {
			case e < -0.3:
				b.SetLand(x, y, landWater, -5)
			case e > 1.1:
				b.SetLand(x, y, landRock, int8(40+10*e))
			default:
				b.SetLand(x, y, landGrass, int8(20*(e+0.3)))
			}
		}
	}
	m, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return m, td
}

// probeMap bakes every chunk of m row-major with stepcache.BuildMap.
func probeMap(m *world.Map, td *world.TileData) (chunks []*stepcache.Chunk, wc, hc int) {
	chunks, err := stepcache.BuildMap(context.Background(), movement.NewRules(m, td, nil), 0, nil)
	if err != nil {
		panic(err) // only on a nil map, which the callers never pass
	}
	wc, hc = stepcache.ChunksOf(m.Width, m.Height)
	return chunks, wc, hc
}

// TestStagesProbedHills logs the stage table on baked hill terrain and
// checks our file beats half the reference.
func TestStagesProbedHills(t *testing.T) {
	m, td := hillWorld(t, 512, 512, 1.3)
	chunks, _, _ := probeMap(m, td)
	st, err := Stages(chunks)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		t.Logf("%-72s %10d", s.Name, s.Bytes)
	}
	ours, ref := st[len(st)-2].Bytes, st[len(st)-1].Bytes
	t.Logf("ratio %.3f", float64(ours)/float64(ref))
	if 2*ours > ref {
		t.Fatalf("ours %d > half the reference %d", ours, ref)
	}
}

// TestProbeFileRoundTrip bakes the probed hills into a file (SWB_KEEP=path
// keeps a copy for `shard swb info`) and reads every chunk back identical.
func TestProbeFileRoundTrip(t *testing.T) {
	m, td := hillWorld(t, 512, 512, 2.1)
	chunks, wc, hc := probeMap(m, td)
	path := filepath.Join(t.TempDir(), "probe.swb")
	if keep := os.Getenv("SWB_KEEP"); keep != "" {
		path = keep
	}
	hdr := Header{MapID: 0, WidthChunks: wc, HeightChunks: hc, Fingerprint: 42, BakeTime: time.Now()}
	if _, err := Write(context.Background(), path, hdr, SliceChunks(chunks, wc)); err != nil {
		t.Fatal(err)
	}
	r, err := Open(path, Expect{MapID: 0, Fingerprint: 42})
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
}
