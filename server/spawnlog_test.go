package server

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/shardcore/shardcore/population"
	"github.com/shardcore/shardcore/world/gen"
)

// TestSpawningLogsProgressAndHonoursCancel: a population that takes a while
// to set up logs its progress, and a context cancelled while it spawns (a
// Ctrl-C) stops New with the context's error instead of spawning on.
func TestSpawningLogsProgressAndHonoursCancel(t *testing.T) {
	cfg := testConfig(t.TempDir())
	cfg.Shard.Population.Pets = 3000 // on 512x512: most on generated routes
	buf := &syncBuf{}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	// Ctrl-C as soon as the first progress line is written.
	log := zerolog.New(writerFunc(func(p []byte) (int, error) {
		if strings.Contains(string(p), "spawning population") {
			cancel()
		}
		return buf.Write(p)
	}))
	s, err := NewWithOptions(ctx, cfg, log, Options{SpawnLogEvery: time.Nanosecond})
	if err == nil {
		s.Close()
		t.Fatalf("spawning 6,000 mobiles ran to the end through a cancel; log:\n%s", buf)
	}
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled while spawning: %v\nlog:\n%s", err, buf)
	}
	if !strings.Contains(buf.String(), `"stage"`) {
		t.Fatalf("progress line without its stage:\n%s", buf)
	}
}

// TestPopulationThatCannotFitIsRefused: a population that fits the
// world's cells (config check passes) but not the cells a walker can stand
// on is refused at start, saying how many would fit, before spawning.
func TestPopulationThatCannotFitIsRefused(t *testing.T) {
	cfg := testConfig(t.TempDir())
	w, h, err := cfg.World.Dimensions()
	if err != nil {
		t.Fatal(err)
	}
	gw, err := gen.Generate(t.Context(), gen.Options{Seed: cfg.World.Seed, Width: w, Height: h})
	if err != nil {
		t.Fatal(err)
	}
	room := population.RoomOf(gw.Map, gw.Tiles)
	p := &cfg.Shard.Population
	p.Pets, p.Patrols, p.Swimmers = room.Walkers/2+1, 0, 0
	if 2*p.Pets > w*h {
		t.Fatalf("the world has no cells a walker cannot stand on: room %+v of %d cells", room, w*h)
	}
	if err := cfg.Validate(); err != nil {
		t.Fatalf("config check refuses what only the map's room can: %v", err)
	}
	_, err = NewWithOptions(t.Context(), cfg, testLogger(&syncBuf{}), Options{})
	if err == nil || !strings.Contains(err.Error(), "cannot fit") || !strings.Contains(err.Error(), "at most") {
		t.Fatalf("%d pairs on %d walker cells: %v", p.Pets, room.Walkers, err)
	}
}

// writerFunc is an io.Writer from a function.
type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
