package stepcache

import (
	"errors"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
	"github.com/shardcore/shardcore/world"
)

// clock is a fake millisecond game clock and the party searching.
type clock struct {
	ms    int64
	party uint64
}

func newTestCache(t testing.TB, cfg Config, r *movement.Rules) *Cache {
	t.Helper()
	cfg.Enabled = true
	c, err := New(cfg, bake.Shared, r)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// a dry grass cell of the hand-made world, in chunk (3, 0)
const gx, gy = 60, 2

func TestFirstTouchOnUnbuiltChunk_DefersBuildAndReturnsFallthrough(t *testing.T) {
	r := steptest.HandWorld(t)
	ck := &clock{}
	c := newTestCache(t, Config{}, r)
	if k := c.Search(ck.party, ck.ms).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.FallNotBuilt {
		t.Fatalf("first touch: %v, want not_built", k)
	}
	if st := c.Stats(); st.Built != 0 || st.Resident != 0 || c.Resident(r.Map.ID, gx/16, gy/16) {
		t.Fatalf("first touch built something: %+v", st)
	}
	// first touches of other chunks do not allocate
	i := 0
	allocs := testing.AllocsPerRun(10, func() {
		x := (i % 4) * 16
		y := 16 + (i/4)*16
		i++
		c.Search(ck.party, ck.ms).Lookup(r.Map.ID, x, y%48, 0, 0)
	})
	if allocs != 0 {
		t.Errorf("a first touch allocates %v times", allocs)
	}
}

func TestSecondTouchWithinWindow_PromotesAndBuilds(t *testing.T) {
	r := steptest.HandWorld(t)
	ck := &clock{}
	c := newTestCache(t, Config{VerifyShare: 1}, r)
	c.Search(ck.party, ck.ms).Lookup(r.Map.ID, gx, gy, 0, 0)
	ck.ms += 29_999
	s := c.Search(ck.party, ck.ms).Lookup(r.Map.ID, gx+1, gy, 0, 0)
	if s.Kind != chunk.Hit || s.Mask == 0 {
		t.Fatalf("second touch within window: %+v, want a hit", s)
	}
	if st := c.Stats(); st.Built != 1 || st.Resident != 1 || st.Mismatches != 0 || st.Verified != 1 {
		t.Fatalf("after promotion: %+v", st)
	}
}

func TestSecondTouchAfterWindow_RestartsCounterAndDefers(t *testing.T) {
	r := steptest.HandWorld(t)
	ck := &clock{}
	c := newTestCache(t, Config{}, r)
	c.Search(ck.party, ck.ms).Lookup(r.Map.ID, gx, gy, 0, 0)
	ck.ms += 30_001
	if k := c.Search(ck.party, ck.ms).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.FallNotBuilt {
		t.Fatalf("second touch after the window: %v, want not_built", k)
	}
	ck.ms += 10
	if k := c.Search(ck.party, ck.ms).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.FallNotBuilt {
		t.Fatalf("third touch 10 ms later (the same visit): %v, want not_built", k)
	}
	ck.ms += DefaultMissVisitMs
	if k := c.Search(ck.party, ck.ms).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("a touch a visit later (second visit of the new window): %v, want hit", k)
	}
}

// TestMissesWithinAVisit_CountOnce: the pet-follow case. Searches through
// a chunk again and again for less than MissVisitMs are one visit, so the
// chunk stays unbuilt; a miss MissVisitMs after the visit began is a second
// visit, which builds it.
func TestMissesWithinAVisit_CountOnce(t *testing.T) {
	r := steptest.HandWorld(t)
	ck := &clock{}
	c := newTestCache(t, Config{}, r)
	for ck.ms = 0; ck.ms < DefaultMissVisitMs; ck.ms += 250 {
		if k := c.Search(ck.party, ck.ms).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.FallNotBuilt {
			t.Fatalf("at %d ms of one visit: %v, want not_built", ck.ms, k)
		}
	}
	if st := c.Stats(); st.Built != 0 || st.Gate.NotAdmitted != uint64(DefaultMissVisitMs/250) {
		t.Fatalf("one visit: %+v", st)
	}
	ck.ms = DefaultMissVisitMs
	if k := c.Search(ck.party, ck.ms).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("%d ms after the visit began: %v, want hit", ck.ms, k)
	}
}

