package config

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Limits of the values Validate accepts.
const (
	// MaxMapID is the largest map id accepted in world.maps and
	// pathfinding.prebakeMaps.
	MaxMapID = 255
	// MinSide is the smallest generated world side, in cells (the default
	// world generator's smallest).
	MinSide = 512
	// SideMultiple is the multiple every generated world side must be: the
	// 8-cell block of the map files (a side need not be whole 16-cell chunks).
	SideMultiple = 8
	// BritanniaMaps is the number of facets of the britannia profile (ids
	// 0..BritanniaMaps-1).
	BritanniaMaps = 6
	// MaxWidth and MaxHeight bound the generated world (the largest UO map).
	MaxWidth, MaxHeight = 7168, 4096
	// MaxResidentChunksLimit bounds pathfinding.maxResidentChunks.
	MaxResidentChunksLimit = 1 << 22
	// MaxMissThreshold bounds pathfinding.missPromotionThreshold.
	MaxMissThreshold = 255
	// MaxWindowMs bounds pathfinding.missPromotionWindowMs (one day).
	MaxWindowMs = 24 * 60 * 60 * 1000
	// MaxPrefetchTicks bounds pathfinding.prefetchTicks.
	MaxPrefetchTicks = 100000
	// MaxNodesLimit bounds pathfinding.maxNodes.
	MaxNodesLimit = 1 << 24
	// MaxMobileHorizon bounds pathfinding.mobileHorizon: a map's side.
	MaxMobileHorizon = 1 << 15
	// MaxTickMs bounds shard.tickMs.
	MaxTickMs = 1000
	// MaxSleepRadius bounds shard.sleepRadius, in sectors.
	MaxSleepRadius = 64
	// MaxSaveEveryS bounds shard.saveEveryS: a day.
	MaxSaveEveryS = 86400
	// MaxPopulation bounds each shard.population count.
	MaxPopulation = 1_000_000
	// MinRecorderBytes and MaxRecorderBytes bound
	// pathfinding.recorder.maxBytes (1 MiB .. 1 TiB).
	MinRecorderBytes, MaxRecorderBytes = 1 << 20, 1 << 40
	// MaxRecorderKeep bounds pathfinding.recorder.keep.
	MaxRecorderKeep = 1000
)

// The world.profile values.
const (
	ProfileDefault   = "default"
	ProfileBritannia = "britannia"
)

// The pathfinding.search values.
const (
	SearchJPS   = "jps"
	SearchCache = "cache"
)

// The shard.idle values.
const (
	IdleSleep = "sleep"
	IdleSpin  = "spin"
)

// Idles returns the accepted shard.idle values.
func Idles() []string { return []string{IdleSleep, IdleSpin} }

// Searches returns the accepted pathfinding.search values.
func Searches() []string { return []string{SearchJPS, SearchCache} }

// Profiles returns the accepted world.profile values.
func Profiles() []string { return []string{ProfileDefault, ProfileBritannia} }

// LogLevels returns the accepted log.level values.
func LogLevels() []string { return []string{"debug", "info", "warn", "error"} }

// LogFormats returns the accepted log.format values.
func LogFormats() []string { return []string{"auto", "console", "json"} }

// Validate reports every value of c outside its allowed range as Errors of
// KindRange (a single *Error when there is one), or nil when c is valid.
// The errors carry keys but no file positions.
func (c Config) Validate() error {
	return asError(c.problems())
}

