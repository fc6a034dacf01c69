package server

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/server/savefile"
)

// deterministic makes cfg's runs deterministic under the time budget too:
// a budget that binds only on a stalled machine (the tests' own runs use a
// search budget, Options.MaxSearchesPerTick, which never depends on time).
func deterministic(cfg config.Config) config.Config {
	cfg.Shard.TickMs = 1000
	cfg.Pathfinding.TickBudgetMs = 1000
	return cfg
}

// searchBudget is the deterministic budget the save tests run with.
const searchBudget = 16

// stepN steps s n times.
func stepN(t *testing.T, s *Server, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		if err := s.Step(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
}

// checkRestoreMatches runs cfg n ticks, saves, runs m more; a second shard
// restored from the save runs m ticks; their positions must agree, map by
// map, with each other and with a third shard run n+m ticks unbroken.
func checkRestoreMatches(t *testing.T, cfg config.Config, n, m int) {
	t.Helper()
	save := filepath.Join(t.TempDir(), "saves", "shard.save")
	a, _ := newTestServer(t, cfg, Options{Unpaced: true, MaxSearchesPerTick: searchBudget})
	stepN(t, a, n)
	r, err := a.Save(save)
	if err != nil {
		t.Fatal(err)
	}
	if r.Mobiles == 0 || r.Tick != uint64(n) || r.Bytes == 0 {
		t.Fatalf("save: %+v", r)
	}
	stepN(t, a, m)
	hashA := a.PositionsHash()
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}

	unbroken, _ := newTestServer(t, cfg, Options{Unpaced: true, MaxSearchesPerTick: searchBudget})
	stepN(t, unbroken, n+m)
	hashU := unbroken.PositionsHash()
	unbroken.Close()

	cfg.Shard.SaveFile = save
	b, log := newTestServer(t, cfg, Options{Unpaced: true, MaxSearchesPerTick: searchBudget})
	if log.count("shard restored from its save") != 1 {
		t.Fatalf("no restore logged:\n%s", log)
	}
	if b.Ticks() != uint64(n) {
		t.Fatalf("restored shard at tick %d, want %d", b.Ticks(), n)
	}
	stepN(t, b, m)
	hashB := b.PositionsHash()
	if err := b.Close(); err != nil { // saves again (shard.saveFile)
		t.Fatal(err)
	}
	if hashA != hashU {
		t.Fatalf("the run is not deterministic: %x against an unbroken %x", hashA, hashU)
	}
	if hashB != hashA {
		t.Fatalf("restored after %d ticks and run %d more: positions hash %x, the unbroken run's %x", n, m, hashB, hashA)
	}
	f, err := savefile.ReadFile(save)
	if err != nil || f.Tick != uint64(n+m) {
		t.Fatalf("the save at close: tick %v, err %v", f, err)
	}
}

// TestSaveRestoreDefaultWorld: on the default world, a shard restored
// after n ticks ends where an unbroken run does.
func TestSaveRestoreDefaultWorld(t *testing.T) {
	cfg := deterministic(testConfig(t.TempDir()))
	cfg.Shard.Population = config.Population{Pets: 30, Patrols: 40, Swimmers: 8, Seed: 3}
	cfg.Shard.SleepRadius = 2
	checkRestoreMatches(t, cfg, 250, 400)
}

// TestSaveRestoreBritannia: the same on a britannia map (Tokuno).
func TestSaveRestoreBritannia(t *testing.T) {
	if testing.Short() {
		t.Skip("generates a britannia map")
	}
	cfg := deterministic(testConfig(t.TempDir()))
	cfg.World.Profile = config.ProfileBritannia
	cfg.World.Maps = []int{4}
	cfg.Shard.Population = config.Population{Pets: 200, Patrols: 300, Swimmers: 60, Seed: 5}
	checkRestoreMatches(t, cfg, 150, 300)
}

// TestRestoreRefusesForeignSaves: a save of other maps, of another world,
// or not a save at all stops New with a clear error; nothing runs
// half-restored.
func TestRestoreRefusesForeignSaves(t *testing.T) {
	dir := t.TempDir()
	cfg := deterministic(testConfig(dir))
	save := filepath.Join(dir, "shard.save")
	a, _ := newTestServer(t, cfg, Options{Unpaced: true, MaxSearchesPerTick: searchBudget})
	stepN(t, a, 20)
	if _, err := a.Save(save); err != nil {
		t.Fatal(err)
	}
	a.Close()

	other := cfg
	other.World.Seed = 2 // another world
	other.Shard.SaveFile = save
	if _, err := NewWithOptions(t.Context(), other, testLogger(&syncBuf{}), Options{}); err == nil || !strings.Contains(err.Error(), "another world") {
		t.Fatalf("a save of another world: %v", err)
	}
	junk := filepath.Join(dir, "junk.save")
	os.WriteFile(junk, []byte("this is no save"), 0o644)
	cfg.Shard.SaveFile = junk
	if _, err := NewWithOptions(t.Context(), cfg, testLogger(&syncBuf{}), Options{}); !errors.Is(err, savefile.ErrNotSave) {
		t.Fatalf("junk: %v", err)
	}
	b, _ := os.ReadFile(save)
	b[len(b)-3] ^= 1
	cut := filepath.Join(dir, "cut.save")
	os.WriteFile(cut, b, 0o644)
	cfg.Shard.SaveFile = cut
	if _, err := NewWithOptions(t.Context(), cfg, testLogger(&syncBuf{}), Options{}); !errors.Is(err, savefile.ErrCorrupt) {
		t.Fatalf("corrupt: %v", err)
	}
}

// TestBackgroundSaves: with saveEveryS the shard saves while it runs, and
// the admin console's save and quit work.
func TestBackgroundSaves(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(dir)
	cfg.Shard.SaveFile = filepath.Join(dir, "bg.save")
	cfg.Shard.SaveEveryS = 1
	clk := &fakeTicks{step: 50 * time.Millisecond}
	s, log := newTestServer(t, cfg, Options{Unpaced: true, Clock: clk.now})
	for i := 0; i < 100; i++ {
		stepN(t, s, 1)
		s.saves.wait() // this test is about when saves come, not about writes outlasting ticks
	}
	if n := log.count(`"message":"saved"`); n < 2 {
		t.Fatalf("%d background saves logged:\n%s", n, log)
	}
	out, err := s.Command("save")
	if err != nil || !strings.Contains(out, "saved "+cfg.Shard.SaveFile) {
		t.Fatalf("save command: %q %v", out, err)
	}
	if _, err := s.Command("quit"); err == nil {
		t.Fatal("quit without Run accepted")
	}
	s.Close()
	f, err := savefile.ReadFile(cfg.Shard.SaveFile)
	if err != nil || f.Tick != 100 {
		t.Fatalf("save after close: %v %v", f, err)
	}
}

// fakeTicks is a clock that advances by step at every reading.
type fakeTicks struct {
	mu      sync.Mutex
	t, step time.Duration
}

func (f *fakeTicks) now() time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.t += f.step
	return f.t
}
