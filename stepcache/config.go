package stepcache

import (
	"fmt"

	"github.com/shardcore/shardcore/config"
)

// Defaults of Config: server.toml's (package config is their one home).
const (
	// DefaultMaxResidentChunks, 0, lets every chunk of the maps served stay
	// resident: the bound is the maps' own size.
	DefaultMaxResidentChunks      = config.DefaultMaxResidentChunks
	DefaultMissPromotionThreshold = config.DefaultMissPromotionThreshold
	DefaultMissPromotionWindowMs  = config.DefaultMissPromotionWindowMs
	// DefaultMissVisitMs is longer than a pet following a mounted owner
	// (4 tiles/s) keeps searching in one chunk it crosses: up to about 8 s
	// on the default world's pet route.
	DefaultMissVisitMs = config.DefaultMissVisitMs
	// buildQueueCap bounds the chunks waiting for a background build.
	buildQueueCap = 1024
	// evictSample is the sample size of sampled LRU.
	evictSample = 5
	// maxKeptMismatches bounds the mismatches Mismatches returns.
	maxKeptMismatches = 1024
	// DefaultPrefetchBudget is how many chunks Prefetch reads or builds on
	// its caller's goroutine per tick at most; builds it asks of the
	// background builders are bounded by their queue instead.
	DefaultPrefetchBudget = 64
)

// EvictionPolicy picks which resident chunk goes when over the cap.
type EvictionPolicy uint8

// Eviction policies. Both are O(1) per eviction (CLOCK amortized). On the
// patrol + wanderer trace of BenchmarkEvictionHitRatio sampled LRU keeps a
// higher hit ratio, so it is the default.
const (
	// EvictSampledLRU samples 5 resident chunks and evicts the least recently
	// used of them. The default.
	EvictSampledLRU EvictionPolicy = iota
	// EvictClock is second chance: a hand sweeps the resident chunks, clears
	// the mark of each one used since the hand last passed, and evicts the
	// first unmarked one.
	EvictClock
)

// String names the policy.
func (p EvictionPolicy) String() string {
	switch p {
	case EvictClock:
		return "clock"
	case EvictSampledLRU:
		return "sampled-lru"
	}
	return "unknown"
}

// Config tunes a Cache. Zero numeric fields take the defaults above.
type Config struct {
	// Enabled switches the cache on; when false every lookup falls through
	// (FallDisabled).
	Enabled bool
	// MaxResidentChunks is the bound Enforce restores (0: every chunk of
	// the maps served, so nothing is evicted).
	MaxResidentChunks int
	// MissPromotionThreshold is the number of visits within the window
	// that builds a chunk no source has (1 = build on the first miss); see
	// Gate for what a visit is.
	MissPromotionThreshold int
	// MissPromotionWindowMs is the admission window in milliseconds of game
	// time (each Search's NowMs).
	MissPromotionWindowMs int64
	// MissVisitMs is how long one party's misses of a chunk count as one
	// visit, from the first (see Search.Party).
	MissVisitMs int64
	// TrackerCap bounds the chunks the admission gate tracks (0: every
	// chunk of the maps served, so the tracker never forgets a visit for
	// want of room, at about 44 bytes per chunk tracked).
	TrackerCap int
	// BuildWorkers is the number of goroutines that build promoted chunks
	// in the background (0: a promoted chunk is built inside the lookup
	// that promoted it). With workers, a promoted chunk keeps falling
	// through as not built until Collect installs it; Close stops them.
	BuildWorkers int
	// VerifyShare (0..1) is the share of hits re-checked against the live
	// rules (static world); mismatches go to OnMismatch and Mismatches.
	VerifyShare float64
	// OnMismatch, when not nil, is called for every verify mismatch.
	OnMismatch func(Mismatch)
	// Eviction is the eviction policy (default EvictSampledLRU).
	Eviction EvictionPolicy
	// Seed seeds verify sampling and sampled LRU (deterministic per seed).
	Seed uint64
	// PrefetchMs, when positive, turns prefetch on with a look-ahead of
	// that many milliseconds of game time: Predict takes a look-ahead's
	// predictions, Prefetch starts the admitted ones, and Enforce never
	// evicts a chunk used or predicted since the previous Enforce (see
	// prefetch.go). 0: the cache only reacts.
	PrefetchMs int64
	// PrefetchBudget is how many chunks Prefetch reads or builds on its
	// caller's goroutine per call at most (0: DefaultPrefetchBudget).
	PrefetchBudget int
}

// DefaultConfig returns the enabled cache with the documented defaults.
func DefaultConfig() Config {
	return Config{
		Enabled:                true,
		MaxResidentChunks:      DefaultMaxResidentChunks,
		MissPromotionThreshold: DefaultMissPromotionThreshold,
		MissPromotionWindowMs:  DefaultMissPromotionWindowMs,
		MissVisitMs:            DefaultMissVisitMs,
	}
}

// withDefaults fills zero fields and checks ranges.
func (c Config) withDefaults() (Config, error) {
	if c.PrefetchMs < 0 || c.PrefetchBudget < 0 {
		return c, fmt.Errorf("stepcache: config: negative prefetchMs %d or prefetchBudget %d", c.PrefetchMs, c.PrefetchBudget)
	}
	if c.PrefetchBudget == 0 {
		c.PrefetchBudget = DefaultPrefetchBudget
	}
	if c.MaxResidentChunks < 0 || c.MissPromotionThreshold < 0 || c.MissPromotionWindowMs < 0 || c.MissVisitMs < 0 || c.BuildWorkers < 0 || c.TrackerCap < 0 {
		return c, fmt.Errorf("stepcache: config: negative maxResidentChunks %d, missPromotionThreshold %d, missPromotionWindowMs %d, missVisitMs %d, buildWorkers %d or trackerCap %d",
			c.MaxResidentChunks, c.MissPromotionThreshold, c.MissPromotionWindowMs, c.MissVisitMs, c.BuildWorkers, c.TrackerCap)
	}
	if !(c.VerifyShare >= 0 && c.VerifyShare <= 1) {
		return c, fmt.Errorf("stepcache: config: verifyShare %v is outside 0..1", c.VerifyShare)
	}
	if c.Eviction > EvictClock {
		return c, fmt.Errorf("stepcache: config: unknown eviction policy %d", c.Eviction)
	}
	if c.MissPromotionThreshold == 0 {
		c.MissPromotionThreshold = DefaultMissPromotionThreshold
	}
	if c.MissPromotionWindowMs == 0 {
		c.MissPromotionWindowMs = DefaultMissPromotionWindowMs
	}
	if c.MissVisitMs == 0 {
		c.MissVisitMs = DefaultMissVisitMs
	}
	return c, nil
}
