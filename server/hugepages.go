package server

import (
	"context"
	"time"

	"github.com/shardcore/shardcore/internal/hugepages"
)

// hugePagesEvery is how often the shard marks its heap's new memory for
// huge pages while it runs.
const hugePagesEvery = time.Second

// collapseFrom is the heap size from which the shard collapses what is
// resident at start (2–4 ms of kernel time per MiB): a small shard's heap
// fits the TLB's reach anyway.
const collapseFrom = 256 << 20

// hugePages asks for 2 MiB pages under the heap when shard.hugePages is
// on: what the world, the cache and the population made resident is
// collapsed now when it is large (collapseFrom; logged with its cost), and
// new memory is marked every
// hugePagesEvery until the returned stop is called. A kernel that refuses
// is logged; the shard runs on either way.
func (s *Server) hugePages(ctx context.Context) (stop func()) {
	if !s.cfg.Shard.HugePages {
		return func() {}
	}
	if !hugepages.Supported() {
		s.log.Info().Msg("huge pages: not offered by this kernel (transparent_hugepage is never, or not Linux); the heap keeps 4 KiB pages")
		return func() {}
	}
	t0 := time.Now()
	advised, collapsed, err := hugepages.Advise(false)
	if err == nil && advised >= collapseFrom {
		advised, collapsed, err = hugepages.Advise(true)
	}
	ev := s.log.Info()
	if err != nil {
		ev = s.log.Warn().Err(err)
	}
	ev.Int64("advised_mib", advised>>20).Int64("collapsed_mib", collapsed>>20).Float64("took_ms", ms(time.Since(t0))).Msg("huge pages")
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		hugepages.Keep(ctx, hugePagesEvery)
	}()
	return func() {
		cancel()
		<-done
	}
}
