package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// TestBenchPathsBritannia runs `shard bench paths --world DIR` on a small
// britannia map 0: the five twins in every mode, the last line the jump
// search's least speedup, and --cpuprofile leaves a pprof file; a folder
// without a features file is refused, naming the file.
func TestBenchPathsBritannia(t *testing.T) {
	if testing.Short() {
		t.Skip("generates and bakes a 1024x768 map")
	}
	dir := filepath.Join(t.TempDir(), "brit")
	o := genWorldOptions{profile: gen.ProfileBritannia, out: dir, mapID: 0, seed: 1, size: "1024x768"}
	if err := genBritannia(context.Background(), io.Discard, o); err != nil {
		t.Fatal(err)
	}
	prof := filepath.Join(t.TempDir(), "cpu.pb")
	code, out, errs := shardCmd("bench", "paths", "--world", dir, "--map", "0", "--iters", "1", "--cpuprofile", prof)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if b, err := os.ReadFile(prof); err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Errorf("--cpuprofile %s: not a gzip pprof file (%d bytes, %v)", prof, len(b), err)
	}
	for _, twin := range []string{"forest walk", "town street", "dungeon ramp", "shore swim", "overland traverse"} {
		if n := strings.Count(out, "\n"+twin+" "); n != 6 {
			t.Errorf("%q: %d rows, want 6 (classic and five modes)", twin, n)
		}
	}
	if strings.Contains(out, "dao/") {
		t.Error("Moving AI rows with --world DIR and no --movingai")
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "min warm speedup ") {
		t.Errorf("last line %q", last)
	}
	if code, _, errs := shardCmd("bench", "paths", "--map", "2"); code != 2 || !strings.Contains(errs, "needs --world DIR") {
		t.Errorf("--map 2 on the default world: exit %d, %q", code, errs)
	}
	code, _, errs = shardCmd("bench", "paths", "--world", t.TempDir(), "--iters", "1")
	if code == 0 || !strings.Contains(errs, "map0.mul") {
		t.Errorf("empty folder: exit %d, %q", code, errs)
	}
	if err := os.Remove(filepath.Join(dir, britannia.FeaturesFileName(0))); err != nil {
		t.Fatal(err)
	}
	code, _, errs = shardCmd("bench", "paths", "--world", dir, "--iters", "1")
	if code == 0 || !strings.Contains(errs, "no shardcore-features0.json") {
		t.Errorf("no features file: exit %d, %q", code, errs)
	}
}
