package stepcache

import (
	"fmt"
	"math"
	"math/rand/v2"

	"shardcore/movement"
	"shardcore/world"
)

// ChunkSource supplies baked chunks (a .swb lazy reader). ok is false when it
// does not hold the chunk; err reports a record that cannot be trusted (a bad
// checksum), which the cache counts as corrupt and rebuilds live.
type ChunkSource interface {
	ReadChunk(cx, cy int) (c *Chunk, ok bool, err error)
}

// Cache is the resident step cache over one or more maps: lookups, the
// admission gate, sources, eviction, verify mode and stats.
//
// A Cache is owned by one goroutine (the tick goroutine): every method,
// Lookup included, must be called from it. Chunks it hands out are
// immutable and may be read anywhere.
type Cache struct {
	cfg  Config
	maps [256]*mapState

	res    []resident // dense resident set
	hand   int        // CLOCK hand into res
	seq    uint64     // use stamp: advanced by every hit and install
	intern interner
	rng    *rand.Rand

	tracker map[chunkKey]missState
	party   uint64 // SetParty: whose lookups these are
	bld     *builder
	epoch   uint64 // advanced by Clear: background builds asked before are dropped

	verifyAll    bool
	verifyThresh uint64
	mismatches   []Mismatch

	st    Stats
	bytes int // resident bytes, shared objects once

	canons canonInterner // canonical maps of resident slots (canon_cache.go)
}

// mapState is one map the cache serves.
type mapState struct {
	id         world.MapID
	m          *world.Map
	rules      *movement.Rules // StaticOnly: builds and verify
	wide, high int             // chunk grid
	slots      []int32         // per chunk (cy*wide+cx): index into res, -1 if not resident
	src        ChunkSource
	// nearMulti[ci] says where multis stand around chunk ci (= sector ci),
	// as of the map's multisVer: multiNone, multiOwn (in its own sector:
	// every cell is near one) or multiAround (only in a sector around it:
	// only its edge cells may be).
	nearMulti  []uint8
	multisVer  uint64
	canonVer   uint64 // multis version the slots' canonical maps were computed at
	canonEpoch uint64 // see CanonEpoch
}

// Values of mapState.nearMulti.
const (
	multiNone uint8 = iota
	multiOwn
	multiAround
)

// refreshMultis recomputes nearMulti after multis were added or removed.
func (ms *mapState) refreshMultis() {
	ms.multisVer = ms.m.MultisVersion()
	for ci := range ms.nearMulti {
		cx, cy := ci%ms.wide, ci/ms.wide
		near := multiNone
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if ms.m.HasMultis((cx+dx)*ChunkSize, (cy+dy)*ChunkSize) {
					near = multiAround
				}
			}
		}
		if ms.m.HasMultis(cx*ChunkSize, cy*ChunkSize) {
			near = multiOwn
		}
		ms.nearMulti[ci] = near
	}
}

// resident is one resident slot.
type resident struct {
	sh    *shared
	ms    *mapState
	ci    int32                     // chunk index in ms
	last  uint64                    // stamp of the last use
	clear uint64                    // stamp at which the CLOCK hand last cleared the mark
	canon [NumRuleSets]*canonShared // computed on first use, dropped when the slot or a neighbour changes
}

// chunkKey names a chunk across maps.
type chunkKey struct {
	m  world.MapID
	ci int32
}

// New returns a cache over the maps of the given rules (one Rules per map,
// keyed by its Map.ID; the cache keeps its own StaticOnly clones).
func New(cfg Config, maps ...*movement.Rules) (*Cache, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	c := &Cache{
		cfg:     cfg,
		intern:  newInterner(),
		rng:     rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x9E3779B97F4A7C15)),
		tracker: make(map[chunkKey]missState, TrackerCap+1),
	}
	switch {
	case cfg.VerifyShare >= 1:
		c.verifyAll = true
	case cfg.VerifyShare > 0:
		c.verifyThresh = uint64(cfg.VerifyShare * math.MaxUint64)
	}
	for _, r := range maps {
		if r == nil || r.Map == nil || r.Tiles == nil {
			return nil, fmt.Errorf("stepcache: new cache: rules without a map or tile data")
		}
		id := r.Map.ID
		if c.maps[id] != nil {
			return nil, fmt.Errorf("stepcache: new cache: map %d given twice", id)
		}
		sr := r.Clone()
		sr.StaticOnly = true
		sr.Dyn = nil
		wide, high := ChunksOf(r.Map.Width, r.Map.Height)
		ms := &mapState{id: id, m: r.Map, rules: sr, wide: wide, high: high, slots: make([]int32, wide*high),
			nearMulti: make([]uint8, wide*high)}
		ms.refreshMultis()
		for i := range ms.slots {
			ms.slots[i] = -1
		}
		c.maps[id] = ms
	}
	if cfg.BuildWorkers > 0 {
		c.startBuilder(cfg.BuildWorkers)
	}
	return c, nil
}