// problems lists c's out-of-range values in schema order.
func (c Config) problems() []*Error {
	var v validator
	w := c.World
	v.mapList("world.maps", w.Maps, true)
	if _, _, err := ParseSize(w.Size); err != nil {
		v.add("world.size", fmt.Sprintf("world.size = %q: %v", w.Size, err))
	}
	v.world(w)
	p := c.Pathfinding
	v.intIn("pathfinding.maxResidentChunks", p.MaxResidentChunks, 0, MaxResidentChunksLimit)
	if p.MaxResidentChunks >= 1 && p.MaxResidentChunks < len(w.Maps) {
		v.add("pathfinding.maxResidentChunks", fmt.Sprintf(
			"pathfinding.maxResidentChunks = %d: want at least one chunk per map of world.maps (%d): the maps share it",
			p.MaxResidentChunks, len(w.Maps)))
	}
	v.admission(p)
	if v.mapList("pathfinding.prebakeMaps", p.PrebakeMaps, false) {
		for _, id := range p.PrebakeMaps {
			if !contains(w.Maps, id) {
				v.add("pathfinding.prebakeMaps", fmt.Sprintf(
					"pathfinding.prebakeMaps: map %d is not in world.maps %v", id, w.Maps))
			}
		}
	}
	v.nonEmpty("pathfinding.cacheDir", p.CacheDir)
	tick := float64(c.Shard.TickMs)
	tickOK := c.Shard.TickMs >= 1 && c.Shard.TickMs <= MaxTickMs // else shard.tickMs is the error, not the budget
	if !(p.TickBudgetMs > 0 && (p.TickBudgetMs <= tick || !tickOK)) {
		v.add("pathfinding.tickBudgetMs", fmt.Sprintf(
			"pathfinding.tickBudgetMs = %s: out of range, want > 0 and <= shard.tickMs (%d)",
			fmtFloat(p.TickBudgetMs), c.Shard.TickMs))
	}
	if !(p.VerifyShare >= 0 && p.VerifyShare <= 1) {
		v.add("pathfinding.verifyShare", fmt.Sprintf(
			"pathfinding.verifyShare = %s: out of range, want 0..1", fmtFloat(p.VerifyShare)))
	}
	v.intIn("pathfinding.maxNodes", p.MaxNodes, 1, MaxNodesLimit)
	v.intIn("pathfinding.nodesPerTile", p.NodesPerTile, 0, MaxNodesLimit)
	v.intIn("pathfinding.nodesBase", p.NodesBase, 1, MaxNodesLimit)
	v.intIn("pathfinding.mobileHorizon", p.MobileHorizon, 0, MaxMobileHorizon)
	v.oneOf("pathfinding.search", p.Search, Searches())
	v.recorder(p.Recorder)
	v.shard(c.Shard, w)
	v.oneOf("log.level", c.Log.Level, LogLevels())
	v.oneOf("log.format", c.Log.Format, LogFormats())
	v.listenAddr("metrics.listen", c.Metrics.Listen, c.Metrics.AllowRemote)
	return v.cluster(c)
}

// validator collects range problems.
type validator struct{ errs []*Error }

// shard checks the [shard] table, its population against world w's maps.
func (v *validator) shard(s Shard, w World) {
	v.intIn("shard.tickMs", s.TickMs, 1, MaxTickMs)
	v.intIn("shard.sleepRadius", s.SleepRadius, 0, MaxSleepRadius)
	v.intIn("shard.moveWorkers", s.MoveWorkers, 0, 2)
	v.intIn("shard.helperSpinUs", s.HelperSpinUs, 0, MaxHelperSpinUs)
	v.oneOf("shard.idle", s.Idle, Idles())
	v.saves(s)
	v.intIn("shard.population.pets", s.Population.Pets, 0, MaxPopulation)
	v.intIn("shard.population.patrols", s.Population.Patrols, 0, MaxPopulation)
	v.intIn("shard.population.swimmers", s.Population.Swimmers, 0, MaxPopulation)
	v.shares(s.Population.Maps, w.Maps)
	if w.DataDir == "" && w.Profile == ProfileDefault && !v.hasKeyPrefix("shard.population.") { // britannia maps take their facets' sizes: the shard checks each map at start
		v.populationFits(s.Population, w.Size)
	}
}

// hasKeyPrefix reports whether a problem was found with a key starting
// with prefix.
func (v *validator) hasKeyPrefix(prefix string) bool {
	for _, e := range v.errs {
		if strings.HasPrefix(e.Key, prefix) {
			return true
		}
	}
	return false
}

// populationFits checks that population p, one mobile a cell, fits the
// cells of a generated world of size (when the size is valid). It is the
// bound a config can know; the shard checks the cells a walker or a swimmer
// can stand on when it spawns.
func (v *validator) populationFits(p Population, size string) {
	w, h, err := ParseSize(size)
	if err != nil {
		return
	}
	mobiles := 2*p.Pets + p.Patrols + p.Swimmers
	if cells := w * h; mobiles > cells {
		v.add("shard.population.pets", fmt.Sprintf(
			"shard.population: %d mobiles (2 × %d pets + %d patrols + %d swimmers) cannot fit the %d cells of the %s world (world.size): at most %d mobiles, e.g. pets = %d with these patrols and swimmers",
			mobiles, p.Pets, p.Patrols, p.Swimmers, cells, size, cells, max(cells-p.Patrols-p.Swimmers, 0)/2))
	}
}

