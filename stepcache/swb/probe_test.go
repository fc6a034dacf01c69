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

// A stand-in baker for tests while stepcache.BuildChunk is being written:
// per cell, the walker's standing Z (land average), the raw Enter bits and
// arrival Zs under the walker and swimmer rules, and the validity window.
// Enough to measure the codec on terrain-shaped data; it has no strata.

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

func probeCell(r *movement.Rules, x, y int) stepcache.Cell {
	walker := movement.Mover{}
	swimmer := movement.Mover{Caps: movement.CanSwim | movement.CantWalk}
	_, avg, _ := r.Map.AverageZ(x, y)
	var c stepcache.Cell
	c.Z = int8(avg)
	probe := func(mv movement.Mover, z int) (bits uint8, zs [8]int8) {
		sz, st := r.StartZ(mv, x, y, z)
		for d := 0; d < 8; d++ {
			dx, dy := movement.Dir(d).Offset()
			if !r.Map.InBounds(x+dx, y+dy) {
				continue
			}
			if nz, ok := r.Enter(mv, x+dx, y+dy, sz, st, z); ok {
				bits |= 1 << d
				zs[d] = int8(nz)
			}
		}
		return bits, zs
	}
	c.Walk, c.WalkZ = probe(walker, avg)
	c.Wet, c.SwimZ = probe(swimmer, avg)
	for k, bit := range map[int]uint8{-2: stepcache.InfoValidBelow2, -1: stepcache.InfoValidBelow1, 1: stepcache.InfoValidAbove1, 2: stepcache.InfoValidAbove2} {
		w, wz := probe(walker, avg+k)
		s, sz := probe(swimmer, avg+k)
		if w == c.Walk && wz == c.WalkZ && s == c.Wet && sz == c.SwimZ {
			c.Info |= bit
		}
	}
	return c
}

// probeMap bakes every chunk of m row-major.
func probeMap(m *world.Map, td *world.TileData) (chunks []*stepcache.Chunk, wc, hc int) {
	r := movement.NewRules(m, td, nil)
	r.StaticOnly = true
	wc, hc = m.Width/stepcache.ChunkSize, m.Height/stepcache.ChunkSize
	for cy := 0; cy < hc; cy++ {
		for cx := 0; cx < wc; cx++ {
			c := new(stepcache.Chunk)
			for i := range c.Cells {
				c.Cells[i] = probeCell(r, cx*16+i%16, cy*16+i/16)
			}
			chunks = append(chunks, c)
		}
	}
	return chunks, wc, hc
}

// TestStagesProbedHills logs the stage table on probed hill terrain (until
// the real baker lands) and checks our file beats half the reference.
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
