package stepcache

import (
	"runtime"
	"sync"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// builder builds promoted chunks on background goroutines, so a promotion
// costs the owner goroutine a channel send instead of a chunk build. The
// static world (land, statics, tile data) is immutable while the shard
// runs, so workers read it freely; each has its own StaticOnly rules per
// map (rules keep scratch state) and keeps one build function per map
// across builds (the fast probe's Builder keeps its scratch and memo warm
// that way). Finished
// chunks wait in done until the owner collects them.
type builder struct {
	urgent  chan buildJob // misses' builds: a search is waiting on them now
	jobs    chan buildJob // Prefetch's builds
	done    chan buildJob
	quit    chan struct{}
	wg      sync.WaitGroup
	pending map[ChunkKey]struct{} // asked for, not yet collected (owner only)
}

// buildJob is one chunk to build and, once built, the result.
type buildJob struct {
	ms    *mapState
	ci    int32
	epoch uint64 // the cache's epoch when asked: Clear makes older results stale
	ch    *chunk.Chunk
	pre   bool // asked by Prefetch
}

// newBuilder returns a builder with its queues and no workers yet.
func newBuilder() *builder {
	return &builder{
		urgent:  make(chan buildJob, buildQueueCap),
		jobs:    make(chan buildJob, buildQueueCap),
		done:    make(chan buildJob, buildQueueCap),
		quit:    make(chan struct{}),
		pending: make(map[ChunkKey]struct{}, buildQueueCap),
	}
}

// startBuilder starts n workers over the cache's maps.
func (c *Cache) startBuilder(n int) {
	b := newBuilder()
	for w := 0; w < n; w++ {
		rules := map[world.MapID]*movement.Rules{}
		for _, ms := range c.maps {
			if ms != nil {
				rules[ms.id] = ms.rules.Clone()
			}
		}
		b.wg.Add(1)
		go b.work(rules, c.builds)
	}
	c.bld = b
}

// work builds jobs until quit, a miss's before any of Prefetch's, with
// one build function per map made by builds on its first job.
func (b *builder) work(rules map[world.MapID]*movement.Rules, builds Builders) {
	defer b.wg.Done()
	builders := map[world.MapID]func(cx, cy int) *chunk.Chunk{}
	for {
		var j buildJob
		select {
		case j = <-b.urgent:
		default:
			select {
			case <-b.quit:
				return
			case j = <-b.urgent:
			case j = <-b.jobs:
			}
		}
		build := builders[j.ms.id]
		if build == nil {
			build = builds(rules[j.ms.id])
			builders[j.ms.id] = build
		}
		j.ch = build(int(j.ci)%j.ms.wide, int(j.ci)/j.ms.wide)
		select {
		case b.done <- j:
		case <-b.quit:
			return
		}
		// Let the tick's goroutines in between builds: a worker with a full
		// queue would otherwise hold its core until the runtime preempts it
		// (10 ms), and a map's stage would wait for it.
		runtime.Gosched()
	}
}

// asked reports whether chunk k is waiting for a background build.
func (b *builder) asked(k ChunkKey) bool {
	_, ok := b.pending[k]
	return ok
}

// ask queues chunk ci of ms for a background build (pre: for Prefetch);
// false when the queue is full (the chunk stays unbuilt; a later visit asks
// again).
func (b *builder) ask(ms *mapState, ci int32, epoch uint64, pre bool) bool {
	if len(b.pending) >= buildQueueCap {
		return false
	}
	q := b.urgent
	if pre {
		q = b.jobs
	}
	select {
	case q <- buildJob{ms: ms, ci: ci, epoch: epoch, pre: pre}:
		b.pending[ms.key(ci)] = struct{}{}
		return true
	default:
		return false
	}
}

// Collect installs the chunks background workers have finished (none
// without BuildWorkers) and returns how many. Call it on the owner
// goroutine between lookups; the shard's cache upkeep does, after every
// tick, before Enforce.
func (c *Cache) Collect() int {
	b := c.bld
	if b == nil {
		return 0
	}
	n := 0
	for {
		select {
		case j := <-b.done:
			delete(b.pending, j.ms.key(j.ci))
			if j.epoch != c.epoch || j.ms.slots[j.ci] >= 0 {
				continue // cleared since it was asked for, or loaded meanwhile
			}
			c.st.Built++
			slot := c.install(j.ms, j.ci, j.ch)
			if j.pre {
				c.prefetched(slot)
			}
			n++
		default:
			return n
		}
	}
}

// BuildsPending is the number of chunks asked of the background workers and
// not yet collected.
func (c *Cache) BuildsPending() int {
	if c.bld == nil {
		return 0
	}
	return len(c.bld.pending)
}

// Close stops the background build workers (waiting for a build under way)
// and drops what they had not delivered. The cache stays usable: later
// promotions build inline. Close is idempotent; a cache without
// BuildWorkers needs none.
func (c *Cache) Close() {
	b := c.bld
	if b == nil {
		return
	}
	close(b.quit)
	b.wg.Wait()
	c.bld = nil
}
