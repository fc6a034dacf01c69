package faults

import (
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"

	"github.com/shardcore/shardcore/stepcache/swb"
)

// readOnlyFS is a cache dir on a file system remounted read-only: creating
// a file fails with EROFS. (Root ignores a directory's permissions, so a
// chmod alone cannot make the fault on every machine.)
type readOnlyFS struct{ swb.OSFS }

func (readOnlyFS) CreateTemp(dir, _ string) (swb.File, error) {
	return nil, &os.PathError{Op: "open", Path: dir, Err: syscall.EROFS}
}

// fullDiskFS is a disk with room bytes left for the bake: the write that
// would pass them fails with ENOSPC, part-way through the file.
type fullDiskFS struct {
	swb.OSFS
	room int64
}

type fullFile struct {
	swb.File
	mu   sync.Mutex
	room int64
}

func (f fullDiskFS) CreateTemp(dir, pattern string) (swb.File, error) {
	inner, err := f.OSFS.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return &fullFile{File: inner, room: f.room}, nil
}

func (f *fullFile) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if int64(len(p)) <= f.room {
		f.room -= int64(len(p))
		return f.File.Write(p)
	}
	n, _ := f.File.Write(p[:f.room])
	f.room = 0
	return n, &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
}

// stallFS writes the first Write call whole and half of the second one
// (the records), then tells out the temporary's name and blocks forever:
// a bake caught in the middle of writing its file, for a test to kill.
type stallFS struct {
	swb.OSFS
	out io.Writer
}

type stallFile struct {
	swb.File
	out    io.Writer
	writes int
}

func (f stallFS) CreateTemp(dir, pattern string) (swb.File, error) {
	inner, err := f.OSFS.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return &stallFile{File: inner, out: f.out}, nil
}

func (f *stallFile) Write(p []byte) (int, error) {
	f.writes++
	if f.writes < 2 {
		return f.File.Write(p)
	}
	n, err := f.File.Write(p[:len(p)/2])
	if err != nil {
		return n, err
	}
	fmt.Fprintf(f.out, "STALLED %s\n", f.Name())
	select {} // killed here
}