// Config returns the configuration in force (defaults filled).
func (c *Cache) Config() Config { return c.cfg }

// AttachSource makes src the source of map m's chunks (nil detaches). Chunks
// it holds bypass the admission gate.
func (c *Cache) AttachSource(m world.MapID, src ChunkSource) error {
	ms := c.maps[m]
	if ms == nil {
		return fmt.Errorf("stepcache: attach source: map %d is not served", m)
	}
	ms.src = src
	return nil
}

// Lookup answers a step query from (x, y) at z for a mover with caps on map
// m: a Hit with the allowed directions and arrival Zs (static world: the
// caller adds the dynamic pass), or the reason it falls through to the live
// rules. A hit does not allocate.
func (c *Cache) Lookup(m world.MapID, x, y, z int, caps movement.Caps) StepMask {
	s := c.lookup(m, x, y, z, caps)
	c.st.Kinds[s.Kind]++
	return s
}

func (c *Cache) lookup(m world.MapID, x, y, z int, caps movement.Caps) StepMask {
	if !c.cfg.Enabled {
		return StepMask{Kind: FallDisabled}
	}
	if caps&movement.CanFly != 0 {
		return StepMask{Kind: FallFlyer}
	}
	if caps&(movement.CantWalk|movement.CanSwim) == movement.CantWalk {
		return StepMask{Kind: FallCaps}
	}
	ms := c.maps[m]
	if ms == nil || x < 0 || y < 0 || x >= ms.m.Width || y >= ms.m.Height {
		return StepMask{Kind: FallOffMap}
	}
	ci := int32((y/ChunkSize)*ms.wide + x/ChunkSize)
	if ms.m.MultisVersion() != ms.multisVer {
		ms.refreshMultis()
	}
	if nm := ms.nearMulti[ci]; nm != multiNone {
		// Sectors are chunks: an inner cell's halo is in its own sector.
		ex, ey := x%ChunkSize, y%ChunkSize
		edge := ex == 0 || ey == 0 || ex == ChunkSize-1 || ey == ChunkSize-1
		if nm == multiOwn || (edge && ms.m.HasMultisNear(x, y)) {
			return StepMask{Kind: FallMulti}
		}
	}
	slot := ms.slots[ci]
	if slot < 0 {
		if slot = c.miss(ms, ci); slot < 0 {
			return StepMask{Kind: FallNotBuilt}
		}
	}
	e := &c.res[slot]
	c.seq++
	e.last = c.seq
	rec := e.sh.ch.Record((y%ChunkSize)*ChunkSize+x%ChunkSize, z)
	if rec == nil {
		return StepMask{Kind: FallZMismatch}
	}
	if caps&(movement.CanSwim|movement.CantWalk) == movement.CanSwim && rec.Info&InfoAmphibianInexact != 0 {
		return StepMask{Kind: FallAmphibian}
	}
	s := StepMask{Kind: Hit}
	// Zs are 0 where a rule set cannot enter, so the single-rule-set cases
	// equal Compose without its per-direction choice.
	switch caps & (movement.CanSwim | movement.CantWalk) {
	case 0:
		s.Mask, s.Z = ApplyDiagonalRule(rec.Walk, caps.AndRule()), rec.WalkZ
	case movement.CanSwim | movement.CantWalk:
		s.Mask, s.Z = ApplyDiagonalRule(rec.Wet, caps.AndRule()), rec.SwimZ
	default:
		s.Mask, s.Z = Compose(rec, caps)
	}
	if c.verifyAll || (c.verifyThresh != 0 && c.rng.Uint64() < c.verifyThresh) {
		c.verify(ms, x, y, z, caps, &s)
	}
	return s
}

