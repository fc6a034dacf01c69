package pathbench

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb"
	"github.com/shardcore/shardcore/world/gen"
)

// Env is a benchmark world: the live rules, every chunk baked, and the same
// chunks in a .swb file for the lazy modes.
type Env struct {
	World  *gen.World // nil for a world without landmarks (a Moving AI map)
	Live   *movement.Rules
	Chunks []*chunk.Chunk
	Wide   int
	// SWBPath is the file written for the lazy modes; SWBBytes its size.
	SWBPath  string
	SWBBytes int64
	readers  []*swb.Reader
}

// NewEnv bakes w (all cores) and writes its chunks as a .swb into dir.
func NewEnv(ctx context.Context, w *gen.World, dir string) (*Env, error) {
	e, err := NewEnvRules(ctx, movement.NewRules(w.Map, w.Tiles, nil), dir)
	if err != nil {
		return nil, err
	}
	e.World = w
	return e, nil
}

// NewEnvRules is NewEnv for the world of live (no landmarks).
func NewEnvRules(ctx context.Context, live *movement.Rules, dir string) (*Env, error) {
	m := live.Map
	chunks, err := bake.BuildMap(ctx, live, 0, nil)
	if err != nil {
		return nil, fmt.Errorf("pathbench: bake: %w", err)
	}
	wide, high := chunk.Grid(m.Width, m.Height)
	e := &Env{Live: live, Chunks: chunks, Wide: wide, SWBPath: filepath.Join(dir, fmt.Sprintf("map%d.swb", m.ID))}
	hdr := swb.Header{MapID: uint32(m.ID), WidthChunks: wide, HeightChunks: high, Fingerprint: benchFingerprint, BakeTime: time.Now()}
	st, err := swb.Write(ctx, e.SWBPath, hdr, swb.SliceChunks(chunks, wide))
	if err != nil {
		return nil, fmt.Errorf("pathbench: write swb: %w", err)
	}
	e.SWBBytes = st.FileBytes
	return e, nil
}

// benchFingerprint stamps the benchmark's own .swb (no client files behind it).
const benchFingerprint = 0xB3AC4

// Close closes the .swb readers the env opened.
func (e *Env) Close() error {
	var errs []error
	for _, r := range e.readers {
		errs = append(errs, r.Close())
	}
	e.readers = nil
	return errors.Join(errs...)
}

// Mode is the cache state a search runs in.
type Mode uint8

// Modes: Classic is the reference A* (no cache). Cold is an empty cache
// with the default admission gate, cleared before every search (first
// touch). WarmNoFile has every chunk resident. LazyFirst has a .swb reader
// attached and is cleared before every search (each search loads its chunks
// from the file). LazyWarm has the reader attached and keeps what it loaded.
const (
	Classic Mode = iota
	Cold
	WarmNoFile
	LazyFirst
	LazyWarm
	WarmJPS
	NumModes
)

// String names the mode.
func (m Mode) String() string {
	names := [...]string{"Classic", "Cold", "WarmNoFile", "LazyFirst", "LazyWarm", "WarmJPS"}
	if int(m) < len(names) {
		return names[m]
	}
	return "unknown"
}

// Searcher is a searcher set up for one mode. Prepare, when not nil, runs
// (untimed) before every timed Find.
type Searcher struct {
	Finder  pathing.Finder
	Prepare func()
	Cache   *stepcache.Cache // nil for Classic
}

// Searcher returns a searcher in mode m over its own rules clone.
func (e *Env) Searcher(m Mode) (*Searcher, error) {
	live := e.Live.Clone()
	if m == Classic {
		return &Searcher{Finder: pathing.NewClassic(live)}, nil
	}
	cfg := stepcache.DefaultConfig()
	cfg.MaxResidentChunks = max(cfg.MaxResidentChunks, len(e.Chunks))
	cache, err := stepcache.New(cfg, bake.Shared, live)
	if err != nil {
		return nil, fmt.Errorf("pathbench: %v cache: %w", m, err)
	}
	s := &Searcher{Finder: pathing.NewCached(cache, live), Cache: cache}
	switch m {
	case Cold:
		s.Prepare = cache.Clear
	case WarmNoFile, WarmJPS:
		for i, ch := range e.Chunks {
			if err := cache.Install(live.Map.ID, i%e.Wide, i/e.Wide, ch); err != nil {
				return nil, fmt.Errorf("pathbench: warm cache: %w", err)
			}
		}
		if m == WarmJPS {
			s.Finder = pathing.NewJPS(cache, live)
		}
	case LazyFirst, LazyWarm:
		wide, high := chunk.Grid(live.Map.Width, live.Map.Height)
		r, err := swb.Open(e.SWBPath, swb.Expect{MapID: uint32(live.Map.ID), Fingerprint: benchFingerprint, WidthChunks: wide, HeightChunks: high})
		if err != nil {
			return nil, fmt.Errorf("pathbench: %v: %w", m, err)
		}
		e.readers = append(e.readers, r)
		if err := cache.AttachSource(live.Map.ID, r); err != nil {
			return nil, fmt.Errorf("pathbench: %v: %w", m, err)
		}
		cache.Clear()
		if m == LazyFirst {
			s.Prepare = cache.Clear
		}
	default:
		return nil, fmt.Errorf("pathbench: unknown mode %d", m)
	}
	return s, nil
}
