package stepcache

import (
	"fmt"
	"math/rand/v2"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// ChunkSource supplies baked chunks (a .swb lazy reader). ok is false when it
// does not hold the chunk; err reports a record that cannot be trusted (a bad
// checksum), which the cache counts as corrupt and rebuilds live.
type ChunkSource interface {
	ReadChunk(cx, cy int) (c *chunk.Chunk, ok bool, err error)
}

// Builders is how a cache has chunks built: Builders(r) returns a function
// that builds chunk (cx, cy) of the map r serves (r is the cache's own
// StaticOnly clone), for one goroutine at a time (it may keep scratch
// across calls). A chunk it returns is never changed afterwards, so the
// cache may share it. The cache asks for one per map on its own goroutine
// and one per map and background worker. bake.Shared, the fast probe, is
// the one the shard builds with.
type Builders func(r *movement.Rules) func(cx, cy int) *chunk.Chunk

// Cache is the resident step cache over one or more maps. It wires its
// parts together: the maps it serves (maps.go), the resident set with its
// interner (residency.go) and eviction (evict.go), the lookup path from a
// search's handle through a miss to the admission gate (lookup.go,
// gate.go), read-only views (view.go), the background builds
// (background.go), the canonical maps kept beside resident chunks
// (canon.go), verify mode (verify.go) and stats (stats.go).
//
// A Cache is owned by one goroutine (the tick goroutine): every method, and
// every Search's Lookup, must be called from it. Chunks it hands out are
// immutable and may be read anywhere.
type Cache struct {
	cfg    Config
	maps   [256]*mapState
	rs     residentSet
	gate   *Gate
	bld    *builder
	builds Builders
	// inline holds each map's build function for builds on the owner
	// goroutine.
	inline [256]func(cx, cy int) *chunk.Chunk
	epoch  uint64 // advanced by Clear: background builds asked before are dropped
	ver    verifyMode
	rng    *rand.Rand // verify sampling and sampled LRU
	st     Stats
	near   nearDyn // Unreachable's dynamics (owner goroutine)
	now    int64   // the latest game time a lookup or prediction gave (Stats.Late's clock)
	pq     preQueue
}

// New returns a cache over the maps of the given rules (one Rules per map,
// keyed by its Map.ID; the cache keeps its own StaticOnly clones) that
// builds the chunks it needs with builds.
func New(cfg Config, builds Builders, maps ...*movement.Rules) (*Cache, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if builds == nil {
		return nil, fmt.Errorf("stepcache: new cache: no Builders")
	}
	c := &Cache{
		cfg:    cfg,
		builds: builds,
		rs:     newResidentSet(),
		ver:    newVerifyMode(cfg.VerifyShare, cfg.OnMismatch),
		rng:    rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x9E3779B97F4A7C15)),
	}
	chunks := 0
	for _, r := range maps {
		if r == nil || r.Map == nil || r.Tiles == nil {
			return nil, fmt.Errorf("stepcache: new cache: rules without a map or tile data")
		}
		if c.maps[r.Map.ID] != nil {
			return nil, fmt.Errorf("stepcache: new cache: map %d given twice", r.Map.ID)
		}
		ms := newMapState(r)
		c.maps[ms.id] = ms
		chunks += len(ms.slots)
	}
	if cfg.MaxResidentChunks == 0 { // every chunk may stay: the maps' size bounds it
		cfg.MaxResidentChunks = max(chunks, 1)
		c.cfg.MaxResidentChunks = cfg.MaxResidentChunks
	}
	// The resident list has room for all it may hold from the start: grown
	// while the shard runs (by a quarter at a time past 32k entries), an
	// install would copy the list and fault in fresh memory inside one
	// tick's upkeep.
	c.rs.res = make([]resident, 0, min(cfg.MaxResidentChunks+residentSlack, chunks))
	capacity := cfg.TrackerCap
	if capacity == 0 {
		capacity = max(chunks, 1)
	}
	c.gate, err = NewGate(GateConfig{Threshold: cfg.MissPromotionThreshold, WindowMs: cfg.MissPromotionWindowMs,
		VisitMs: cfg.MissVisitMs, Cap: capacity})
	if err != nil {
		return nil, fmt.Errorf("stepcache: new cache: %w", err)
	}
	if cfg.BuildWorkers > 0 {
		c.startBuilder(cfg.BuildWorkers)
	}
	return c, nil
}

// Config returns the configuration in force (defaults filled).
func (c *Cache) Config() Config { return c.cfg }

// AttachSource makes src the source of map m's chunks (nil detaches). Chunks
// it holds bypass the admission gate. The map's static connectivity, the
// previous source's, is dropped (see SetReach).
func (c *Cache) AttachSource(m world.MapID, src ChunkSource) error {
	ms := c.maps[m]
	if ms == nil {
		return fmt.Errorf("stepcache: attach source: map %d is not served", m)
	}
	ms.src, ms.reach = src, nil
	for i := range ms.flags {
		ms.flags[i] &^= flagBad
	}
	return nil
}

// Sourced reports whether every map the cache serves has a chunk source
// attached (a .swb): its chunks are read on a miss, so nothing waits for
// a build.
func (c *Cache) Sourced() bool {
	n := 0
	for _, ms := range c.maps {
		if ms != nil {
			if ms.src == nil {
				return false
			}
			n++
		}
	}
	return n > 0
}

// Install makes ch resident as chunk (cx, cy) of map m, replacing what was
// there; an identical resident chunk is shared instead of ch. ch must not be
// changed afterwards.
func (c *Cache) Install(m world.MapID, cx, cy int, ch *chunk.Chunk) error {
	ms := c.maps[m]
	if ms == nil {
		return fmt.Errorf("stepcache: install: map %d is not served", m)
	}
	if cx < 0 || cy < 0 || cx >= ms.wide || cy >= ms.high {
		return fmt.Errorf("stepcache: install: chunk (%d,%d) is off map %d's %dx%d chunks", cx, cy, m, ms.wide, ms.high)
	}
	if ch == nil || !ch.Valid() {
		return fmt.Errorf("stepcache: install: chunk (%d,%d) of map %d is nil or its strata offsets are broken", cx, cy, m)
	}
	c.install(ms, int32(cy*ms.wide+cx), ch)
	return nil
}

// Resident reports whether chunk (cx, cy) of map m is resident.
func (c *Cache) Resident(m world.MapID, cx, cy int) bool {
	ms := c.maps[m]
	if ms == nil || cx < 0 || cy < 0 || cx >= ms.wide || cy >= ms.high {
		return false
	}
	return ms.slots[cy*ms.wide+cx] >= 0
}

// Tracked is the number of chunks the admission gate is counting visits of.
func (c *Cache) Tracked() int { return c.gate.Len() }

// Clear drops every resident chunk, the admission state and the prefetch
// queue, and makes background builds under way stale; sources, stats and
// recorded mismatches stay.
func (c *Cache) Clear() {
	c.epoch++
	c.rs.clear()
	c.dropQueue()
	for _, ms := range c.maps {
		if ms != nil {
			ms.canonEpoch++ // the canonical maps went with the resident set
		}
	}
	c.gate.Clear()
}
