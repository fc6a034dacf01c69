package stepcache

import (
	"errors"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// cell returns a cell of chunk (cx, cy).
func cell(cx, cy int) (int, int) { return cx*chunk.Size + 3, cy*chunk.Size + 5 }

// TestLate_CountsFallthroughsOnAChunkBuiltWithinTheWindow: lookups that
// fell through on a chunk later built within the admission window are
// late; those whose chunk is built after the window are not.
func TestLate_CountsFallthroughsOnAChunkBuiltWithinTheWindow(t *testing.T) {
	r := emptyMapRules(t, 256)
	c := newTestCache(t, Config{}, r)
	x, y := cell(2, 2)
	for i := range 3 { // three lookups of one visit fall through
		if k := c.Search(1, int64(i)).Lookup(r.Map.ID, x, y, 0, 0).Kind; k != chunk.FallNotBuilt {
			t.Fatalf("lookup %d: %v", i, k)
		}
	}
	if k := c.Search(2, 1000).Lookup(r.Map.ID, x, y, 0, 0).Kind; k != chunk.Hit { // a second party admits it
		t.Fatalf("second party: %v", k)
	}
	if st := c.Stats(); st.Late != 3 || st.Prefetched != 0 {
		t.Fatalf("late %d prefetched %d, want 3 and 0", st.Late, st.Prefetched)
	}
	// Another chunk: one fallthrough, then built only after the window.
	x, y = cell(5, 5)
	c.Search(1, 2000).Lookup(r.Map.ID, x, y, 0, 0)
	at := int64(2000 + DefaultMissPromotionWindowMs + 1)
	c.Search(2, at).Lookup(r.Map.ID, x, y, 0, 0) // a new window: one visit
	if k := c.Search(3, at+1).Lookup(r.Map.ID, x, y, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("third party: %v", k)
	}
	if st := c.Stats(); st.Late != 4 {
		t.Fatalf("late %d, want 4 (the lookup of the new window's first visit only)", st.Late)
	}
}

// TestLate_ViewLookupsCountEach: a view's lookups that fell through in a
// row on one chunk count each, at Merge.
func TestLate_ViewLookupsCountEach(t *testing.T) {
	r := emptyMapRules(t, 256)
	c := newTestCache(t, Config{MissPromotionThreshold: 1}, r)
	v := c.NewView()
	x, y := cell(1, 1)
	for range 4 {
		if k := v.Search(1, 0).Lookup(r.Map.ID, x, y, 0, 0).Kind; k != chunk.FallNotBuilt {
			t.Fatalf("view lookup: %v", k)
		}
	}
	c.Merge(v) // the miss admits and builds the chunk (threshold 1)
	if st := c.Stats(); st.Late != 4 || st.Resident != 1 {
		t.Fatalf("late %d resident %d, want 4 and 1", st.Late, st.Resident)
	}
}

// TestPredict_OnePartyPassingThroughIsNotBuilt: the gate still guards
// memory: one party predicted again and again in a chunk is one visit.
func TestPredict_OnePartyPassingThroughIsNotBuilt(t *testing.T) {
	r := emptyMapRules(t, 256)
	c := newTestCache(t, Config{PrefetchMs: 1000}, r)
	x, y := cell(3, 3)
	for ms := int64(0); ms < 5000; ms += 8 {
		c.Predict(r.Map.ID, x, y, 7, ms, ms+500)
		c.Prefetch()
	}
	if st := c.Stats(); st.Prefetched != 0 || st.Resident != 0 || c.Queued() != 0 {
		t.Fatalf("prefetched %d resident %d queued %d, want none", st.Prefetched, st.Resident, c.Queued())
	}
}

// TestPredict_TwoPartiesPrefetchBeforeTheLookup: a chunk two parties are
// predicted in is built by Prefetch before either looks it up, and their
// lookups hit: nothing is late.
func TestPredict_TwoPartiesPrefetchBeforeTheLookup(t *testing.T) {
	r := emptyMapRules(t, 256)
	c := newTestCache(t, Config{PrefetchMs: 1000}, r)
	x, y := cell(4, 1)
	c.Predict(r.Map.ID, x, y, 1, 0, 400)
	c.Predict(r.Map.ID, x+1, y, 2, 0, 300)
	if c.Queued() != 1 {
		t.Fatalf("queued %d, want 1", c.Queued())
	}
	if n := c.Prefetch(); n != 1 {
		t.Fatalf("prefetch started %d", n)
	}
	for _, party := range []uint64{1, 2} {
		if k := c.Search(party, 400).Lookup(r.Map.ID, x, y, 0, 0).Kind; k != chunk.Hit {
			t.Fatalf("party %d: %v", party, k)
		}
	}
	if st := c.Stats(); st.Prefetched != 1 || st.Late != 0 || st.Built != 1 || st.Unread != 0 {
		t.Fatalf("prefetched %d late %d built %d", st.Prefetched, st.Late, st.Built)
	}
	// Without prefetch the same predictions do nothing.
	off := newTestCache(t, Config{}, r)
	off.Predict(r.Map.ID, x, y, 1, 0, 400)
	off.Predict(r.Map.ID, x, y, 2, 0, 400)
	if off.Queued() != 0 || off.Prefetch() != 0 {
		t.Fatal("prefetch off: a prediction was queued")
	}
}

// TestPrefetch_BudgetAndUrgency: Prefetch starts at most its budget per
// call, the earliest predicted first.
func TestPrefetch_BudgetAndUrgency(t *testing.T) {
	r := emptyMapRules(t, 256)
	c := newTestCache(t, Config{PrefetchMs: 1000, PrefetchBudget: 2}, r)
	ats := []int64{900, 100, 500, 300, 700}
	for i, at := range ats {
		x, y := cell(i, 0)
		c.Predict(r.Map.ID, x, y, 1, 0, at)
		c.Predict(r.Map.ID, x, y, 2, 0, at)
	}
	if n := c.Prefetch(); n != 2 || c.Queued() != 3 {
		t.Fatalf("started %d, %d left, want 2 and 3", n, c.Queued())
	}
	for i, want := range []bool{false, true, false, true, false} { // at 100 and 300
		if got := c.Resident(r.Map.ID, i, 0); got != want {
			t.Fatalf("chunk %d (at %d) resident %v, want %v", i, ats[i], got, want)
		}
	}
	c.Clear()
	if c.Queued() != 0 || c.Prefetch() != 0 {
		t.Fatal("Clear left the queue")
	}
}

// TestPrefetch_UnusedCountsEvictedBeforeAnyLookup: a prefetched chunk
// evicted before a lookup read it is unused; one read is not.
func TestPrefetch_UnusedCountsEvictedBeforeAnyLookup(t *testing.T) {
	r := emptyMapRules(t, 256)
	c := newTestCache(t, Config{PrefetchMs: 1000, MaxResidentChunks: 1, MissPromotionThreshold: 1}, r)
	ax, ay := cell(1, 1)
	bx, by := cell(2, 2)
	c.Predict(r.Map.ID, ax, ay, 1, 0, 100) // threshold 1: admitted at once
	c.Prefetch()
	c.Search(1, 0).Lookup(r.Map.ID, bx, by, 0, 0) // built on its first miss
	if st := c.Stats(); st.Resident != 2 || st.Prefetched != 1 || st.Unread != 1 {
		t.Fatalf("resident %d prefetched %d unread %d", st.Resident, st.Prefetched, st.Unread)
	}
	if n := c.Enforce(); n != 0 { // both new since the last Enforce: pinned
		t.Fatalf("evicted %d pinned chunks", n)
	}
	c.Search(1, 10).Lookup(r.Map.ID, bx, by, 0, 0) // b used again, a not
	if n := c.Enforce(); n != 1 || !c.Resident(r.Map.ID, 2, 2) {
		t.Fatalf("evicted %d, b resident %v", n, c.Resident(r.Map.ID, 2, 2))
	}
	if st := c.Stats(); st.Unused != 1 || st.Unread != 0 {
		t.Fatalf("unused %d unread %d, want 1 and 0", st.Unused, st.Unread)
	}
}

// TestEnforce_PinsWhatWasUsedOrPredicted: with prefetch on, chunks used by
// a lookup or predicted since the previous Enforce are never evicted, even
// when that leaves the cache over its bound until a later Enforce; without
// prefetch the bound holds at once.
func TestEnforce_PinsWhatWasUsedOrPredicted(t *testing.T) {
	r := emptyMapRules(t, 256)
	for _, p := range []EvictionPolicy{EvictSampledLRU, EvictClock} {
		c := newTestCache(t, Config{PrefetchMs: 1000, MaxResidentChunks: 2, Eviction: p, Seed: 5}, r)
		if err := c.AttachSource(r.Map.ID, uniformSource{c.buildInline(c.maps[r.Map.ID], 0, 0)}); err != nil {
			t.Fatal(err)
		}
		look := func(cx int) { x, y := cell(cx, 0); c.Search(1, 0).Lookup(r.Map.ID, x, y, 0, 0) }
		for cx := range 5 {
			look(cx)
		}
		if n := c.Enforce(); n != 0 || c.Stats().Resident != 5 {
			t.Fatalf("%v: evicted %d of 5 chunks used this tick", p, n)
		}
		look(1)
		x, y := cell(3, 0)
		c.Predict(r.Map.ID, x, y, 1, 0, 100)
		if n := c.Enforce(); n != 3 || !c.Resident(r.Map.ID, 1, 0) || !c.Resident(r.Map.ID, 3, 0) {
			t.Fatalf("%v: evicted %d; used chunk resident %v, predicted chunk resident %v", p, n,
				c.Resident(r.Map.ID, 1, 0), c.Resident(r.Map.ID, 3, 0))
		}
		off := policyCache(t, p, 2, r)
		for cx := range 5 {
			x, y := cell(cx, 0)
			off.Search(1, 0).Lookup(r.Map.ID, x, y, 0, 0)
		}
		if off.Enforce(); off.Stats().Resident != 2 {
			t.Fatalf("%v: prefetch off kept %d chunks over a bound of 2", p, off.Stats().Resident)
		}
	}
}

// TestFailedRead_RememberedNotReadAgain: a record that fails to read is
// rebuilt once; after it is evicted the source is not asked for it again
// (its misses are the gate's), through the cache or a view, until a source
// is attached again.
func TestFailedRead_RememberedNotReadAgain(t *testing.T) {
	r := emptyMapRules(t, 256)
	src := &source{err: errors.New("checksum mismatch")}
	c := newTestCache(t, Config{MaxResidentChunks: 1}, r)
	if err := c.AttachSource(r.Map.ID, src); err != nil {
		t.Fatal(err)
	}
	x, y := cell(1, 1)
	if k := c.Search(1, 0).Lookup(r.Map.ID, x, y, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("first lookup: %v, want a live rebuild", k)
	}
	ox, oy := cell(2, 2)
	for tick := range 50 {
		now := int64(tick) * 8
		c.Search(1, now).Lookup(r.Map.ID, ox, oy, 0, 0) // fails too, rebuilt: evicts the other
		c.Enforce()
		c.Search(1, now).Lookup(r.Map.ID, x, y, 0, 0)
		v := c.NewView()
		v.Search(1, now).Lookup(r.Map.ID, x, y, 0, 0)
		c.Merge(v)
		c.Enforce()
	}
	if src.reads != 2 || c.Stats().Corrupt != 2 {
		t.Fatalf("source read %d times, %d corrupt, want 2 and 2 (once per chunk)", src.reads, c.Stats().Corrupt)
	}
	if err := c.AttachSource(r.Map.ID, src); err != nil {
		t.Fatal(err)
	}
	c.Clear()
	c.Search(1, 1000).Lookup(r.Map.ID, x, y, 0, 0)
	if src.reads != 3 {
		t.Fatalf("a source attached again: read %d times, want 3", src.reads)
	}
}

// TestPredictDwell_AdmitsOnTheFirstVisitAndWaitsForRoom: a chunk predicted
// to be dwelt in is queued on its one party's first visit (Predict waits
// for a second), and while the builders' queue has no room for Prefetch's
// share it stays queued, started once there is room; results built and
// not yet collected take no room.
func TestPredictDwell_AdmitsOnTheFirstVisitAndWaitsForRoom(t *testing.T) {
	r := emptyMapRules(t, 256)
	c := newTestCache(t, Config{PrefetchMs: 1000, BuildWorkers: 1}, r)
	defer c.Close()
	x, y := cell(6, 2)
	c.Predict(r.Map.ID, x, y, 1, 0, 400)
	if c.Queued() != 0 {
		t.Fatalf("one party's Predict queued %d", c.Queued())
	}
	x, y = cell(7, 2)
	c.PredictDwell(r.Map.ID, x, y, 1, 0, 400)
	if c.Queued() != 1 {
		t.Fatalf("PredictDwell queued %d, want 1", c.Queued())
	}
	// builders that take no job, their prefetch queue full
	c.Close()
	c.bld = newBuilder()
	for i := 0; i < prefetchQueueShare; i++ {
		c.bld.jobs <- buildJob{}
	}
	if n := c.Prefetch(); n != 0 || c.Queued() != 1 {
		t.Fatalf("no room: started %d, queued %d, want 0 and 1", n, c.Queued())
	}
	for len(c.bld.jobs) > 0 {
		<-c.bld.jobs
	}
	for i := 0; i < prefetchQueueShare; i++ {
		c.bld.pending[ChunkKey{Map: 255, Index: uint32(i)}] = struct{}{} // built, not collected
	}
	if n := c.Prefetch(); n != 1 || c.Queued() != 0 {
		t.Fatalf("room: started %d, queued %d, want 1 and 0", n, c.Queued())
	}
	if st := c.Stats(); st.BuildsQueued != 1 || st.BuildsDropped != 0 {
		t.Fatalf("builds queued %d dropped %d, want 1 and 0", st.BuildsQueued, st.BuildsDropped)
	}
	// Told again for sooner, a queued chunk is queued again for then; the
	// later entry is skipped once the chunk is asked for.
	x, y = cell(8, 2)
	c.PredictDwell(r.Map.ID, x, y, 2, 0, 900)
	c.PredictDwell(r.Map.ID, x, y, 3, 0, 100)
	if c.Queued() != 2 {
		t.Fatalf("queued %d, want 2 entries", c.Queued())
	}
	if n := c.Prefetch(); n != 1 || c.Queued() != 0 {
		t.Fatalf("started %d, queued %d, want 1 and 0", n, c.Queued())
	}
}

// TestPredictDwell_RetoldLaterQueuesNothing: a queued chunk told again
// for the same time or later (every mobile of a shared route tells it)
// adds no entry, so the queue holds about one entry per chunk; told for
// sooner it adds one, and the later entry is skipped without a second
// start.
func TestPredictDwell_RetoldLaterQueuesNothing(t *testing.T) {
	r := emptyMapRules(t, 256)
	c := newTestCache(t, Config{PrefetchMs: 1000, PrefetchBudget: 4}, r)
	x, y := cell(3, 1)
	for party := uint64(1); party <= 50; party++ {
		c.PredictDwell(r.Map.ID, x, y, party, 0, 300+int64(party))
	}
	if c.Queued() != 1 {
		t.Fatalf("told 50 times for later: %d entries, want 1", c.Queued())
	}
	c.PredictDwell(r.Map.ID, x, y, 51, 0, 100)
	if c.Queued() != 2 {
		t.Fatalf("told for sooner: %d entries, want 2", c.Queued())
	}
	if n := c.Prefetch(); n != 1 || c.Queued() != 0 || !c.Resident(r.Map.ID, 3, 1) {
		t.Fatalf("started %d, %d left, resident %v; want 1, 0, true", n, c.Queued(), c.Resident(r.Map.ID, 3, 1))
	}
	if st := c.Stats(); st.Prefetched != 1 {
		t.Fatalf("prefetched %d, want 1", st.Prefetched)
	}
}

// TestPrefetch_LooksAtBoundedEntries: entries whose chunks became
// resident meanwhile are skipped, at most prefetchPops of them a call, so
// a long run of them spreads over calls instead of stalling one tick.
func TestPrefetch_LooksAtBoundedEntries(t *testing.T) {
	r := emptyMapRules(t, 1024)
	c := newTestCache(t, Config{PrefetchMs: 1000, PrefetchBudget: 4}, r)
	n := 2*prefetchPops + 10
	wide := 1024 / 16
	for i := 0; i < n; i++ {
		x, y := cell(i%wide, i/wide)
		c.PredictDwell(r.Map.ID, x, y, 1, 0, 100)
	}
	ms := c.maps[r.Map.ID]
	for i := 0; i < n; i++ { // resident before Prefetch came to them
		c.install(ms, int32(i), c.buildInline(ms, i%wide, i/wide))
	}
	for call, want := range []int{n - prefetchPops, n - 2*prefetchPops, 0} {
		if got := c.Prefetch(); got != 0 || c.Queued() != want {
			t.Fatalf("call %d: started %d, %d entries left, want 0 and %d", call, got, c.Queued(), want)
		}
	}
}

// TestMiss_OnAQueuedChunkBuildsItNow: a chunk waiting in the prefetch
// queue was admitted when it was foretold, so the first lookup that misses
// it builds it (the same party's second lookup would not pass the gate),
// and the queue's entry is then skipped.
func TestMiss_OnAQueuedChunkBuildsItNow(t *testing.T) {
	r := emptyMapRules(t, 256)
	c := newTestCache(t, Config{PrefetchMs: 1000}, r)
	x, y := cell(3, 1)
	c.PredictDwell(r.Map.ID, x, y, 1, 0, 5000)
	if c.Queued() != 1 {
		t.Fatalf("queued %d, want 1", c.Queued())
	}
	c.Search(1, 10).Lookup(r.Map.ID, x, y, 0, 0)
	if !c.Resident(r.Map.ID, 3, 1) {
		t.Fatal("the queued chunk was not built on its first miss")
	}
	if n := c.Prefetch(); n != 0 || c.Queued() != 0 {
		t.Fatalf("Prefetch started %d, %d left, want 0 and 0", n, c.Queued())
	}
	// Not foretold: one party's miss is one visit, nothing built.
	x, y = cell(5, 1)
	c.Search(1, 10).Lookup(r.Map.ID, x, y, 0, 0)
	if c.Resident(r.Map.ID, 5, 1) {
		t.Fatal("a chunk missed once by one party was built")
	}
}
