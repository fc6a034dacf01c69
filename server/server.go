package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"shardcore/config"
	"shardcore/movement"
	"shardcore/pathing"
	"shardcore/population"
	"shardcore/stepcache"
	"shardcore/stepcache/swb"
	"shardcore/systems"
	"shardcore/world"
	"shardcore/world/source"
)

// Options are the run-time knobs that are not in server.toml.
type Options struct {
	// MaxTicks stops Run after this many ticks (0: run until ctx ends).
	MaxTicks uint64
	// Unpaced runs ticks back to back instead of at shard.tickMs (for
	// measuring tick durations).
	Unpaced bool
	// Clock is a monotonic clock (default: time since New). Tick durations,
	// budgets, the admission window and progress are measured with it.
	Clock func() time.Duration
	// Stdin, when not nil, is read line by line for admin commands.
	Stdin io.Reader
	// Out receives command replies and progress lines (nil: discarded).
	Out io.Writer
	// ProgressEvery prints a progress line this often by Clock (0: never).
	ProgressEvery time.Duration
	// SpawnLogEvery logs the population set-up's progress this often, by
	// the wall clock (0: every 2 s).
	SpawnLogEvery time.Duration
	// BakeWorkers is the number of background bake workers (0: GOMAXPROCS-1, at least 1).
	BakeWorkers int
	// FilesDir is where the default world's client files go (default
	// <cacheDir>/defaultworld-<seed>-<size>).
	FilesDir string
	// SWBFS is the file system background bakes write .swb files through
	// (nil: the real one); tests inject a full disk or a read-only directory.
	SWBFS swb.FS
}

// mapEntry is one loaded map: its world, live rules and .swb state.
type mapEntry struct {
	id      world.MapID
	w       *source.World
	rules   *movement.Rules
	swbPath string
	reader  *swb.Reader
	baking  bool
	watch   swbWatch // the attached file's health (swbwatch.go)
}

// Server is one shard: its world, step cache, simulation, recorder and
// tick loop. After New the calling goroutine owns it; while Run runs, the
// tick goroutine does, and other goroutines reach it through Command.
type Server struct {
	cfg   config.Config
	log   zerolog.Logger
	opts  Options
	clock func() time.Duration
	out   io.Writer

	maps  []*mapEntry
	main  *mapEntry // the simulated map (world.maps[0])
	cache *stepcache.Cache
	sim   *systems.Sim
	pop   *population.Population
	rec   *Recorder

	cmdCh  chan cmdReq
	bakeCh chan bakeResult
	bakeWG sync.WaitGroup

	bakeCtx    context.Context
	bakeCancel context.CancelFunc
	pending    []world.MapID // bakes asked for before Run

	running atomic.Bool
	done    chan struct{}
	readers sync.WaitGroup // readCommands while Run runs
	// mu is held by whoever runs on the shard's state: each tick, Run's
	// start and shutdown, and a Command executed off the loop. It makes a
	// Command that races with Run's start safe.
	mu sync.Mutex

	ticks    tickStats
	nextProg time.Duration
	summary  Summary
	closed   bool
	testHook func() // run inside each tick's measured span (tests)
}

// New configures a shard: validates cfg, loads every map of world.maps
// (client files from world.dataDir, or the generated default world written
// as client files under the cache dir), opens each map's .swb when present
// and valid (a refused file is logged once and, for maps in
// pathfinding.prebakeMaps, queued for a rebake when Run starts), builds the
// step cache and the simulation of the first map and spawns its population.
func New(cfg config.Config, log zerolog.Logger) (*Server, error) {
	return NewWithOptions(context.Background(), cfg, log, Options{})
}

// NewWithOptions is New with run-time options; ctx bounds world loading.
func NewWithOptions(ctx context.Context, cfg config.Config, log zerolog.Logger, opts Options) (*Server, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("server: config: %w", err)
	}
	s := &Server{cfg: cfg, log: log, opts: opts, out: opts.Out,
		cmdCh: make(chan cmdReq, 16), bakeCh: make(chan bakeResult, 8), done: make(chan struct{})}
	if s.out == nil {
		s.out = io.Discard
	}
	s.clock = opts.Clock
	if s.clock == nil {
		t0 := time.Now()
		s.clock = func() time.Duration { return time.Since(t0) }
	}
	s.bakeCtx, s.bakeCancel = context.WithCancel(context.Background())
	if err := s.loadWorlds(ctx); err != nil {
		s.bakeCancel()
		return nil, err
	}
	if err := s.buildCache(); err != nil {
		s.bakeCancel()
		return nil, err
	}
	for _, me := range s.maps {
		s.openSWB(me, true)
	}
	s.rec = NewRecorder(cfg.Pathfinding.Recorder.Path, cfg.Pathfinding.MaxNodes, s.main.w.Fingerprint, log)
	if cfg.Pathfinding.Recorder.Enable {
		if err := s.rec.Start(); err != nil {
			log.Error().Err(err).Msg("recorder: cannot start; recording stays off")
		}
	}
	if err := s.buildSim(ctx); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

