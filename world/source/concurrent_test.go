package source

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/shardcore/shardcore/world/gen"
)

// TestConcurrentLoadsOfOneFolder: shards starting together on one folder
// each rewrite the generated world's files and fingerprint them: every
// load succeeds with the one fingerprint (the files were written in place,
// and a load hashing tiledata.mul while another rewrote it failed with
// "file changed while hashing"), and no temporary is left.
func TestConcurrentLoadsOfOneFolder(t *testing.T) {
	dir := t.TempDir()
	const loaders, rounds = 4, 8
	fps := make(chan uint64, loaders*rounds)
	errs := make(chan error, loaders*rounds)
	var wg sync.WaitGroup
	for range loaders {
		wg.Go(func() {
			for range rounds {
				w, err := Load(context.Background(), Spec{Seed: 5, Width: 512, Height: 512, FilesDir: dir})
				if err != nil {
					errs <- err
					continue
				}
				fps <- w.Fingerprint
			}
		})
	}
	wg.Wait()
	close(fps)
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	var first uint64
	for fp := range fps {
		if first == 0 {
			first = fp
		}
		if fp != first {
			t.Errorf("fingerprints %x and %x of one world", fp, first)
		}
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{LockName: true}
	for _, n := range gen.Files() {
		want[n] = true
	}
	for _, e := range ents {
		if !want[e.Name()] {
			t.Errorf("left in the folder: %s", filepath.Join(dir, e.Name()))
		}
	}
}

// TestDefaultFilesDirIsPrivate: without FilesDir the world goes under the
// user's cache dir, not a fixed path under the shared temp dir.
func TestDefaultFilesDirIsPrivate(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	base, err := os.UserCacheDir()
	if err != nil {
		t.Skip("no user cache dir")
	}
	w, err := Load(context.Background(), Spec{Seed: 6, Width: 512, Height: 512})
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(base, "shardcore", "defaultworld-6-512x512")
	if filepath.Dir(w.Files.TileData) != want {
		t.Errorf("files in %s, want %s", filepath.Dir(w.Files.TileData), want)
	}
	fi, err := os.Stat(want)
	if err != nil || fi.Mode().Perm()&0o077 != 0 {
		t.Errorf("folder %s: %v, mode %v: want private to the user", want, err, fi.Mode())
	}
}
