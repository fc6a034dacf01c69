package server

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/server/recorder"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// smallSizes are small britannia maps for the server's tests (each feature
// scaled with its area; sides 8 mod 16 on maps 1, 2 and 4).
var smallSizes = map[world.MapID][2]int{0: {640, 512}, 1: {520, 392}, 2: {584, 408}, 3: {512, 512}, 4: {360, 360}, 5: {320, 768}}

// britanniaDir writes the small britannia maps ids into a folder, as
// `shard gen-world --profile britannia --size` would, and returns it.
func britanniaDir(t *testing.T, ids ...world.MapID) string {
	t.Helper()
	dir := t.TempDir()
	f, err := britannia.NewFolder(dir, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		s := smallSizes[id]
		w, err := britannia.Generate(context.Background(), britannia.Options{Seed: 5, Map: id, Width: s[0], Height: s[1]})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Add(w); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

// britanniaConfig is testConfig over the folder's maps ids.
func britanniaConfig(t *testing.T, data string, ids ...int) config.Config {
	cfg := testConfig(t.TempDir())
	cfg.World.DataDir, cfg.World.Profile, cfg.World.Maps = data, config.ProfileBritannia, ids
	cfg.Shard.Population = config.Population{Pets: 60, Patrols: 60, Swimmers: 12, Seed: 2}
	cfg.Pathfinding.MaxResidentChunks = 3000
	return cfg
}

// TestSixMapsTickTogether: all six maps of a (small) britannia folder run,
// one simulation each on its own goroutine; the population is spread over
// every map by area, doors on the doorways; each map searches through its
// own cache within its part of the resident budget, the parts summing to
// maxResidentChunks; the summary has a line per map and ends `maps 6`.
func TestSixMapsTickTogether(t *testing.T) {
	ids := []world.MapID{0, 1, 2, 3, 4, 5}
	cfg := britanniaConfig(t, britanniaDir(t, ids...), 0, 1, 2, 3, 4, 5)
	s, logs := newTestServer(t, cfg, Options{MaxTicks: 200, Unpaced: true})
	if err := s.Run(t.Context()); err != nil {
		t.Fatalf("Run: %v\n%s", err, logs)
	}
	sum := s.Summary()
	want := cfg.Shard.Population.Pets*2 + cfg.Shard.Population.Patrols + cfg.Shard.Population.Swimmers
	if len(sum.Maps) != 6 || sum.Mobiles != want || sum.Paths == 0 || sum.Ticks != 200 {
		t.Fatalf("summary %s: want 6 maps, %d mobiles, searches", sum.Line(), want)
	}
	if !strings.Contains(sum.Line(), fmt.Sprintf(" maps 6 mobiles %d late ", want)) {
		t.Errorf("last line %q", sum.Line())
	}
	budget := 0
	for i, m := range sum.Maps {
		budget += m.Budget
		parts, _ := s.Map(m.Map)
		if m.Map != ids[i] || m.Mobiles == 0 || m.Resident > m.Budget || parts.Population == nil {
			t.Errorf("map line %s (population %v)", m.Line(), parts.Population != nil)
		}
		if doors := len(parts.World.Features.DoorSpecs); m.Items != doors || doors == 0 && m.Map != 5 {
			t.Errorf("map %d: %d items, %d doorways", m.Map, m.Items, doors)
		}
		if !strings.HasPrefix(m.Line(), "map "+strconv.Itoa(int(m.Map))+" mobiles ") {
			t.Errorf("map line %q", m.Line())
		}
	}
	if budget != cfg.Pathfinding.MaxResidentChunks {
		t.Errorf("budgets sum to %d, want maxResidentChunks %d", budget, cfg.Pathfinding.MaxResidentChunks)
	}
	searched := 0
	for _, m := range sum.Maps {
		if m.Paths > 0 {
			searched++
		}
	}
	if searched < 5 {
		t.Errorf("only %d of 6 maps searched: %+v", searched, sum.Maps)
	}
}

// TestMapNeverReadsAnotherMapsCache: with the whole population on map 2 and
// none on map 0, map 2's searches look up only map 2's cache: map 0's
// cache sees no lookup, builds nothing and holds nothing, while map 2's
// serves at least one per search; every recorded search names map 2 and map 2's files.
func TestMapNeverReadsAnotherMapsCache(t *testing.T) {
	cfg := britanniaConfig(t, britanniaDir(t, 0, 2), 0, 2)
	cfg.Shard.Population.Maps = []config.MapShare{{ID: 0, Share: 0}, {ID: 2, Share: 1}}
	cfg.Pathfinding.Recorder.Enable = true
	s, logs := newTestServer(t, cfg, Options{MaxTicks: 300, Unpaced: true})
	m0, _ := s.Map(0)
	m2, _ := s.Map(2)
	if m0.Cache == m2.Cache || m0.Sim.Stats().Mobiles != 0 || m2.Sim.Stats().Mobiles == 0 {
		t.Fatalf("caches shared %v, mobiles %d and %d", m0.Cache == m2.Cache, m0.Sim.Stats().Mobiles, m2.Sim.Stats().Mobiles)
	}
	if err := s.Run(t.Context()); err != nil {
		t.Fatalf("Run: %v\n%s", err, logs)
	}
	c0, c2 := m0.Cache.Stats(), m2.Cache.Stats()
	if c0.Lookups() != 0 || c0.Built != 0 || c0.Resident != 0 || c0.Tracked != 0 {
		t.Errorf("map 0's cache moved: %+v", c0)
	}
	if n := m2.Sim.Stats().Searches; n == 0 || c2.Lookups() < uint64(n) {
		t.Errorf("map 2: %d lookups, %d searches", c2.Lookups(), m2.Sim.Stats().Searches)
	}
	f, err := os.Open(cfg.Pathfinding.Recorder.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd, err := recorder.Read(f)
	recs := rd.Records
	if err != nil || len(recs) == 0 {
		t.Fatalf("%d records: %v", len(recs), err)
	}
	fp := strconv.FormatUint(m2.World.Fingerprint, 16)
	for _, r := range recs {
		if r.Map != 2 || r.Fingerprint != fp {
			t.Fatalf("record of map %d fp %s, want map 2 fp %s", r.Map, r.Fingerprint, fp)
		}
	}
}

// TestSharesAndRecordingCarryTheirMap: a configured share gives its map
// that part of every count (the rest by area); two maps record their
// searches each with its own map and fingerprint.
func TestSharesAndRecordingCarryTheirMap(t *testing.T) {
	cfg := britanniaConfig(t, britanniaDir(t, 1, 4), 1, 4)
	cfg.Shard.Population.Maps = []config.MapShare{{ID: 4, Share: 0.25}}
	cfg.Pathfinding.Recorder.Enable = true
	s, logs := newTestServer(t, cfg, Options{MaxTicks: 200, Unpaced: true})
	m1, _ := s.Map(1)
	m4, _ := s.Map(4)
	if n := len(m4.Population.Pets); n != 15 || len(m4.Population.Patrols) != 15 || len(m4.Population.Swimmers) != 3 || len(m1.Population.Pets) != 45 {
		t.Fatalf("map 4: %d pets %d patrols %d swimmers; map 1: %d pets", n, len(m4.Population.Patrols), len(m4.Population.Swimmers), len(m1.Population.Pets))
	}
	if err := s.Run(t.Context()); err != nil {
		t.Fatalf("Run: %v\n%s", err, logs)
	}
	f, err := os.Open(cfg.Pathfinding.Recorder.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd, err := recorder.Read(f)
	recs := rd.Records
	if err != nil {
		t.Fatal(err)
	}
	fps := map[int]string{1: strconv.FormatUint(m1.World.Fingerprint, 16), 4: strconv.FormatUint(m4.World.Fingerprint, 16)}
	seen := map[int]int{}
	for _, r := range recs {
		if fps[r.Map] != r.Fingerprint {
			t.Fatalf("record of map %d with fingerprint %s, want %s", r.Map, r.Fingerprint, fps[r.Map])
		}
		seen[r.Map]++
	}
	if seen[1] == 0 || seen[4] == 0 || uint64(len(recs)) != s.Summary().Paths {
		t.Errorf("records per map %v, %d in all, %d searches", seen, len(recs), s.Summary().Paths)
	}
}

// TestCommandsPerMap, while the maps' goroutines run: `cache stats` sums the
// maps then gives each its line (`cache stats 2` map 2's alone); `cache
// clear 2` runs on map 2; `maps` prints each map's line; a map not loaded
// is named.
func TestCommandsPerMap(t *testing.T) {
	cfg := britanniaConfig(t, britanniaDir(t, 0, 2), 0, 2)
	s, logs := newTestServer(t, cfg, Options{Unpaced: true})
	ctx, cancel := context.WithCancel(t.Context())
	errc := make(chan error, 1)
	go func() { errc <- s.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-errc; err != nil {
			t.Errorf("Run: %v\n%s", err, logs)
		}
	}()
	for range 100 { // each runs at a tick start: 100 ticks
		if _, err := s.Command("help"); err != nil {
			t.Fatal(err)
		}
	}
	out, err := s.Command("cache stats")
	if err != nil || !strings.HasPrefix(out, "resident ") || !strings.Contains(out, "\nmap 0 resident ") || !strings.Contains(out, "\nmap 2 resident ") {
		t.Fatalf("cache stats = %q, %v", out, err)
	}
	if out, err := s.Command("cache clear 2"); err != nil || !strings.HasPrefix(out, "cleared ") {
		t.Fatalf("cache clear 2 = %q, %v", out, err)
	}
	out, err = s.Command("cache stats 2")
	if err != nil || strings.Contains(out, "map 0") || !strings.Contains(out, "\nmap 2 resident ") {
		t.Fatalf("cache stats 2 = %q, %v", out, err)
	}
	if out, err := s.Command("maps"); err != nil || strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, "map 0 mobiles ") {
		t.Fatalf("maps = %q, %v", out, err)
	}
	for _, line := range []string{"cache stats 3", "cache clear x", "bake 1"} {
		if _, err := s.Command(line); err == nil || !strings.Contains(err.Error(), "not loaded") && !strings.Contains(err.Error(), "map id") {
			t.Errorf("%q: %v", line, err)
		}
	}
}

// TestMissingMapFilesAreNamed: a map of world.maps whose files the data
// directory lacks is refused by CheckWorld (`shard config check`) and by New,
// naming the files; a land file of the wrong length is named with its size.
func TestMissingMapFilesAreNamed(t *testing.T) {
	dir := britanniaDir(t, 4)
	cfg := britanniaConfig(t, dir, 4, 3)
	for name, err := range map[string]error{"CheckWorld": CheckWorld(cfg), "New": newErr(cfg)} {
		if err == nil || !strings.Contains(err.Error(), "map3.mul") || !strings.Contains(err.Error(), "staidx3.mul") {
			t.Errorf("%s with map 3 missing: %v", name, err)
		}
	}
	cfg.World.Maps = []int{4}
	if err := CheckWorld(cfg); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(filepath.Join(dir, "map4.mul"), 196*1000); err != nil {
		t.Fatal(err)
	}
	for name, err := range map[string]error{"CheckWorld": CheckWorld(cfg), "New": newErr(cfg)} {
		if err == nil || !strings.Contains(err.Error(), "map4.mul") || !strings.Contains(err.Error(), "196000 bytes") {
			t.Errorf("%s with a short map4.mul: %v", name, err)
		}
	}
}

// newErr is New's error for cfg (closing a server it built).
func newErr(cfg config.Config) error {
	s, err := NewWithOptions(context.Background(), cfg, testLogger(&syncBuf{}), Options{})
	if err == nil {
		s.Close()
	}
	return err
}

// TestPrebakePerMap: with maps 0 and 2 and pathfinding.prebakeMaps = [2],
// map 2's .swb is baked in the background while the maps tick and attached
// to map 2's cache on map 2's goroutine; map 0 keeps none; then map 2's
// searches read chunks from the file.
func TestPrebakePerMap(t *testing.T) {
	cfg := britanniaConfig(t, britanniaDir(t, 0, 2), 0, 2)
	cfg.Pathfinding.PrebakeMaps = []int{2}
	s, logs := newTestServer(t, cfg, Options{Unpaced: true, BakeWorkers: 1})
	ctx, cancel := context.WithCancel(t.Context())
	errc := make(chan error, 1)
	go func() { errc <- s.Run(ctx) }()
	var out string
	for i := 0; !strings.Contains(out, "map2.swb (attached)"); i++ {
		if i > 20000 {
			t.Fatalf("map 2's bake never attached:\n%s\n%s", out, logs)
		}
		var err error
		if out, err = s.Command("cache stats"); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(out, "map0.swb (none)") {
		t.Errorf("map 0 got a file: %s", out)
	}
	for range 50 {
		if _, err := s.Command("cache clear 2"); err != nil { // map 2 reads its chunks again
			t.Fatal(err)
		}
	}
	cancel()
	if err := <-errc; err != nil {
		t.Fatalf("Run: %v\n%s", err, logs)
	}
	m2, _ := s.Map(2)
	if m2.Cache.Stats().Loaded == 0 {
		t.Errorf("map 2 loaded no chunk from its file: %+v", m2.Cache.Stats())
	}
}
