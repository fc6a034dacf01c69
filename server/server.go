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

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/metrics"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/server/recorder"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/swb"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/source"
)

// Options are the run-time knobs that are not in server.toml.
type Options struct {
	// MaxTicks stops Run after this many ticks (0: run until ctx ends).
	MaxTicks uint64
	// Unpaced runs ticks back to back instead of at shard.tickMs (for
	// measuring tick durations).
	Unpaced bool
	// Clock is a monotonic clock (default: time since New). Tick durations,
	// budgets and progress are measured with it (game time, and the
	// admission window with it, counts ticks: RunHook). The
	// maps' goroutines call it at once: it must be safe for concurrent use.
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
	// RecorderFS is the file system the search recorder writes through
	// (nil: the real one); tests inject a full disk.
	RecorderFS recorder.FS
	// SaveWrite writes an encoded save to its path (nil:
	// savefile.WriteBytes: a synced temp file renamed over it); tests
	// inject a write that stalls half-way, to kill the process there.
	SaveWrite func(path string, b []byte) error
	// MaxSearchesPerTick, when positive, replaces each map's pathfinding
	// time budget with a deterministic one: at most this many searches a
	// tick, on the map's own goroutine. A run's outcome then does not
	// depend on the machine's speed or load (tests, examples, replays).
	MaxSearchesPerTick int
	// Timeline, when set, receives a CSV line per map per tick (a header
	// first): the tick, the map, the shard's tick and the map's part of it,
	// the map's simulation stage by stage in µs, and its steps, searches
	// and expansions. It is written on the tick goroutine after each tick:
	// give it a buffered writer.
	Timeline io.Writer
	// Transit, when set, carries mobiles to and from the maps of the shard
	// that other processes run, and keeps them in the saves (package
	// cluster's Node).
	Transit Transit
}

// Server is one shard: its maps (each with its world, step cache and
// simulation: maps.go), the recorder, the tick loop, the game clock and
// the saves. After New the calling goroutine owns it; while Run runs, the
// tick goroutine does (and Run's hook runs on it, between ticks), each
// map's cache and simulation belong to that map's goroutine during a tick
// (maps.go), and other goroutines reach the shard through Command and Do.
type Server struct {
	cfg   config.Config
	log   zerolog.Logger
	opts  Options
	clock func() time.Duration
	out   io.Writer

	maps []*mapEntry // in world.maps order
	main *mapEntry   // the first map: what Render draws and Sim/Cache/World name
	rec  *recorder.Recorder

	cmdCh chan cmdReq
	bakes bakeState
	loop  loopState
	// mu is held by whoever runs on the shard's state: each tick, Run's
	// start and shutdown, and a Command executed off the loop. It makes a
	// Command that races with Run's start safe.
	mu sync.Mutex

	ticks   tickStats
	summary Summary
	closed  bool
	saves   saver
	mon     monitor
	tl      timeline // Options.Timeline's state
}

// bakeState is the background bakes: their results on the way to the tick
// goroutine, their wait group and context, and the bakes asked for before
// Run.
type bakeState struct {
	ch      chan bakeResult
	wg      sync.WaitGroup
	ctx     context.Context
	cancel  context.CancelFunc
	pending []world.MapID
}

// loopState is the tick loop's: whether Run runs and whether the maps'
// goroutines do, Run's end, the stdin reader, the running tick's
// arguments and hand-over, the next progress line and a test hook.
type loopState struct {
	running  atomic.Bool
	on       bool // the maps' goroutines run (Run): map work goes through them
	done     chan struct{}
	readers  sync.WaitGroup     // readCommands while Run runs
	cur      tickArgs           // the running tick's (tick, job)
	job      func(me *mapEntry) // a map's part of the running tick
	jobsWG   sync.WaitGroup     // onMaps' wait for the maps' goroutines
	queue    mapQueue           // onMaps' maps, longest first
	nextProg time.Duration
	testHook func()      // run inside each tick's measured span (tests)
	stepping atomic.Bool // Step runs the shard (Close ends it)
	quit     bool        // the admin console's quit: Run ends after this tick
}

// monitor is the metrics: the series (nil: metrics.listen off) and the
// endpoint serving them and pprof until close.
type monitor struct {
	met      *metrics.Shard
	endpoint *metrics.Endpoint
}

// New configures a shard: validates cfg, checks that every map of
// world.maps can be loaded (CheckWorld), loads them (client files from
// world.dataDir, or a generated profile written as client files under the
// cache dir), shares the population and the resident-chunk budget among
// them, gives each its step cache and opens its .swb when present and valid
// (a refused file is logged once and, for maps in pathfinding.prebakeMaps,
// queued for a rebake when Run starts), and builds each map's simulation
// and spawns its population (the maps in parallel). With metrics.listen set
// it first listens there (an address in use is an error before anything is
// loaded) and serves the metrics and pprof until the shard closes.
func New(cfg config.Config, log zerolog.Logger) (*Server, error) {
	return NewWithOptions(context.Background(), cfg, log, Options{})
}

