package systems

import (
	"testing"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// prediction is one Predict call.
type prediction struct {
	x, y        int
	party       uint64
	nowMs, atMs int64
}

// predictingBackend is the live rules with a look-ahead that records
// what it is told.
type predictingBackend struct {
	LiveBackend
	ahead int64
	got   []prediction
}

func (b *predictingBackend) LookAheadMs() int64 { return b.ahead }

func (b *predictingBackend) Predict(m world.MapID, x, y int, party uint64, nowMs, atMs int64) {
	b.got = append(b.got, prediction{x: x, y: y, party: party, nowMs: nowMs, atMs: atMs})
}

// TestLookAheadPredictsTheChunksAPathEnters: a mobile walking east across
// a chunk border is predicted, once, on the first cell past it, for its
// party, at the game time of the step that gets there; nothing is
// predicted past the horizon or without a look-ahead.
func TestLookAheadPredictsTheChunksAPathEnters(t *testing.T) {
	m, td := gridWorld(t)
	for _, ahead := range []int64{0, 250, 1000} {
		b := &predictingBackend{ahead: ahead}
		s, err := NewSim(m, td, Options{Backend: b})
		if err != nil {
			t.Fatal(err)
		}
		steps := make([]movement.Dir, 10)
		for i := range steps {
			steps[i] = movement.East
		}
		id, err := s.SpawnMobile(MobileSpec{X: 10, Y: 5, Tags: c.Tags{Player: true}, Speed: 100, Order: Order{Steps: steps}})
		if err != nil {
			t.Fatal(err)
		}
		var ms MobileState
		for tick := 0; ms.X != 11; tick++ { // up to the first step: to x = 11
			if tick == 100 {
				t.Fatal("no step in 100 ticks")
			}
			s.Step()
			if ms, err = s.Mobile(id); err != nil {
				t.Fatal(err)
			}
		}
		var want []prediction
		if ahead == 1000 { // x = 16 is the fifth step from 11, the first at NextMove
			want = []prediction{{x: 16, y: 5, party: id, nowMs: s.Now(), atMs: ms.NextMove + 400}}
		}
		if len(b.got) != len(want) || (len(want) == 1 && b.got[0] != want[0]) {
			t.Fatalf("look-ahead %d ms: predicted %+v, want %+v", ahead, b.got, want)
		}
		if st := s.Stats(); (ahead == 0) != (st.AheadSteps == 0) {
			t.Fatalf("look-ahead %d ms walked %d steps", ahead, st.AheadSteps)
		}
	}
}

// sourceOf is a chunk source holding one chunk for every cell.
type sourceOf struct{ ch *chunk.Chunk }

func (s sourceOf) ReadChunk(cx, cy int) (*chunk.Chunk, bool, error) { return s.ch, true, nil }

// TestCacheBackendLooksAheadUntilSourced: a step cache with prefetch looks
// ahead while a chunk may have to be built, and no longer once its map
// reads its chunks from a source (a .swb).
func TestCacheBackendLooksAheadUntilSourced(t *testing.T) {
	m, td := gridWorld(t)
	r := movement.NewRules(m, td, nil)
	cfg := stepcache.DefaultConfig()
	cfg.PrefetchMs = 1000
	cache, err := stepcache.New(cfg, bake.Shared, r)
	if err != nil {
		t.Fatal(err)
	}
	b := NewCacheBackend(cache, SearchCache)
	if got := b.LookAheadMs(); got != 1000 {
		t.Fatalf("cold: look-ahead %d ms, want 1000", got)
	}
	if err := cache.AttachSource(m.ID, sourceOf{bake.BuildChunk(r, 0, 0)}); err != nil {
		t.Fatal(err)
	}
	if got := b.LookAheadMs(); got != 0 {
		t.Fatalf("sourced: look-ahead %d ms, want 0", got)
	}
}
