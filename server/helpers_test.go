package server

import (
	"bytes"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rs/zerolog"

	"github.com/shardcore/shardcore/config"
)

// syncBuf is a goroutine-safe log sink.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// count returns the log lines containing sub.
func (s *syncBuf) count(sub string) int {
	n := 0
	for _, l := range strings.Split(s.String(), "\n") {
		if strings.Contains(l, sub) {
			n++
		}
	}
	return n
}

// testConfig is a small default world with a small population, its cache
// and recording under dir.
func testConfig(dir string) config.Config {
	cfg := config.Default()
	cfg.World.Size = "512x512"
	cfg.Pathfinding.CacheDir = filepath.Join(dir, "cache")
	cfg.Pathfinding.Recorder.Path = filepath.Join(dir, "rec", "paths.jsonl")
	cfg.Pathfinding.MissPromotionThreshold = 1
	cfg.Shard.Population = config.Population{Pets: 6, Patrols: 6, Swimmers: 2, Seed: 1}
	cfg.Log.Format = "json"
	return cfg
}

func testLogger(buf *syncBuf) zerolog.Logger { return zerolog.New(buf).With().Timestamp().Logger() }

// newTestServer builds a server on testConfig with opts.
func newTestServer(t *testing.T, cfg config.Config, opts Options) (*Server, *syncBuf) {
	t.Helper()
	buf := &syncBuf{}
	s, err := NewWithOptions(t.Context(), cfg, testLogger(buf), opts)
	if err != nil {
		t.Fatalf("NewWithOptions: %v\nlog:\n%s", err, buf)
	}
	return s, buf
}