// TestSecondParty_IsASecondVisit: a chunk in use by several parties (a
// crowd in a street) is built at once: another party's miss is a new visit
// even a millisecond later.
func TestSecondParty_IsASecondVisit(t *testing.T) {
	r := steptest.HandWorld(t)
	ck := &clock{}
	c := newTestCache(t, Config{}, r)
	ck.party = 1
	c.Search(ck.party, ck.ms).Lookup(r.Map.ID, gx, gy, 0, 0)
	ck.ms++
	if k := c.Search(ck.party, ck.ms).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.FallNotBuilt {
		t.Fatalf("the same party 1 ms later: %v, want not_built", k)
	}
	ck.party = 2
	if k := c.Search(ck.party, ck.ms).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("a second party: %v, want hit", k)
	}
}

// TestMissVisitMs_Configurable: a shorter visit promotes sooner.
func TestMissVisitMs_Configurable(t *testing.T) {
	r := steptest.HandWorld(t)
	ck := &clock{}
	c := newTestCache(t, Config{MissVisitMs: 1}, r)
	c.Search(ck.party, ck.ms).Lookup(r.Map.ID, gx, gy, 0, 0)
	ck.ms++
	if k := c.Search(ck.party, ck.ms).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("missVisitMs 1, second miss 1 ms later: %v, want hit", k)
	}
}

func TestDistinctChunks_TrackedIndependently(t *testing.T) {
	r := steptest.HandWorld(t)
	ck := &clock{}
	c := newTestCache(t, Config{}, r)
	a := c.Search(ck.party, ck.ms).Lookup(r.Map.ID, 15, 2, 0, 0).Kind // chunk (0,0)
	b := c.Search(ck.party, ck.ms).Lookup(r.Map.ID, 16, 2, 0, 0).Kind // chunk (1,0)
	if a != chunk.FallNotBuilt || b != chunk.FallNotBuilt || c.Tracked() != 2 {
		t.Fatalf("one touch on each of two chunks: %v %v, tracked %d", a, b, c.Tracked())
	}
}

func TestThresholdOne_BuildsOnFirstTouch(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{MissPromotionThreshold: 1}, r)
	if k := c.Search(0, 0).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("eager: %v", k)
	}
}

func TestTrackerCap_PrunesExpiredFirstThenOldest(t *testing.T) {
	const trackerCap = 4096
	m, err := world.NewMap(world.Felucca, 16*80, 16*80) // 6400 chunks
	if err != nil {
		t.Fatal(err)
	}
	r := movement.NewRules(m, world.NewTileData(world.TileFormatNew), nil)
	ck := &clock{}
	c := newTestCache(t, Config{TrackerCap: trackerCap}, r)
	touch := func(i int) chunk.HitKind {
		return c.Search(ck.party, ck.ms).Lookup(m.ID, (i%80)*16, (i/80)*16, 0, 0).Kind
	}
	for i := 0; i < trackerCap; i++ {
		touch(i)
		ck.ms++
	}
	if c.Tracked() != trackerCap {
		t.Fatalf("tracked %d, want %d", c.Tracked(), trackerCap)
	}
	touch(trackerCap) // full, nothing expired: the oldest (chunk 0) goes
	if c.Tracked() != trackerCap {
		t.Fatalf("over the cap: tracked %d", c.Tracked())
	}
	if k := touch(0); k != chunk.FallNotBuilt {
		t.Fatalf("the oldest entry was not the one pruned: chunk 0 -> %v", k)
	}
	ck.ms += DefaultMissVisitMs // a second visit of chunk trackerCap-1
	if k := touch(trackerCap - 1); k != chunk.Hit {
		t.Fatalf("a recent entry was pruned: %v", k)
	}
	touch(trackerCap + 2) // back to the cap (the promoted entry left it)
	if c.Tracked() != trackerCap {
		t.Fatalf("refill: tracked %d", c.Tracked())
	}
	// let the first half expire; one new entry prunes all expired ones
	ck.ms = int64(trackerCap/2) + 30_001
	touch(trackerCap + 1)
	if got := c.Tracked(); got > trackerCap/2+8 {
		t.Fatalf("expired entries were not pruned first: tracked %d", got)
	}
}