func (v *validator) add(key, msg string) {
	v.errs = append(v.errs, &Error{Key: key, Kind: KindRange, Msg: msg})
}

func (v *validator) intIn(key string, x, lo, hi int) {
	if x < lo || x > hi {
		v.add(key, fmt.Sprintf("%s = %d: out of range, want %d..%d", key, x, lo, hi))
	}
}

func (v *validator) nonEmpty(key, s string) {
	if s == "" {
		v.add(key, key+` = "": must not be empty`)
	}
}

func (v *validator) oneOf(key, s string, allowed []string) {
	if !contains(allowed, s) {
		v.add(key, fmt.Sprintf("%s = %q: want one of %s", key, s, quoteAll(allowed)))
	}
}

// admission checks the admission gate's and prefetch's keys.
func (v *validator) admission(p Pathfinding) {
	v.intIn("pathfinding.missPromotionThreshold", p.MissPromotionThreshold, 1, MaxMissThreshold)
	v.intIn("pathfinding.missPromotionWindowMs", p.MissPromotionWindowMs, 1, MaxWindowMs)
	v.intIn("pathfinding.missVisitMs", p.MissVisitMs, 1, MaxWindowMs)
	v.intIn("pathfinding.prefetchTicks", p.PrefetchTicks, 1, MaxPrefetchTicks)
}

// world checks world.profile, and that a generated britannia world has the
// maps world.maps asks for.
func (v *validator) world(w World) {
	if !contains(Profiles(), w.Profile) {
		v.add("world.profile", fmt.Sprintf("world.profile = %q: want one of %s", w.Profile, quoteAll(Profiles())))
		return
	}
	if w.DataDir != "" {
		return
	}
	if w.Profile == ProfileDefault {
		if slices.ContainsFunc(w.Maps, func(id int) bool { return id != 0 }) && !v.hasKeyPrefix("world.maps") {
			v.add("world.maps", fmt.Sprintf(
				"world.maps = %v: the default profile generates only map 0 (world.profile = %q has maps 0..%d; world.dataDir loads a folder's maps)",
				w.Maps, ProfileBritannia, BritanniaMaps-1))
		}
		return
	}
	for _, id := range w.Maps {
		if id >= BritanniaMaps {
			v.add("world.maps", fmt.Sprintf("world.maps: map %d is not one of the britannia profile's maps 0..%d", id, BritanniaMaps-1))
		}
	}
}

// ParseSize parses a world size "WIDTHxHEIGHT" and checks both sides are
// multiples of SideMultiple, at least MinSide and at most MaxWidth×MaxHeight.
func ParseSize(s string) (width, height int, err error) {
	ws, hs, found := strings.Cut(strings.ToLower(s), "x")
	if !found {
		return 0, 0, fmt.Errorf("want WIDTHxHEIGHT such as 1024x1024")
	}
	width, err1 := parseSide(ws)
	height, err2 := parseSide(hs)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("want WIDTHxHEIGHT in whole cells such as 1024x1024")
	}
	if width%SideMultiple != 0 || height%SideMultiple != 0 {
		return 0, 0, fmt.Errorf("%dx%d: both sides must be multiples of %d", width, height, SideMultiple)
	}
	if width < MinSide || height < MinSide || width > MaxWidth || height > MaxHeight {
		return 0, 0, fmt.Errorf("%dx%d out of range, want %dx%d..%dx%d",
			width, height, MinSide, MinSide, MaxWidth, MaxHeight)
	}
	return width, height, nil
}

// parseSide parses one side: decimal digits only, no sign.
func parseSide(s string) (int, error) {
	if s == "" || len(s) > 6 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, strconv.ErrSyntax
	}
	return strconv.Atoi(s)
}

func contains[T comparable](xs []T, x T) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func quoteAll(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = strconv.Quote(x)
	}
	return strings.Join(q, ", ")
}

// fmtFloat formats f as TOML writes it (always with a fraction or exponent).
func fmtFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// saves checks shard.saveEveryS and that it has a file to save to.
func (v *validator) saves(s Shard) {
	v.intIn("shard.saveEveryS", s.SaveEveryS, 0, MaxSaveEveryS)
	if s.SaveEveryS > 0 && s.SaveFile == "" {
		v.add("shard.saveEveryS", fmt.Sprintf("shard.saveEveryS = %d: needs shard.saveFile (where to save)", s.SaveEveryS))
	}
}
