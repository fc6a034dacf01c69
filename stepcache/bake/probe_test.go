package bake

import (
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
)

func TestProbeStrataOnBridgeAndFloors(t *testing.T) {
	r := steptest.HandWorld(t)
	r.StaticOnly = true
	p := prober{r: r}
	// bridge over water: swimmer at -5 below, walker on the deck at 13
	prim, strata := p.probeCell(21, 10)
	if prim.Z != 13 || len(strata) != 1 || strata[0].Z != -5 {
		t.Fatalf("bridge cell: primary Z %d, strata %+v; want 13 and one stratum at -5", prim.Z, strata)
	}
	if prim.Walk == 0 || strata[0].Wet == 0 {
		t.Errorf("bridge cell: deck walk %08b, water wet %08b: want both non-zero", prim.Walk, strata[0].Wet)
	}
	// two floors of the house
	prim, strata = p.probeCell(6, 6)
	if prim.Z != 0 || len(strata) != 1 || strata[0].Z != 20 {
		t.Fatalf("house cell: primary Z %d, strata %+v; want 0 and 20", prim.Z, strata)
	}
}

func TestProbeWindowBits(t *testing.T) {
	r := steptest.HandWorld(t)
	r.StaticOnly = true
	c := Probe(r, 60, 0, 0) // flat (land z 0 around), dry grass
	if want := chunk.InfoValidAbove1 | chunk.InfoValidAbove2; c.Info&want != want {
		t.Errorf("flat grass: window bits %04b, want at least the two above", c.Info&chunk.InfoWindow)
	}
	// every window bit must be backed by identical answers there
	for _, w := range windowOffsets {
		if c.Info&w.bit == 0 {
			continue
		}
		o := Probe(r, 60, 0, int(c.Z)+w.dz)
		if !sameAnswers(&o, &c) {
			t.Errorf("offset %+d marked valid but answers differ: %+v vs %+v", w.dz, o, c)
		}
	}
}

func TestProbeLiveOnlyBeyondInt8(t *testing.T) {
	r := steptest.HandWorld(t)
	r.StaticOnly = true
	ch := BuildChunk(r, 2, 2) // cells 32..47: the high platform
	live := 0
	for i := range ch.Cells {
		if ch.Cells[i].Info&chunk.InfoLiveOnly != 0 {
			live++
		}
	}
	for _, s := range ch.Strata {
		if s.Info&chunk.InfoLiveOnly != 0 {
			live++
		}
	}
	if live == 0 {
		t.Fatal("no record near a 130-high surface is marked InfoLiveOnly")
	}
}

func TestBuildChunkNonStaticRulesAreCloned(t *testing.T) {
	r := steptest.HandWorld(t) // not StaticOnly, has a multi at (50,20)
	a := BuildChunk(r, 3, 1)
	if r.StaticOnly {
		t.Fatal("BuildChunk changed the caller's rules")
	}
	s := r.Clone()
	s.StaticOnly = true
	if !a.Equal(BuildChunk(s, 3, 1)) {
		t.Fatal("BuildChunk with live rules baked the multi")
	}
}
