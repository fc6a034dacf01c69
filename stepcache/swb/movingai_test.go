package swb

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/testkit/repo"
	"github.com/shardcore/shardcore/world/movingai"
)

// TestMovingAILossless: on the Moving AI maps (testdata/movingai
// beside the module root; skipped without them), every chunk written to a
// .swb and read back is identical to the baked chunk. Maps of more than
// 1,024 chunks are sampled (every chunk of a sampled band of rows) to keep
// the test to a few seconds.
func TestMovingAILossless(t *testing.T) {
	dir, err := repo.MovingAIDir()
	if err != nil {
		t.Skip(err)
	}
	var maps []string
	_ = filepath.WalkDir(filepath.Join(dir, "maps"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".map") {
			maps = append(maps, p)
		}
		return nil
	})
	if len(maps) == 0 {
		t.Skipf("no Moving AI maps under %s", dir)
	}
	total := 0
	for _, p := range maps {
		rules := loadMovingAIRules(t, p)
		wc, hc := chunk.Grid(rules.Map.Width, rules.Map.Height)
		chunks, err := bake.BuildMap(context.Background(), rules, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(chunks) > 1024 {
			// A band of rows keeps neighbours (and dedup) as on the whole map.
			band := 1024 / wc
			start := (hc - band) / 2
			chunks, hc = chunks[start*wc:(start+band)*wc], band
		}
		t.Run(filepath.Base(p), func(t *testing.T) {
			roundTrip(t, filepath.Join(t.TempDir(), filepath.Base(p)+".swb"), chunks, wc, hc)
		})
		total += len(chunks)
	}
	t.Logf("%d maps, %d chunks read back identical", len(maps), total)
}

func loadMovingAIRules(t *testing.T, path string) *movement.Rules {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := movingai.ParseMap(f, filepath.Base(path))
	if err != nil {
		t.Fatal(err)
	}
	m, td, err := g.World()
	if err != nil {
		t.Fatal(err)
	}
	return movement.NewRules(m, td, nil)
}
