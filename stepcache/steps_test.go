package stepcache

import (
	"testing"

	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
)

// TestStepsHandle_NeverVisitsTheGate: the movement system's lookups
// (Cache.Steps) of a chunk neither resident nor in a source fall through
// as not built however often they come, track nothing at the gate and
// build nothing, even under threshold 1; they count in StepKinds, not in
// Kinds (the searches' hit ratio).
func TestStepsHandle_NeverVisitsTheGate(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{MissPromotionThreshold: 1}, r)
	for i := 0; i < 5; i++ {
		if k := c.Steps().Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.FallNotBuilt {
			t.Fatalf("step lookup %d of an unbuilt chunk: %v, want not_built", i, k)
		}
	}
	st := c.Stats()
	if st.Built != 0 || st.Resident != 0 || c.Tracked() != 0 || st.Gate.Admitted+st.Gate.NotAdmitted != 0 {
		t.Fatalf("step lookups reached the gate: %+v, tracked %d", st, c.Tracked())
	}
	if st.StepKinds[chunk.FallNotBuilt] != 5 || st.Lookups() != 0 {
		t.Fatalf("step lookups counted as %v (searches' kinds %v)", st.StepKinds, st.Kinds)
	}
	// A search's lookup there builds it (threshold 1); the step handle then hits.
	if k := c.Search(1, 0).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("search lookup under threshold 1: %v", k)
	}
	a := c.Search(1, 0).Lookup(r.Map.ID, gx, gy, 0, 0)
	b := c.Steps().Lookup(r.Map.ID, gx, gy, 0, 0)
	if a != b {
		t.Fatalf("step handle answers %+v, search handle %+v", b, a)
	}
	if st := c.Stats(); st.StepKinds[chunk.Hit] != 1 || st.Kinds[chunk.Hit] != 2 {
		t.Fatalf("hits: steps %d searches %d", st.StepKinds[chunk.Hit], st.Kinds[chunk.Hit])
	}
}

// TestStepsHandle_ReadsSources: a chunk in a source is loaded by a step
// lookup as by a search's.
func TestStepsHandle_ReadsSources(t *testing.T) {
	r := steptest.HandWorld(t)
	src := &source{chunks: map[[2]int]*chunk.Chunk{{3, 0}: bake.BuildChunk(r, 3, 0)}}
	c := newTestCache(t, Config{}, r)
	if err := c.AttachSource(r.Map.ID, src); err != nil {
		t.Fatal(err)
	}
	if k := c.Steps().Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("step lookup of a chunk in the source: %v", k)
	}
	if st := c.Stats(); st.Loaded != 1 || !c.Resident(r.Map.ID, 3, 0) {
		t.Fatalf("not loaded: %+v", st)
	}
}

// TestStepsHandle_HitDoesNotAllocate: a step lookup's hit allocates nothing.
func TestStepsHandle_HitDoesNotAllocate(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{MissPromotionThreshold: 1}, r)
	c.Search(1, 0).Lookup(r.Map.ID, gx, gy, 0, 0)
	steps := c.Steps()
	if n := testing.AllocsPerRun(100, func() { steps.Lookup(r.Map.ID, gx, gy, 0, 0) }); n != 0 {
		t.Fatalf("a step hit allocates %v times", n)
	}
}

// TestStepsHandle_WalkerVisitsTheGate: a steps handle given a party (the
// walker's) counts a miss of a chunk not built as that party's visit, as a
// search's lookup does: under threshold 2 one party's misses within the
// visit time are one visit and build nothing, another party's miss builds
// the chunk; the lookups still count in StepKinds.
func TestStepsHandle_WalkerVisitsTheGate(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{MissPromotionThreshold: 2}, r)
	walk := func(party uint64, nowMs int64) chunk.HitKind {
		s := c.Steps()
		s.Party, s.NowMs = party, nowMs
		return s.Lookup(r.Map.ID, gx, gy, 0, 0).Kind
	}
	for i := int64(0); i < 3; i++ {
		if k := walk(7, i*100); k != chunk.FallNotBuilt {
			t.Fatalf("walker 7's step %d: %v, want not_built", i, k)
		}
	}
	if st := c.Stats(); st.Built != 0 || c.Tracked() != 1 {
		t.Fatalf("one party's steps: built %d, tracked %d (want 0 and 1)", st.Built, c.Tracked())
	}
	if k := walk(8, 400); k != chunk.Hit {
		t.Fatalf("a second party's step: %v, want the chunk built (hit)", k)
	}
	if st := c.Stats(); st.Built != 1 || st.StepKinds[chunk.FallNotBuilt] != 3 || st.StepKinds[chunk.Hit] != 1 || st.Lookups() != 0 {
		t.Fatalf("after the second party: %+v", st)
	}
}
