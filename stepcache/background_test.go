package stepcache

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
	"github.com/shardcore/shardcore/world"
)

// collectOne waits (at most 10 s, polling) until Collect installs a chunk.
func collectOne(t *testing.T, c *Cache) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for c.Collect() == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no background build was delivered in 10 s (pending %d)", c.BuildsPending())
		}
		time.Sleep(time.Millisecond)
	}
}

// TestBackgroundBuild_InstalledByCollect: with BuildWorkers a promotion
// asks the workers once and the chunk keeps falling through as not built
// until Collect installs it; then it is the chunk BuildChunk bakes.
func TestBackgroundBuild_InstalledByCollect(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{MissPromotionThreshold: 1, BuildWorkers: 2, VerifyShare: 1}, r)
	defer c.Close()
	for i := 0; i < 5; i++ {
		if k := c.Search(0, 0).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.FallNotBuilt {
			t.Fatalf("lookup %d before Collect: %v, want not_built", i, k)
		}
	}
	if st := c.Stats(); st.BuildsQueued != 1 || st.BuildsPending != 1 || st.Built != 0 || st.Resident != 0 {
		t.Fatalf("after the promotion: %+v", st)
	}
	collectOne(t, c)
	if k := c.Search(0, 0).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("after Collect: %v, want hit", k)
	}
	st := c.Stats()
	if st.Built != 1 || st.BuildsPending != 0 || st.Resident != 1 || st.Mismatches != 0 {
		t.Fatalf("after Collect: %+v", st)
	}
	want := bake.BuildChunk(r, gx/chunk.Size, gy/chunk.Size)
	got := c.rs.res[c.maps[r.Map.ID].slots[(gy/chunk.Size)*c.maps[r.Map.ID].wide+gx/chunk.Size]].sh.ch
	if got.Hash() != want.Hash() || got.Cells != want.Cells {
		t.Fatal("the background build differs from BuildChunk")
	}
}

// TestBackgroundBuild_ClearDropsStaleResults: a build asked before Clear is
// not installed after it.
func TestBackgroundBuild_ClearDropsStaleResults(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{MissPromotionThreshold: 1, BuildWorkers: 1}, r)
	defer c.Close()
	c.Search(0, 0).Lookup(r.Map.ID, gx, gy, 0, 0)
	c.Clear()
	deadline := time.Now().Add(10 * time.Second)
	for c.BuildsPending() > 0 {
		if n := c.Collect(); n != 0 {
			t.Fatalf("Collect installed %d stale builds", n)
		}
		if time.Now().After(deadline) {
			t.Fatal("the stale build was never delivered")
		}
		time.Sleep(time.Millisecond)
	}
	if st := c.Stats(); st.Resident != 0 || st.Built != 0 {
		t.Fatalf("after Clear: %+v", st)
	}
	// a new promotion is asked again and installed
	c.Search(0, 0).Lookup(r.Map.ID, gx, gy, 0, 0)
	collectOne(t, c)
	if k := c.Search(0, 0).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("after the second promotion: %v", k)
	}
}

// TestBackgroundBuild_QueueFullDropsPromotion: past the queue's cap a
// promotion is counted as dropped and the chunk stays unbuilt, and the
// cache keeps answering.
func TestBackgroundBuild_QueueFullDropsPromotion(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{MissPromotionThreshold: 1, BuildWorkers: 1}, r)
	defer c.Close()
	c.bld.pending = make(map[ChunkKey]struct{}, buildQueueCap)
	for i := 0; i < buildQueueCap; i++ {
		c.bld.pending[ChunkKey{Map: 255, Index: uint32(i)}] = struct{}{} // a full queue
	}
	if k := c.Search(0, 0).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.FallNotBuilt {
		t.Fatalf("full queue: %v", k)
	}
	if st := c.Stats(); st.BuildsDropped != 1 || st.BuildsQueued != 0 {
		t.Fatalf("full queue: %+v", st)
	}
}

// TestClose_StopsWorkersAndBuildsInline: Close is idempotent, and after it
// promotions build inline again.
func TestClose_StopsWorkersAndBuildsInline(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{MissPromotionThreshold: 1, BuildWorkers: 2}, r)
	c.Search(0, 0).Lookup(r.Map.ID, 2, 2, 0, 0)
	c.Close()
	c.Close()
	if n := c.Collect(); n != 0 {
		t.Fatalf("Collect after Close installed %d", n)
	}
	if k := c.Search(0, 0).Lookup(r.Map.ID, gx, gy, 0, 0).Kind; k != chunk.Hit {
		t.Fatalf("after Close: %v, want an inline build", k)
	}
}

// TestBackgroundBuild_MissBeforePrefetch: a worker takes a miss's build
// before Prefetch's builds queued ahead of it.
func TestBackgroundBuild_MissBeforePrefetch(t *testing.T) {
	r := steptest.HandWorld(t)
	c := newTestCache(t, Config{MissPromotionThreshold: 1}, r)
	ms := c.maps[r.Map.ID]
	b := newBuilder()
	for ci := int32(0); ci < 3; ci++ {
		if !b.ask(ms, ci, 0, true) {
			t.Fatal("prefetch ask refused")
		}
	}
	if !b.ask(ms, 5, 0, false) {
		t.Fatal("miss ask refused")
	}
	b.wg.Add(1)
	go b.work(map[world.MapID]*movement.Rules{r.Map.ID: ms.rules.Clone()}, c.builds)
	defer func() { close(b.quit); b.wg.Wait() }()
	var order []int32
	for len(order) < 4 {
		select {
		case j := <-b.done:
			order = append(order, j.ci)
		case <-time.After(10 * time.Second):
			t.Fatalf("built %v in 10 s, want 4 chunks", order)
		}
	}
	if order[0] != 5 || order[1] != 0 || order[2] != 1 || order[3] != 2 {
		t.Fatalf("built in order %v, want [5 0 1 2]", order)
	}
}

// TestBackgroundBuildsYieldBetweenChunks: a worker with a full queue lets
// another goroutine run after each build rather than only when the runtime
// preempts it (10 ms): on one core, a goroutine woken by the first build
// runs before the third. A tick's stage waits on such a goroutine.
func TestBackgroundBuildsYieldBetweenChunks(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	const jobs = 200
	var built atomic.Int32
	first := make(chan struct{})
	builds := func(*movement.Rules) func(cx, cy int) *chunk.Chunk {
		return func(cx, cy int) *chunk.Chunk {
			if built.Add(1) == 1 {
				close(first)
			}
			for t0 := time.Now(); time.Since(t0) < 50*time.Microsecond; { // a build's work, on the CPU
			}
			return nil
		}
	}
	b := newBuilder()
	ms := &mapState{id: 0, wide: 1}
	for range jobs {
		b.jobs <- buildJob{ms: ms}
	}
	b.wg.Add(1)
	go b.work(map[world.MapID]*movement.Rules{0: nil}, builds)
	<-first
	if n := built.Load(); n > 2 {
		t.Errorf("the woken goroutine ran after %d of %d builds, want at most 2", n, jobs)
	}
	close(b.quit) // done holds every result (buildQueueCap), so the worker stops at its next select
	b.wg.Wait()
}
