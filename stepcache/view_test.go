package stepcache

import (
	"sync"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
)

// TestView_ReadsOnlyUntilMerge: a view's hits equal a Search's; until Merge
// the cache counts nothing, stamps nothing and builds nothing, and a chunk
// not resident falls through as not built even under threshold 1 or when
// the source holds it; Merge counts the outcomes and then reads the
// source's chunk and admits the gate's, as the Search would have.
func TestView_ReadsOnlyUntilMerge(t *testing.T) {
	r := steptest.HandWorld(t)
	src := &source{chunks: map[[2]int]*chunk.Chunk{{1, 1}: bake.BuildChunk(r, 1, 1)}}
	c := newTestCache(t, Config{MissPromotionThreshold: 1}, r)
	if err := c.AttachSource(r.Map.ID, src); err != nil {
		t.Fatal(err)
	}
	if err := c.Install(r.Map.ID, 3, 0, bake.BuildChunk(r, 3, 0)); err != nil {
		t.Fatal(err)
	}
	want := c.Search(1, 0).Lookup(r.Map.ID, gx, gy, 0, 0)
	before := c.Stats()
	v := c.NewView()
	c.Ready()
	if got := v.Search(1, 0).Lookup(r.Map.ID, gx, gy, 0, 0); got != want || got.Kind != chunk.Hit {
		t.Fatalf("view %+v, search %+v", got, want)
	}
	for _, at := range [][2]int{{2, 2}, {20, 20}} { // chunk (0,0): gate; (1,1): the source's
		if k := v.Search(1, 0).Lookup(r.Map.ID, at[0], at[1], 0, 0).Kind; k != chunk.FallNotBuilt {
			t.Fatalf("view lookup at %v: %v, want not_built", at, k)
		}
	}
	if st := c.Stats(); st.Lookups() != before.Lookups() || st.Resident != 1 || st.Loaded != 0 || c.Tracked() != 0 {
		t.Fatalf("before Merge the cache changed: %+v", st)
	}
	c.Merge(v)
	st := c.Stats()
	if st.Lookups() != before.Lookups()+3 || st.Kinds[chunk.Hit] != before.Kinds[chunk.Hit]+1 || st.Kinds[chunk.FallNotBuilt] != 2 {
		t.Fatalf("after Merge kinds %v (before %v)", st.Kinds, before.Kinds)
	}
	if st.Loaded != 1 || st.Built != 1 || !c.Resident(r.Map.ID, 0, 0) || !c.Resident(r.Map.ID, 1, 1) {
		t.Fatalf("after Merge: %+v, (0,0) resident %v, (1,1) %v", st, c.Resident(r.Map.ID, 0, 0), c.Resident(r.Map.ID, 1, 1))
	}
	c.Merge(v) // empty now: nothing more
	if st2 := c.Stats(); st2.Lookups() != st.Lookups() || st2.Built != st.Built {
		t.Fatalf("a second Merge changed %+v into %+v", st, st2)
	}
}

