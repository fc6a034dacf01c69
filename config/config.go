package config

import (
	"fmt"
	"time"
)

// Config is the whole of server.toml: one field per TOML table.
type Config struct {
	World       World       `toml:"world"`
	Pathfinding Pathfinding `toml:"pathfinding"`
	Shard       Shard       `toml:"shard"`
	Log         Log         `toml:"log"`
	Metrics     Metrics     `toml:"metrics"`
	Cluster     Cluster     `toml:"cluster"`
}

// World is the [world] table: which world the shard loads or generates.
type World struct {
	// DataDir is the directory holding UO client files; "" generates the
	// default world.
	DataDir string `toml:"dataDir"`
	// Maps lists the map ids the shard loads.
	Maps []int `toml:"maps"`
	// Seed seeds the default world generator.
	Seed int64 `toml:"seed"`
	// Size is the generated default world's "WIDTHxHEIGHT" in cells.
	Size string `toml:"size"`
	// Profile is the generated world when DataDir is "": "default" (one
	// map, Size) or "britannia" (maps 0..5 at the client's sizes).
	Profile string `toml:"profile"`
}

// Pathfinding is the [pathfinding] table: the step cache and the search.
type Pathfinding struct {
	// Enabled turns the bitmap step cache on; false sends every expansion
	// through the live movement rules.
	Enabled bool `toml:"enabled"`
	// MaxResidentChunks bounds the chunks held in memory after every tick,
	// shared among the maps; 0: each map's cache may hold all its chunks.
	MaxResidentChunks int `toml:"maxResidentChunks"`
	// MissPromotionThreshold is the visit count within the window that
	// builds a chunk not found in a .swb (a visit is one party's misses of
	// the chunk within MissVisitMs); 1 builds on the first miss.
	MissPromotionThreshold int `toml:"missPromotionThreshold"`
	// MissPromotionWindowMs is the window, in milliseconds of game time,
	// visits are counted in.
	MissPromotionWindowMs int `toml:"missPromotionWindowMs"`
	// MissVisitMs is how long, from the first, one party's misses of a
	// chunk count as one visit at the admission gate.
	MissVisitMs int `toml:"missVisitMs"`
	// Prefetch turns predictive residency on: after every tick each map
	// walks the paths its mobiles hold PrefetchTicks ticks ahead and has
	// the chunks they will enter read or built before their lookups (the
	// admission gate still decides which).
	Prefetch bool `toml:"prefetch"`
	// PrefetchTicks is the look-ahead, in ticks.
	PrefetchTicks int `toml:"prefetchTicks"`
	// PrebakeMaps lists map ids baked into .swb files in the background at
	// boot when their file is missing or stale.
	PrebakeMaps []int `toml:"prebakeMaps"`
	// CacheDir is the directory holding the .swb files.
	CacheDir string `toml:"cacheDir"`
	// TickBudgetMs is the time, in milliseconds, the pathfinding system may
	// spend per tick.
	TickBudgetMs float64 `toml:"tickBudgetMs"`
	// VerifyShare is the share of cache hits re-checked against the live
	// rules (0 = off, 1 = every hit).
	VerifyShare float64 `toml:"verifyShare"`
	// MaxNodes is the node budget of one search.
	MaxNodes int `toml:"maxNodes"`
	// NodesPerTile also bounds a search's node budget by its goal's
	// distance: NodesBase nodes plus NodesPerTile per tile (Chebyshev, past
	// the goal's range), at most MaxNodes. 0: MaxNodes alone.
	NodesPerTile int `toml:"nodesPerTile"`
	// NodesBase is that bound for a goal in range of the start.
	NodesBase int `toml:"nodesBase"`
	// MobileHorizon is how far (cells, Chebyshev) from its start a search
	// sees mobiles; beyond it a search plans as if no mobile stood there
	// (they move on; each step is checked when taken). Items are seen
	// everywhere. 0: every mobile is seen.
	MobileHorizon int `toml:"mobileHorizon"`
	// Search is the search the step cache serves: "jps" (the jump-point
	// search) or "cache" (the cache A*). Both find the same costs.
	Search string `toml:"search"`
	// Recorder is the [pathfinding.recorder] table.
	Recorder Recorder `toml:"recorder"`
}