// source is a ChunkSource over a map of prebuilt chunks.
type source struct {
	chunks map[[2]int]*chunk.Chunk
	err    error
	reads  int
}

func (s *source) ReadChunk(cx, cy int) (*chunk.Chunk, bool, error) {
	s.reads++
	if s.err != nil {
		return &chunk.Chunk{}, true, s.err
	}
	c, ok := s.chunks[[2]int{cx, cy}]
	return c, ok, nil
}

func TestSourceHit_BypassesMissTrackerOnFirstTouch(t *testing.T) {
	r := steptest.HandWorld(t)
	src := &source{chunks: map[[2]int]*chunk.Chunk{{3, 0}: bake.BuildChunk(r, 3, 0)}}
	c := newTestCache(t, Config{}, r)
	if err := c.AttachSource(r.Map.ID, src); err != nil {
		t.Fatal(err)
	}
	if k := c.Search(0, 0).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("first touch with a source: %v", k)
	}
	if st := c.Stats(); st.Loaded != 1 || st.Built != 0 || c.Tracked() != 0 {
		t.Fatalf("stats %+v tracked %d", st, c.Tracked())
	}
	// a chunk the source lacks goes through the gate
	if k := c.Search(0, 0).Lookup(r.Map.ID, 2, 2, 0, 0).Kind; k != chunk.FallNotBuilt {
		t.Fatalf("chunk missing from the source: %v", k)
	}
}

func TestSourceCorrupt_RebuiltLiveAndCounted(t *testing.T) {
	r := steptest.HandWorld(t)
	src := &source{err: errors.New("checksum mismatch")}
	c := newTestCache(t, Config{VerifyShare: 1}, r)
	if err := c.AttachSource(r.Map.ID, src); err != nil {
		t.Fatal(err)
	}
	s := c.Search(0, 0).Lookup(r.Map.ID, gx, gy, 0, 0)
	if s.Kind != chunk.Hit {
		t.Fatalf("corrupt record: %v, want a live rebuild and a hit", s.Kind)
	}
	st := c.Stats()
	if st.Corrupt != 1 || st.Built != 1 || st.Mismatches != 0 {
		t.Fatalf("stats %+v", st)
	}
	// a structurally broken chunk is corrupt too
	bad := bake.BuildChunk(r, 0, 0)
	bad.StrataStart[chunk.NumCells] += 3
	src.err, src.chunks = nil, map[[2]int]*chunk.Chunk{{0, 0}: bad}
	if k := c.Search(0, 0).Lookup(r.Map.ID, 1, 1, 0, 0).Kind; k != chunk.Hit || c.Stats().Corrupt != 2 {
		t.Fatalf("broken strata: %v, corrupt %d", k, c.Stats().Corrupt)
	}
}

func TestFallthroughKinds(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{MissPromotionThreshold: 1}, r)
	off, _ := New(Config{}, bake.Shared, r)
	cases := []struct {
		name    string
		c       *Cache
		m       world.MapID
		x, y, z int
		caps    movement.Caps
		want    chunk.HitKind
	}{
		{"disabled", off, r.Map.ID, gx, gy, 0, 0, chunk.FallDisabled},
		{"flyer", c, r.Map.ID, gx, gy, 0, movement.CanFly, chunk.FallFlyer},
		{"cantwalk", c, r.Map.ID, gx, gy, 0, movement.CantWalk, chunk.FallCaps},
		{"off map", c, r.Map.ID, -1, 0, 0, 0, chunk.FallOffMap},
		{"off map east", c, r.Map.ID, 64, 0, 0, 0, chunk.FallOffMap},
		{"unknown map", c, world.Trammel, gx, gy, 0, 0, chunk.FallOffMap},
		{"multi", c, r.Map.ID, 50, 20, 0, 0, chunk.FallMulti},
		{"z mismatch", c, r.Map.ID, gx, gy, 60, 0, chunk.FallZMismatch},
		{"hit", c, r.Map.ID, gx, gy, 0, 0, chunk.Hit},
	}
	for _, tc := range cases {
		if got := tc.c.Search(0, 0).Lookup(tc.m, tc.x, tc.y, tc.z, tc.caps).Kind; got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	st := c.Stats()
	for _, k := range []chunk.HitKind{chunk.FallFlyer, chunk.FallCaps, chunk.FallOffMap, chunk.FallMulti, chunk.FallZMismatch, chunk.Hit} {
		if st.Kinds[k] == 0 {
			t.Errorf("stats did not count %v", k)
		}
	}
	if off.Stats().Kinds[chunk.FallDisabled] != 1 {
		t.Error("stats did not count disabled")
	}
}