// loadWorlds loads every configured map.
func (s *Server) loadWorlds(ctx context.Context) error {
	wc := s.cfg.World
	width, height, err := wc.Dimensions()
	if err != nil {
		return fmt.Errorf("server: %w", err)
	}
	for _, id := range wc.Maps {
		spec := source.Spec{DataDir: wc.DataDir, MapID: world.MapID(id), Seed: wc.Seed, Profile: wc.Profile}
		if wc.DataDir == "" {
			spec.FilesDir = s.opts.FilesDir
			if wc.Profile == config.ProfileBritannia { // each facet at its client size
				if spec.FilesDir == "" {
					spec.FilesDir = filepath.Join(s.cfg.Pathfinding.CacheDir, fmt.Sprintf("britannia-%d", wc.Seed))
				}
			} else {
				spec.Width, spec.Height = width, height
				if spec.FilesDir == "" {
					spec.FilesDir = filepath.Join(s.cfg.Pathfinding.CacheDir, fmt.Sprintf("defaultworld-%d-%s", wc.Seed, wc.Size))
				}
			}
		}
		t0 := time.Now()
		w, err := source.Load(ctx, spec)
		if err != nil {
			return fmt.Errorf("server: load map %d: %w", id, err)
		}
		where := wc.DataDir
		if where == "" {
			where = spec.FilesDir
		}
		s.log.Info().Int("map", id).Int("width", w.Map.Width).Int("height", w.Map.Height).
			Str("files", where).Str("fingerprint", fmt.Sprintf("%016x", w.Fingerprint)).
			Dur("took", time.Since(t0)).Msg("world loaded")
		s.maps = append(s.maps, &mapEntry{id: world.MapID(id), w: w, rules: movement.NewRules(w.Map, w.Tiles, nil),
			swbPath: filepath.Join(s.cfg.Pathfinding.CacheDir, fmt.Sprintf("map%d.swb", id))})
	}
	if len(s.maps) == 0 {
		return errors.New("server: no maps configured")
	}
	s.main = s.maps[0]
	return nil
}

// buildCache makes the step cache over every loaded map.
func (s *Server) buildCache() error {
	pf := s.cfg.Pathfinding
	cc := stepcache.Config{
		Enabled: pf.Enabled, MaxResidentChunks: pf.MaxResidentChunks,
		MissPromotionThreshold: pf.MissPromotionThreshold, MissPromotionWindowMs: int64(pf.MissPromotionWindowMs),
		MissVisitMs: int64(pf.MissVisitMs),
		VerifyShare: pf.VerifyShare, Seed: uint64(s.cfg.Shard.Population.Seed),
		BuildWorkers: s.buildWorkers(),
		OnMismatch: func(m stepcache.Mismatch) {
			s.log.Error().Str("mismatch", fmt.Sprintf("%+v", m)).Msg("step cache disagrees with the live rules")
		},
	}
	rules := make([]*movement.Rules, len(s.maps))
	for i, me := range s.maps {
		rules[i] = me.rules
	}
	c, err := stepcache.New(cc, rules...)
	if err != nil {
		return fmt.Errorf("server: step cache: %w", err)
	}
	s.cache = c
	return nil
}

// buildSim makes the simulation of the first map and spawns its population
// (generated worlds only: client data has no landmarks to place it on).
func (s *Server) buildSim(ctx context.Context) error {
	pf, sh := s.cfg.Pathfinding, s.cfg.Shard
	o := systems.Options{
		TickMs: sh.TickMs, TickBudget: pf.TickBudget(), Clock: s.clock, MaxNodes: pf.MaxNodes,
		Seed: uint64(sh.Population.Seed), Recorder: s.rec, Rules: s.main.rules,
	}
	// The cache bounds its resident set and reports its hit ratio even when
	// disabled (every lookup then falls through); searches use it only when
	// pathfinding.enabled, else classic A* over the live rules.
	o = systems.WithCache(o, s.cache)
	if !pf.Enabled {
		o.NewFinder = func(r *movement.Rules) pathing.Finder { return pathing.NewClassic(r) }
	}
	o = s.rec.Instrument(o) // records what each search saw of the dynamic world
	sim, err := systems.NewSim(s.main.w.Map, s.main.w.Tiles, o)
	if err != nil {
		return fmt.Errorf("server: %w", err)
	}
	s.sim = sim
	if s.main.w.Landmarks == nil {
		s.log.Warn().Msg("client-file world: no landmarks, so no default population is spawned")
		return nil
	}
	p := sh.Population
	po := population.Options{Pets: p.Pets, Patrols: p.Patrols, Swimmers: p.Swimmers, Seed: uint64(p.Seed)}
	po.Progress = s.spawnProgress(po.Mobiles())
	pop, err := population.Populate(ctx, sim, *s.main.w.Landmarks, po)
	if err != nil {
		return fmt.Errorf("server: %w", err)
	}
	s.pop = pop
	st := sim.Stats()
	s.log.Info().Int("mobiles", st.Mobiles).Int("items", st.Items).Int("pets", len(pop.Pets)).
		Int("patrols", len(pop.Patrols)).Int("swimmers", len(pop.Swimmers)).Msg("population spawned")
	return nil
}

// Sim returns the simulation (owned by the goroutine that owns the server).
func (s *Server) Sim() *systems.Sim { return s.sim }

// Cache returns the step cache (owned by the goroutine that owns the server).
func (s *Server) Cache() *stepcache.Cache { return s.cache }

// Recorder returns the search recorder.
func (s *Server) Recorder() *Recorder { return s.rec }

// Population returns what was spawned (nil for client-file worlds).
func (s *Server) Population() *population.Population { return s.pop }

// World returns the simulated map's world.
func (s *Server) World() *source.World { return s.main.w }