// Recorder is the [pathfinding.recorder] table: JSON-lines capture of every
// search for `shard replay`.
type Recorder struct {
	// Enable turns recording on at boot.
	Enable bool `toml:"enable"`
	// Path is the JSON-lines file searches are appended to.
	Path string `toml:"path"`
	// MaxBytes is the size at which the file is rotated: it becomes
	// Path.1 (the older ones Path.2 ... up to Keep) and a new one starts.
	MaxBytes int64 `toml:"maxBytes"`
	// Keep is how many rotated files are kept; 0 deletes the file at
	// rotation.
	Keep int `toml:"keep"`
}

// Shard is the [shard] table: the tick loop and the population.
type Shard struct {
	// TickMs is the server tick period in milliseconds.
	TickMs int `toml:"tickMs"`
	// SleepRadius, when positive, puts NPCs (patrollers, wanderers) whose
	// sector has no player within this many sectors to sleep; 0: every
	// mobile is awake.
	SleepRadius int `toml:"sleepRadius"`
	// MoveWorkers is how many goroutines a map's AI thinks and its movement
	// system steps on: 2 thinks on two and steps its west and east lanes at
	// once, 1 one after the other (the same outcome), 0 (the default) one
	// per core, at most 2.
	MoveWorkers int `toml:"moveWorkers"`
	// HelperSpinUs is how long, in microseconds, a map's helper goroutines
	// (the parallel stages' second core) stay running after a stage for
	// the next one instead of ending: a helper started anew begins 50-200
	// µs into its stage on a 2-core VM. 0 (the default): they end with
	// their stage; staying shortens the median tick and not the slowest
	// (docs/performance.md, Helpers that stay running). The shard keeps
	// them ending with as many maps as cores, and while the step cache's
	// builders have work.
	HelperSpinUs int `toml:"helperSpinUs"`
	// HugePages asks the kernel (Linux) to back the shard's heap with 2 MiB
	// pages at start (and its new memory as it grows); see
	// docs/operations.md, Budgets. Default true; off, or where the kernel
	// gives none, the heap keeps 4 KiB pages.
	HugePages bool `toml:"hugePages"`
	// Idle is how a paced shard waits between ticks: IdleSleep (the
	// default) sleeps on a timer; IdleSpin spins on the clock with every
	// core the shard may use kept busy, so that on a virtual machine the
	// next tick does not start on a halted, cache-cold vCPU. Spinning
	// costs those cores in full; see docs/operations.md, Cores.
	Idle string `toml:"idle"`
	// SaveFile is where the shard saves its state (the admin console's
	// save and quit, and every SaveEveryS) and what it restores on boot when
	// the file is there; "" (the default): no save file.
	SaveFile string `toml:"saveFile"`
	// SaveEveryS saves the shard every this many seconds in the background
	// (0, the default: only when asked). It needs SaveFile.
	SaveEveryS int `toml:"saveEveryS"`
	// Population is the [shard.population] table.
	Population Population `toml:"population"`
	// Moongates are the [[shard.moongate]] tables: cells that send a
	// mobile standing on them, with its followers, to a point of a map of
	// the shard (another process's too).
	Moongates []Moongate `toml:"moongate"`
}

// Population is the [shard.population] table: the mobiles spawned at boot.
type Population struct {
	// Pets is the number of pets, each following an owner.
	Pets int `toml:"pets"`
	// Patrols is the number of NPCs walking patrol routes.
	Patrols int `toml:"patrols"`
	// Swimmers is the number of sea creatures.
	Swimmers int `toml:"swimmers"`
	// Seed seeds the placement of the population.
	Seed int64 `toml:"seed"`
	// Maps are the [[shard.population.map]] tables: maps whose share of the
	// population is set rather than taken from their area.
	Maps []MapShare `toml:"map"`
}

// MapShare is one [[shard.population.map]] table: the share of every kind of
// the population (pets, patrols, swimmers) that map ID gets. Maps of
// world.maps without one split the rest in proportion to their area (walkers
// by the cells a walker can stand on, swimmers by water cells).
type MapShare struct {
	// ID is the map (one of world.maps).
	ID int `toml:"id"`
	// Share is the map's part of each count, 0..1.
	Share float64 `toml:"share"`
}

