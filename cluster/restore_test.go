package cluster_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/shard"
)

// loneConfig is process a (map 0 of the default world, no population) of
// a cluster whose process b runs map 1, its save in dir, its NATS a port
// nothing listens on.
func loneConfig(dir string) config.Config {
	cfg := config.Default()
	cfg.World.Size = "512x512"
	cfg.Pathfinding.CacheDir = filepath.Join(dir, "cache")
	cfg.Pathfinding.Recorder.Path = filepath.Join(dir, "rec.jsonl")
	cfg.Shard.Population = config.Population{Seed: 1}
	cfg.Shard.SaveFile = filepath.Join(dir, "a.save")
	cfg.Shard.HugePages = false
	cfg.Cluster = config.Cluster{NATSURL: "nats://127.0.0.1:1", Name: "lone", Self: "a",
		Processes: []config.Process{{Name: "a", Maps: []int{0}}, {Name: "b", Maps: []int{1}}}}
	return cfg
}

// TestRestoreReplaysDeparture: a player and its pet teleported to the other
// process's map leave at once and wait (NATS is not there); a process
// restored from its save (taken before they were even spawned) and the
// journal, as a kill would leave them, has them gone, the transfer in
// flight again, and never mints their ids again.
func TestRestoreReplaysDeparture(t *testing.T) {
	dir := t.TempDir()
	cfg := loneConfig(dir)
	sh, err := shard.Open(t.Context(), cfg, shard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	player, err := sh.Spawn(shard.Spawn{Location: shard.Location{Map: 0, X: 100, Y: 100}, Caps: shard.Caps{Player: true}})
	if err != nil {
		t.Fatal(err)
	}
	pet, err := sh.Spawn(shard.Spawn{Location: shard.Location{Map: 0, X: 101, Y: 100}, Order: shard.Follow{Target: player, Range: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if err := sh.Teleport(player, shard.Location{Map: 1, X: 50, Y: 60}); err != nil {
		t.Fatal(err)
	}
	if _, err := sh.Mobile(pet); !errors.Is(err, shard.ErrUnknownMobile) {
		t.Fatalf("the pet is still here: %v", err)
	}
	if _, out, flight, _ := sh.Transfers(); out != 1 || flight != 1 {
		t.Fatalf("out %d in flight %d, want 1 and 1", out, flight)
	}
	if err := sh.Teleport(player, shard.Location{Map: 7, X: 1, Y: 1}); !errors.Is(err, shard.ErrMapNotLoaded) {
		t.Fatalf("a map of no process: %v", err)
	}
	journal := cfg.Shard.SaveFile + ".journal"
	deadline := time.Now().Add(10 * time.Second)
	for {
		if fi, err := os.Stat(journal); err == nil && fi.Size() > 16 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the departure's record never reached the journal")
		}
		time.Sleep(10 * time.Millisecond)
	}
	crash := t.TempDir() // the save and journal as a kill leaves them
	copyFile(t, cfg.Shard.SaveFile, filepath.Join(crash, "a.save"))
	copyFile(t, journal, filepath.Join(crash, "a.save.journal"))
	cfg2 := loneConfig(crash)
	again, err := shard.Open(t.Context(), cfg2, shard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	for _, id := range []shard.MobileID{player, pet} {
		if _, err := again.Mobile(id); !errors.Is(err, shard.ErrUnknownMobile) {
			t.Errorf("mobile %d is back on map 0: %v", id, err)
		}
	}
	if _, _, flight, _ := again.Transfers(); flight != 1 {
		t.Errorf("in flight after the restore: %d, want 1", flight)
	}
	next, err := again.Spawn(shard.Spawn{Location: shard.Location{Map: 0, X: 10, Y: 10}})
	if err != nil {
		t.Fatal(err)
	}
	if next <= pet {
		t.Errorf("minted %d again (the departed were %d and %d)", next, player, pet)
	}
}

// TestRestoreRefusesAJournalWithoutItsSave: a journal with records and no
// save, or a save that is not the one it follows, is refused at Open.
func TestRestoreRefusesAJournalWithoutItsSave(t *testing.T) {
	dir := t.TempDir()
	cfg := loneConfig(dir)
	sh, err := shard.Open(t.Context(), cfg, shard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	id, err := sh.Spawn(shard.Spawn{Location: shard.Location{Map: 0, X: 100, Y: 100}})
	if err != nil {
		t.Fatal(err)
	}
	if err := sh.Teleport(id, shard.Location{Map: 1, X: 5, Y: 5}); err != nil {
		t.Fatal(err)
	}
	journal := cfg.Shard.SaveFile + ".journal"
	b := waitJournal(t, journal)
	if err := sh.Close(); err != nil {
		t.Fatal(err)
	}
	lone := t.TempDir()
	copyBytes(t, b, filepath.Join(lone, "a.save.journal"))
	if _, err := shard.Open(t.Context(), loneConfig(lone), shard.Options{}); err == nil || !strings.Contains(err.Error(), "no save") {
		t.Fatalf("a journal without a save: %v", err)
	}
}

// waitJournal waits for the journal at path to hold a record and returns
// its bytes.
func waitJournal(t *testing.T, path string) []byte {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if b, err := os.ReadFile(path); err == nil && len(b) > 16 {
			return b
		}
		if time.Now().After(deadline) {
			t.Fatal("no record reached the journal")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	copyBytes(t, b, to)
}

func copyBytes(t *testing.T, b []byte, to string) {
	t.Helper()
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