// miss resolves a chunk that is not resident: from the source, else through
// the admission gate (built here, or asked of the background workers). It
// returns the new slot, or -1 when deferred or building.
func (c *Cache) miss(ms *mapState, ci int32) int32 {
	cx, cy := int(ci)%ms.wide, int(ci)/ms.wide
	if ms.src != nil {
		ch, ok, err := ms.src.ReadChunk(cx, cy)
		switch {
		case err != nil || (ok && (ch == nil || !ch.valid())):
			c.st.Corrupt++
			c.st.Built++
			return c.install(ms, ci, BuildChunk(ms.rules, cx, cy))
		case ok:
			c.st.Loaded++
			return c.install(ms, ci, ch)
		}
	}
	k := chunkKey{ms.id, ci}
	if c.bld != nil {
		if _, asked := c.bld.pending[k]; asked {
			return -1
		}
	}
	if !c.admit(k) {
		return -1
	}
	if c.bld != nil {
		if c.bld.ask(ms, ci, c.epoch) {
			c.st.BuildsQueued++
		} else {
			c.st.BuildsDropped++
		}
		return -1
	}
	c.st.Built++
	return c.install(ms, ci, BuildChunk(ms.rules, cx, cy))
}

// Install makes ch resident as chunk (cx, cy) of map m, replacing what was
// there; an identical resident chunk is shared instead of ch. ch must not be
// changed afterwards.
func (c *Cache) Install(m world.MapID, cx, cy int, ch *Chunk) error {
	ms := c.maps[m]
	if ms == nil {
		return fmt.Errorf("stepcache: install: map %d is not served", m)
	}
	if cx < 0 || cy < 0 || cx >= ms.wide || cy >= ms.high {
		return fmt.Errorf("stepcache: install: chunk (%d,%d) is off map %d's %dx%d chunks", cx, cy, m, ms.wide, ms.high)
	}
	if ch == nil || !ch.valid() {
		return fmt.Errorf("stepcache: install: chunk (%d,%d) of map %d is nil or its strata offsets are broken", cx, cy, m)
	}
	c.install(ms, int32(cy*ms.wide+cx), ch)
	return nil
}

func (c *Cache) install(ms *mapState, ci int32, ch *Chunk) int32 {
	if old := ms.slots[ci]; old >= 0 {
		c.remove(int(old))
	}
	sh := c.intern.intern(ch, ch.Hash())
	if sh.refs == 1 {
		c.bytes += sh.ch.Bytes()
	}
	c.seq++
	slot := int32(len(c.res))
	// Unmarked for CLOCK: the use that caused the install (stamped c.seq+1
	// by Lookup) does not count; a later use marks it.
	c.res = append(c.res, resident{sh: sh, ms: ms, ci: ci, last: c.seq, clear: c.seq + 1})
	ms.slots[ci] = slot
	delete(c.tracker, chunkKey{ms.id, ci})
	c.dropCanonAround(ms, ci)
	return slot
}

// remove drops resident slot i (swap with the last).
func (c *Cache) remove(i int) {
	c.dropCanonAround(c.res[i].ms, c.res[i].ci)
	e := c.res[i]
	e.ms.slots[e.ci] = -1
	if c.intern.release(e.sh) {
		c.bytes -= e.sh.ch.Bytes()
	}
	last := len(c.res) - 1
	if i != last {
		c.res[i] = c.res[last]
		c.res[i].ms.slots[c.res[i].ci] = int32(i)
	}
	c.res[last] = resident{}
	c.res = c.res[:last]
}

// Resident reports whether chunk (cx, cy) of map m is resident.
func (c *Cache) Resident(m world.MapID, cx, cy int) bool {
	ms := c.maps[m]
	if ms == nil || cx < 0 || cy < 0 || cx >= ms.wide || cy >= ms.high {
		return false
	}
	return ms.slots[cy*ms.wide+cx] >= 0
}

// Clear drops every resident chunk and the admission state, and makes
// background builds under way stale; sources, stats and recorded mismatches
// stay.
func (c *Cache) Clear() {
	c.epoch++
	for _, e := range c.res {
		e.ms.slots[e.ci] = -1
	}
	clear(c.res)
	c.res = c.res[:0]
	c.hand = 0
	c.intern = newInterner()
	c.bytes = 0
	c.canons.reset()
	for _, ms := range c.maps {
		if ms != nil {
			ms.canonEpoch++
		}
	}
	clear(c.tracker)
}

var _ [ChunkSize - world.SectorSize]struct{} // chunks must be sectors (nearMulti)
var _ [world.SectorSize - ChunkSize]struct{}
