package swb

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// FS is the file system Write goes through: OSFS writes real files; tests
// pass their own to inject faults (a disk that fills up, a directory that
// turns read-only) where a real one cannot be made to fail on cue.
type FS interface {
	// CreateTemp creates a new file in dir for writing, named from pattern
	// as os.CreateTemp names it.
	CreateTemp(dir, pattern string) (File, error)
	// Rename replaces newpath by oldpath atomically.
	Rename(oldpath, newpath string) error
	// Remove deletes a file.
	Remove(name string) error
	// SyncDir makes the renames done in dir durable.
	SyncDir(dir string) error
}

// File is what Write writes through: records and index in order, then the
// header at offset 0, then Sync and Close.
type File interface {
	io.Writer
	io.WriterAt
	Name() string
	Sync() error
	Close() error
}

// OSFS is the operating system's file system. Its temporary files are
// locked while open (where the platform has advisory locks), so
// RemoveStaleTemps never removes one a live writer, in this process or
// another, is writing.
type OSFS struct{}

// CreateTemp implements FS.
func (OSFS) CreateTemp(dir, pattern string) (File, error) {
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	// Best effort: where the file system refuses locks, the temporary is
	// written unlocked, and RemoveStaleTemps cannot tell it is live (it
	// then leaves every temporary alone, see unlockedTemp).
	_ = lockFile(f)
	return f, nil
}

// Rename implements FS.
func (OSFS) Rename(oldpath, newpath string) error { return os.Rename(oldpath, newpath) }

// Remove implements FS.
func (OSFS) Remove(name string) error { return os.Remove(name) }

// SyncDir implements FS.
func (OSFS) SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	return errors.Join(d.Sync(), d.Close())
}

// tempPattern is the name pattern of path's temporary files.
func tempPattern(path string) string { return "." + filepath.Base(path) + ".tmp-*" }

// RemoveStaleTemps removes the temporary files a writer of path left behind
// when it died mid-write (killed, or the machine lost power): those in
// path's directory that no live writer holds locked. It returns how many
// it removed. Where the platform has no advisory locks it removes none.
func RemoveStaleTemps(path string) (int, error) {
	matches, err := filepath.Glob(filepath.Join(filepath.Dir(path), tempPattern(path)))
	if err != nil {
		return 0, fmt.Errorf("swb: stale temps of %s: %w", path, err)
	}
	n := 0
	var errs []error
	for _, m := range matches {
		if !strings.HasPrefix(filepath.Base(m), "."+filepath.Base(path)+".tmp-") {
			continue
		}
		stale, err := unlockedTemp(m)
		if err != nil || !stale {
			if err != nil && !os.IsNotExist(err) {
				errs = append(errs, err)
			}
			continue
		}
		if err := os.Remove(m); err != nil && !os.IsNotExist(err) {
			errs = append(errs, err)
			continue
		}
		n++
	}
	if err := errors.Join(errs...); err != nil {
		return n, fmt.Errorf("swb: stale temps of %s: %w", path, err)
	}
	return n, nil
}