// TestView_ConcurrentLookups: goroutines look up through their own views
// at once (run with -race), each answer equal to the owner's Search, and
// the merged counts add up.
func TestView_ConcurrentLookups(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{}, r)
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	for cy := 0; cy < high; cy++ {
		for cx := 0; cx < wide; cx++ {
			if cx != 2 { // leave a column of chunks unbuilt
				if err := c.Install(r.Map.ID, cx, cy, bake.BuildChunk(r, cx, cy)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	caps := []movement.Caps{0, movement.Player, movement.CanSwim | movement.CantWalk, movement.CanSwim}
	want := map[[4]int]chunk.StepMask{}
	for y := 0; y < r.Map.Height; y++ {
		for x := 0; x < r.Map.Width; x++ {
			for ci, cp := range caps {
				want[[4]int{x, y, ci}] = c.Search(0, 0).Lookup(r.Map.ID, x, y, 0, cp)
			}
		}
	}
	before := c.Stats().Lookups()
	const workers = 4
	views := make([]*View, workers)
	var wg sync.WaitGroup
	c.Ready()
	for w := range views {
		views[w] = c.NewView()
		wg.Add(1)
		go func(v *View) {
			defer wg.Done()
			for y := 0; y < r.Map.Height; y++ {
				for x := 0; x < r.Map.Width; x++ {
					for ci, cp := range caps {
						got := v.Search(uint64(w), 0).Lookup(r.Map.ID, x, y, 0, cp)
						if w := want[[4]int{x, y, ci}]; got != w {
							t.Errorf("(%d,%d) caps %v: view %+v, search %+v", x, y, cp, got, w)
							return
						}
					}
				}
			}
		}(views[w])
	}
	wg.Wait()
	for _, v := range views {
		c.Merge(v)
	}
	if got := c.Stats().Lookups() - before; got != uint64(workers*len(want)) {
		t.Fatalf("merged %d lookups, want %d", got, workers*len(want))
	}
}

// sharedSource is a source safe for concurrent reads (a SharedChunkSource).
type sharedSource struct {
	mu sync.Mutex
	source
	per map[[2]int]int // reads of each chunk
}

func (s *sharedSource) ReadChunk(cx, cy int) (*chunk.Chunk, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.per == nil {
		s.per = map[[2]int]int{}
	}
	s.per[[2]int{cx, cy}]++
	return s.source.ReadChunk(cx, cy)
}

func (*sharedSource) SharedReads() {}

// TestView_ReadsSharedSource: with a SharedChunkSource the views of
// several goroutines at once read the chunks it holds themselves (hits
// equal to a Search's, each chunk read once per view), nothing changes in
// the cache until Merge, and Merge installs each chunk once and counts it
// loaded; a chunk the source does not hold still falls through and goes to
// the gate at Merge.
func TestView_ReadsSharedSource(t *testing.T) {
	r := steptest.HandWorld(t)
	wide, high := chunk.Grid(r.Map.Width, r.Map.Height)
	src := &sharedSource{source: source{chunks: map[[2]int]*chunk.Chunk{}}}
	for cy := 0; cy < high; cy++ {
		for cx := 0; cx < wide; cx++ {
			if cx != 2 { // a column the source does not hold
				src.chunks[[2]int{cx, cy}] = bake.BuildChunk(r, cx, cy)
			}
		}
	}
	want := map[[2]int]chunk.StepMask{}
	ref := newTestCache(t, Config{}, r)
	if err := ref.AttachSource(r.Map.ID, &source{chunks: src.chunks}); err != nil {
		t.Fatal(err)
	}
	for y := 0; y < r.Map.Height; y++ {
		for x := 0; x < r.Map.Width; x++ {
			want[[2]int{x, y}] = ref.Search(0, 0).Lookup(r.Map.ID, x, y, 0, 0)
		}
	}
	c := newTestCache(t, Config{MissPromotionThreshold: 1}, r)
	if err := c.AttachSource(r.Map.ID, src); err != nil {
		t.Fatal(err)
	}
	views := make([]*View, 3)
	var wg sync.WaitGroup
	c.Ready()
	for w := range views {
		views[w] = c.NewView()
		wg.Add(1)
		go func(v *View) {
			defer wg.Done()
			for y := 0; y < r.Map.Height; y++ {
				for x := 0; x < r.Map.Width; x++ {
					got := v.Search(1, 0).Lookup(r.Map.ID, x, y, 0, 0)
					w := want[[2]int{x, y}]
					if x/chunk.Size == 2 && w.Kind == chunk.Hit {
						w = chunk.StepMask{Kind: chunk.FallNotBuilt}
					}
					if got != w {
						t.Errorf("(%d,%d): view %+v, want %+v", x, y, got, w)
						return
					}
				}
			}
		}(views[w])
	}
	wg.Wait()
	held, unheld := 0, 0 // chunks the views reached (a chunk all of multis is never read)
	for k, n := range src.per {
		if n > len(views) {
			t.Fatalf("chunk %v read %d times by %d views", k, n, len(views))
		}
		if k[0] == 2 {
			unheld++
		} else {
			held++
		}
	}
	if st := c.Stats(); st.Resident != 0 || st.Loaded != 0 || c.Tracked() != 0 {
		t.Fatalf("before Merge the cache changed: %+v", st)
	}
	for _, v := range views {
		c.Merge(v)
	}
	st := c.Stats()
	if st.Loaded != uint64(held) || st.Built != uint64(unheld) || st.Resident != held+unheld || held < wide*high/2 {
		t.Fatalf("after Merge: loaded %d (want %d) built %d (want %d) resident %d", st.Loaded, held, st.Built, unheld, st.Resident)
	}
}

// TestSearchTouch: Touch reads a resident cell's record (its walk mask),
// gives 0 off the map and for a chunk not resident, and changes nothing:
// no count, no build, no residency, even under threshold 1.
func TestSearchTouch(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{MissPromotionThreshold: 1}, r)
	ch := bake.BuildChunk(r, 3, 0)
	if err := c.Install(r.Map.ID, 3, 0, ch); err != nil {
		t.Fatal(err)
	}
	before := c.Stats()
	s, nonzero := c.Steps(), 0
	for i := range ch.Cells {
		x, y := 3*chunk.Size+i%chunk.Size, i/chunk.Size
		if got, want := s.Touch(r.Map.ID, x, y), uintptr(ch.Cells[i].Walk); got != want {
			t.Fatalf("Touch(%d,%d) = %d, want the record's walk mask %d", x, y, got, want)
		}
		if ch.Cells[i].Walk != 0 {
			nonzero++
		}
	}
	if nonzero == 0 {
		t.Fatal("every walk mask of chunk (3,0) is 0: the test cannot tell a read from none")
	}
	for _, at := range [][2]int{{2, 2}, {-1, 0}, {0, -1}, {r.Map.Width, 0}, {0, r.Map.Height}} {
		if got := s.Touch(r.Map.ID, at[0], at[1]); got != 0 {
			t.Fatalf("Touch%v = %d, want 0 (off the map or not resident)", at, got)
		}
	}
	if st := c.Stats(); st.Lookups() != before.Lookups() || st.StepKinds != before.StepKinds || st.Resident != 1 || st.Built != before.Built || c.Tracked() != 0 {
		t.Fatalf("Touch changed the cache: %+v (before %+v)", st, before)
	}
}