// NewWithOptions is New with run-time options; ctx bounds world loading and
// spawning.
func NewWithOptions(ctx context.Context, cfg config.Config, log zerolog.Logger, opts Options) (*Server, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("server: config: %w", err)
	}
	if err := CheckWorld(cfg); err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s := &Server{cfg: cfg, log: log, opts: opts, out: opts.Out,
		cmdCh: make(chan cmdReq, 16), bakes: bakeState{ch: make(chan bakeResult, 8)}, loop: loopState{done: make(chan struct{})}}
	if s.out == nil {
		s.out = io.Discard
	}
	s.clock = opts.Clock
	if s.clock == nil {
		t0 := time.Now()
		s.clock = func() time.Duration { return time.Since(t0) }
	}
	s.bakes.ctx, s.bakes.cancel = context.WithCancel(context.Background())
	if err := s.startMetrics(); err != nil {
		s.bakes.cancel()
		return nil, fmt.Errorf("server: %w", err)
	}
	if err := s.loadWorlds(ctx); err != nil {
		s.bakes.cancel()
		_ = s.stopMetrics() // the load's error is the one to report
		return nil, err
	}
	plans, err := s.planPopulation(ctx)
	if err != nil {
		s.bakes.cancel()
		_ = s.stopMetrics()
		return nil, err
	}
	if err := s.buildCaches(); err != nil {
		s.close()
		return nil, err
	}
	for _, me := range s.maps {
		s.openSWB(me, true)
	}
	rc := cfg.Pathfinding.Recorder
	s.rec = recorder.New(recorder.Options{Path: rc.Path, MaxBytes: rc.MaxBytes, Keep: rc.Keep,
		MaxNodes: cfg.Pathfinding.MaxNodes, Fingerprint: s.main.w.Fingerprint, Log: log, FS: opts.RecorderFS})
	if cfg.Pathfinding.Recorder.Enable {
		if err := s.rec.Start(); err != nil {
			log.Error().Err(err).Msg("recorder: cannot start; recording stays off")
		}
	}
	s.saves.path, s.saves.every = cfg.Shard.SaveFile, time.Duration(cfg.Shard.SaveEveryS)*time.Second
	restoreFrom := ""
	if s.saves.path != "" && saveExists(s.saves.path) {
		restoreFrom = s.saves.path
	}
	if err := s.buildSims(ctx, plans, restoreFrom); err != nil {
		s.close()
		return nil, err
	}
	s.bindMetrics()
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
			Float64("took_ms", ms(time.Since(t0))).Msg("world loaded")
		s.maps = append(s.maps, &mapEntry{id: world.MapID(id), w: w, rules: movement.NewRules(w.Map, w.Tiles, nil),
			swbPath: filepath.Join(s.cfg.Pathfinding.CacheDir, fmt.Sprintf("map%d.swb", id))})
	}
	if len(s.maps) == 0 {
		return errors.New("server: no maps configured")
	}
	s.main = s.maps[0]
	return nil
}

// Sim returns the first map's simulation (owned by the goroutine that owns
// the server; while Run runs, by the map's goroutine).
func (s *Server) Sim() *systems.Sim { return s.main.sim }

// Cache returns the first map's step cache (owned as Sim is).
func (s *Server) Cache() *stepcache.Cache { return s.main.cache }

// Recorder returns the search recorder.
func (s *Server) Recorder() *recorder.Recorder { return s.rec }

// Population returns what was spawned on the first map.
func (s *Server) Population() *population.Population { return s.main.pop }

// World returns the first map's world.
func (s *Server) World() *source.World { return s.main.w }

// MapIDs returns the simulated maps, in world.maps order.
func (s *Server) MapIDs() []world.MapID {
	out := make([]world.MapID, len(s.maps))
	for i, me := range s.maps {
		out[i] = me.id
	}
	return out
}

// Map returns map id's parts (owned as Sim is); ok is false for a map not
// in world.maps.
func (s *Server) Map(id world.MapID) (m MapParts, ok bool) {
	me := s.entry(id)
	if me == nil {
		return MapParts{}, false
	}
	return MapParts{World: me.w, Sim: me.sim, Cache: me.cache, Population: me.pop, Budget: me.budget}, true
}

// MapParts are one simulated map's parts.
type MapParts struct {
	World      *source.World
	Sim        *systems.Sim
	Cache      *stepcache.Cache
	Population *population.Population
	// Budget is the map's part of pathfinding.maxResidentChunks.
	Budget int
}
