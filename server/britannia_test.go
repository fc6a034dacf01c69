package server

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/config"
)

// TestBritanniaProfileLoads: world.profile = "britannia" loads the facets of
// world.maps at their client sizes (Tokuno: 1448x1448, partial chunks)
// into the cache folder, and a folder missing a map's files names them.
func TestBritanniaProfileLoads(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(dir)
	cfg.World.Profile = config.ProfileBritannia
	cfg.World.Maps = []int{4}
	s, _ := newTestServer(t, cfg, Options{})
	defer s.Close()
	w := s.World()
	if w.Map.ID != 4 || w.Map.Width != 1448 || w.Map.Height != 1448 || w.Features == nil || !w.Generated {
		t.Fatalf("map %d %dx%d features %v generated %v", w.Map.ID, w.Map.Width, w.Map.Height, w.Features != nil, w.Generated)
	}
	// The folder it wrote is a data directory; map 2 was never written.
	cfg2 := testConfig(t.TempDir())
	cfg2.World.DataDir = filepath.Join(dir, "cache", "britannia-1")
	cfg2.World.Maps = []int{2}
	_, err := NewWithOptions(t.Context(), cfg2, testLogger(&syncBuf{}), Options{})
	if err == nil || !strings.Contains(err.Error(), "map2.mul") {
		t.Fatalf("map 2 missing from the folder: %v", err)
	}
}