// ShareOf returns map id's configured share and whether it has one.
func (p Population) ShareOf(id int) (float64, bool) {
	for _, m := range p.Maps {
		if m.ID == id {
			return m.Share, true
		}
	}
	return 0, false
}

// Log is the [log] table: level and output format of the server log.
type Log struct {
	// Level is "debug", "info", "warn" or "error".
	Level string `toml:"level"`
	// Format is "auto", "console" or "json"; auto is console on a terminal
	// and JSON otherwise.
	Format string `toml:"format"`
}

// Defaults of the keys the packages below share: the step cache
// (stepcache.DefaultConfig) and the simulation (systems.DefaultOptions) take
// theirs from here, so a package's default is the shard's (a test in tests/
// holds them together).
const (
	DefaultTickMs                 = 8
	DefaultHelperSpinUs           = 0
	MaxHelperSpinUs               = 10000
	DefaultTickBudgetMs           = 4.0
	DefaultMaxNodes               = 20000
	DefaultNodesPerTile           = 64
	DefaultNodesBase              = 256
	DefaultMobileHorizon          = 8
	DefaultMaxResidentChunks      = 0 // every chunk of the maps served may stay resident
	DefaultMissPromotionThreshold = 2
	DefaultMissPromotionWindowMs  = 30000
	DefaultMissVisitMs            = 10000
	DefaultPrefetch               = true
	DefaultPrefetchTicks          = 1250 // ten seconds at the default tickMs
)

// Default returns the configuration used when no server.toml is given.
func Default() Config {
	return Config{
		World: World{
			DataDir: "",
			Maps:    []int{0},
			Seed:    1,
			Size:    "1024x1024",
			Profile: ProfileDefault,
		},
		Pathfinding: Pathfinding{
			Enabled:                true,
			MaxResidentChunks:      DefaultMaxResidentChunks,
			MissPromotionThreshold: DefaultMissPromotionThreshold,
			MissPromotionWindowMs:  DefaultMissPromotionWindowMs,
			MissVisitMs:            DefaultMissVisitMs,
			Prefetch:               DefaultPrefetch,
			PrefetchTicks:          DefaultPrefetchTicks,
			PrebakeMaps:            []int{},
			CacheDir:               "cache",
			TickBudgetMs:           DefaultTickBudgetMs,
			VerifyShare:            0,
			MaxNodes:               DefaultMaxNodes,
			NodesPerTile:           DefaultNodesPerTile,
			NodesBase:              DefaultNodesBase,
			MobileHorizon:          DefaultMobileHorizon,
			Search:                 SearchCache,
			Recorder: Recorder{
				Enable:   false,
				Path:     "recordings/pathfinds.jsonl",
				MaxBytes: 256 << 20,
				Keep:     3,
			},
		},
		Shard: Shard{
			TickMs: DefaultTickMs, MoveWorkers: 0, HelperSpinUs: DefaultHelperSpinUs, HugePages: true, Idle: IdleSleep,
			Population: Population{
				Pets:     100,
				Patrols:  100,
				Swimmers: 20,
				Seed:     1,
				Maps:     []MapShare{},
			},
			Moongates: []Moongate{},
		},
		Log: Log{
			Level:  "info",
			Format: "auto",
		},
		Metrics: Metrics{
			Listen:      "",
			AllowRemote: false,
		},
		Cluster: Cluster{Name: DefaultClusterName, Processes: []Process{}},
	}
}

// Dimensions returns the width and height in cells that Size names, or an
// error if Size is not a valid "WIDTHxHEIGHT".
func (w World) Dimensions() (width, height int, err error) {
	width, height, err = ParseSize(w.Size)
	if err != nil {
		return 0, 0, fmt.Errorf("world.size: %w", err)
	}
	return width, height, nil
}

// MissPromotionWindow returns MissPromotionWindowMs as a duration.
func (p Pathfinding) MissPromotionWindow() time.Duration {
	return time.Duration(p.MissPromotionWindowMs) * time.Millisecond
}

// TickBudget returns TickBudgetMs as a duration.
func (p Pathfinding) TickBudget() time.Duration {
	return time.Duration(p.TickBudgetMs * float64(time.Millisecond))
}

// Tick returns TickMs as a duration.
func (s Shard) Tick() time.Duration {
	return time.Duration(s.TickMs) * time.Millisecond
}
