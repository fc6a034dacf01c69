package recorder

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	"github.com/rs/zerolog"

	"github.com/shardcore/shardcore/world/gen"
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

func testLogger(buf *syncBuf) zerolog.Logger { return zerolog.New(buf).With().Timestamp().Logger() }

// testWorld is the default world's generator at 512×512 (seed 1): a town
// with doors near (100, 100).
func testWorld(tb testing.TB) *gen.World {
	tb.Helper()
	w, err := gen.Generate(tb.Context(), gen.Options{Seed: 1, Width: 512, Height: 512})
	if err != nil {
		tb.Fatal(err)
	}
	return w
}