func TestAmphibianFallsThroughOnInexactRecord(t *testing.T) {
	r := steptest.DefaultRules(t)
	chunks := steptest.DefaultChunks(t, bake.BuildMap)
	wide, _ := chunk.Grid(r.Map.Width, r.Map.Height)
	for i, ch := range chunks {
		for j := range ch.Cells {
			if ch.Cells[j].Info&chunk.InfoAmphibianInexact == 0 {
				continue
			}
			x, y := (i%wide)*16+j%16, (i/wide)*16+j/16
			if r.Map.HasMultisNear(x, y) {
				continue
			}
			c := newTestCache(t, Config{MissPromotionThreshold: 1}, r)
			z := int(ch.Cells[j].Z)
			if k := c.Search(0, 0).Lookup(r.Map.ID, x, y, z, movement.CanSwim).Kind; k != chunk.FallAmphibian {
				t.Fatalf("(%d,%d,%d) amphibian: %v", x, y, z, k)
			}
			if k := c.Search(0, 0).Lookup(r.Map.ID, x, y, z, 0).Kind; k != chunk.Hit {
				t.Fatalf("(%d,%d,%d) walker: %v", x, y, z, k)
			}
			return
		}
	}
	t.Fatal("the default world has no amphibian-inexact record")
}

func TestLookupHitDoesNotAllocate(t *testing.T) {
	r := steptest.HandWorld(t)
	for _, share := range []float64{0, 1} {
		c := newTestCache(t, Config{MissPromotionThreshold: 1, VerifyShare: share}, r)
		c.Search(0, 0).Lookup(r.Map.ID, gx, gy, 0, 0)
		allocs := testing.AllocsPerRun(1000, func() {
			if c.Search(0, 0).Lookup(r.Map.ID, gx, gy, 0, movement.Player).Kind != chunk.Hit {
				t.Fatal("not a hit")
			}
		})
		if allocs != 0 {
			t.Errorf("verify share %v: a hit allocates %v times", share, allocs)
		}
	}
}

func TestVerifyModeReportsMismatch(t *testing.T) {
	r := steptest.HandWorld(t)
	var got []Mismatch
	c := newTestCache(t, Config{VerifyShare: 1, OnMismatch: func(m Mismatch) { got = append(got, m) }}, r)
	ch := bake.BuildChunk(r, 3, 0)
	ch.Cells[gy*16+gx%16].Walk &^= 1 << movement.East
	if err := c.Install(r.Map.ID, 3, 0, ch); err != nil {
		t.Fatal(err)
	}
	c.Search(0, 0).Lookup(r.Map.ID, gx, gy, 0, 0)
	if len(got) != 1 || len(c.Mismatches()) != 1 {
		t.Fatalf("mismatches: callback %v, kept %v", got, c.Mismatches())
	}
	m := got[0]
	if m.X != gx || m.Y != gy || m.Dir != movement.East || m.CacheOK || !m.LiveOK {
		t.Fatalf("mismatch %v", m)
	}
}

func TestVerifyShareSamples(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{MissPromotionThreshold: 1, VerifyShare: 0.25, Seed: 7}, r)
	for i := 0; i < 4000; i++ {
		c.Search(0, 0).Lookup(r.Map.ID, gx, gy, 0, 0)
	}
	if v := c.Stats().Verified; v < 800 || v > 1200 {
		t.Fatalf("share 0.25 of 4000 hits verified %d", v)
	}
}

