package swb

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
)

// fullFS is OSFS on a disk that fills up after room bytes: the write that
// would pass it fails with ENOSPC.
type fullFS struct {
	OSFS
	room int64
}

type fullFile struct {
	File
	room *int64
}

func (f fullFS) CreateTemp(dir, pattern string) (File, error) {
	inner, err := f.OSFS.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	room := f.room
	return fullFile{inner, &room}, nil
}

func (f fullFile) Write(p []byte) (int, error) {
	if int64(len(p)) > *f.room {
		n, _ := f.File.Write(p[:*f.room])
		*f.room = 0
		return n, &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
	}
	*f.room -= int64(len(p))
	return f.File.Write(p)
}

// TestDiskFullKeepsOldFile: a bake that runs out of disk part-way fails
// with ENOSPC, leaves the previous file byte-identical and removes its
// temporary.
func TestDiskFullKeepsOldFile(t *testing.T) {
	const w, h = 8, 8
	dir := t.TempDir()
	path := filepath.Join(dir, "m.swb")
	writeTestFile(t, path, swbtest.SynthMap(40, w, h), w, h)
	old, _ := os.ReadFile(path)
	for _, room := range []int64{0, 100, int64(len(old)) / 2} {
		_, err := WriteFS(context.Background(), fullFS{room: room}, path, testHeader(w, h), SliceChunks(swbtest.SynthMap(41, w, h), w))
		if !errors.Is(err, syscall.ENOSPC) {
			t.Fatalf("room %d: %v", room, err)
		}
	}
	if now, _ := os.ReadFile(path); string(now) != string(old) {
		t.Fatal("old file changed")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("dir holds %d entries, want only m.swb", len(ents))
	}
}

// TestRemoveStaleTemps: a temporary whose writer is gone (closed, so
// unlocked) is removed; one a live writer holds is left alone.
func TestRemoveStaleTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "map0.swb")
	live, err := OSFS{}.CreateTemp(dir, tempPattern(path))
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	dead, err := OSFS{}.CreateTemp(dir, tempPattern(path))
	if err != nil {
		t.Fatal(err)
	}
	dead.Close()
	other := filepath.Join(dir, ".map1.swb.tmp-1")
	if err := os.WriteFile(other, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	n, err := RemoveStaleTemps(path)
	if err != nil {
		t.Fatal(err)
	}
	_, liveErr := os.Stat(live.Name())
	_, deadErr := os.Stat(dead.Name())
	_, otherErr := os.Stat(other)
	if n != 1 || liveErr != nil || !os.IsNotExist(deadErr) || otherErr != nil {
		t.Fatalf("removed %d; live %v, dead %v, other map's %v", n, liveErr, deadErr, otherErr)
	}
}