func TestConfigRejectsBadValues(t *testing.T) {
	r := steptest.HandWorld(t)
	for _, cfg := range []Config{{VerifyShare: 1.5}, {VerifyShare: -0.1}, {MaxResidentChunks: -1}, {MissPromotionThreshold: -2}, {MissVisitMs: -1}, {BuildWorkers: -1}, {TrackerCap: -1}, {Eviction: 9}} {
		if _, err := New(cfg, bake.Shared, r); err == nil {
			t.Errorf("config %+v accepted", cfg)
		}
	}
	if _, err := New(Config{}, bake.Shared, r, r); err == nil {
		t.Error("the same map twice accepted")
	}
	if _, err := New(Config{}, nil, r); err == nil {
		t.Error("a cache without Builders accepted")
	}
}

func TestMultiAddedAtRunTimeFallsThrough(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{MissPromotionThreshold: 1}, r)
	if k := c.Search(0, 0).Lookup(r.Map.ID, 6, 30, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("before the multi: %v", k)
	}
	mu := world.NewMulti(&world.MultiDef{ID: 2, Components: []world.MultiComponent{{ItemID: steptest.Wall}}}, 6, 34, 0)
	if err := r.Map.AddMulti(mu); err != nil {
		t.Fatal(err)
	}
	if k := c.Search(0, 0).Lookup(r.Map.ID, 6, 40, 0, 0).Kind; k != chunk.FallMulti {
		t.Fatalf("with a multi in the sector: %v", k)
	}
	if k := c.Search(0, 0).Lookup(r.Map.ID, 6, 31, 0, 0).Kind; k != chunk.FallMulti {
		t.Fatalf("edge cell beside the multi's sector: %v", k)
	}
	if k := c.Search(0, 0).Lookup(r.Map.ID, 6, 30, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("inner cell of the sector beside: %v", k)
	}
	r.Map.RemoveMulti(mu)
	if k := c.Search(0, 0).Lookup(r.Map.ID, 6, 30, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("after removing it: %v", k)
	}
}

// TestTrackerCap_ScalesWithTheMap: by default the admission gate can track
// every chunk of the maps served, so a big map's visits are not forgotten
// for want of room (a fixed 4,096-entry tracker would thrash on 7168×4096).
func TestTrackerCap_ScalesWithTheMap(t *testing.T) {
	m, err := world.NewMap(world.Felucca, 16*80, 16*80) // 6400 chunks
	if err != nil {
		t.Fatal(err)
	}
	r := movement.NewRules(m, world.NewTileData(world.TileFormatNew), nil)
	c := newTestCache(t, Config{}, r)
	for i := 0; i < 6400; i++ {
		c.Search(1, int64(i)).Lookup(m.ID, (i%80)*16, (i/80)*16, 0, 0)
	}
	if st := c.Stats(); c.Tracked() != 6400 || st.Gate.Evicted != 0 {
		t.Fatalf("tracked %d, evicted %d: want all 6400 chunks tracked", c.Tracked(), st.Gate.Evicted)
	}
	if k := c.Search(2, 6400).Lookup(m.ID, 0, 0, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("the first chunk's second visit: %v, want a hit", k)
	}
}

// TestResidentListNeverGrows: the resident list is sized at New for all the
// cache may hold, so installing every chunk of the map (the bound above
// it) never reallocates it: no install pays a copy of the list.
func TestResidentListNeverGrows(t *testing.T) {
	r := steptest.DefaultRules(t)
	c := newTestCache(t, Config{MaxResidentChunks: 1 << 20}, r)
	ms := c.maps[r.Map.ID]
	before := cap(c.rs.res)
	if before != len(ms.slots) {
		t.Fatalf("resident list room %d, want the map's %d chunks", before, len(ms.slots))
	}
	b := bake.NewBuilder(r)
	for ci := range ms.slots {
		if err := c.Install(r.Map.ID, ci%ms.wide, ci/ms.wide, b.BuildChunk(ci%ms.wide, ci/ms.wide)); err != nil {
			t.Fatal(err)
		}
		if cap(c.rs.res) != before {
			t.Fatalf("install %d grew the resident list %d -> %d", ci, before, cap(c.rs.res))
		}
	}
	small := newTestCache(t, Config{MaxResidentChunks: 16}, r)
	if got, want := cap(small.rs.res), min(16+residentSlack, len(ms.slots)); got != want {
		t.Fatalf("bound 16: room %d, want %d", got, want)
	}
}
