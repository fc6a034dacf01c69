package recorder

import (
	"io"
	"os"

	"github.com/shardcore/shardcore/internal/safefile"
)

// FS is the file system a Recorder writes through: OSFS writes real
// files; tests pass their own to inject a full disk.
type FS interface {
	// OpenAppend opens path for appending and reading, creating it when
	// missing, and returns its size.
	OpenAppend(path string) (File, int64, error)
	// Rename replaces newpath by oldpath.
	Rename(oldpath, newpath string) error
	// Remove deletes a file.
	Remove(path string) error
}

// File is a recording file: appended to, read back (its last line checked)
// and cut back.
type File interface {
	io.Writer
	io.ReaderAt
	Truncate(size int64) error
	Close() error
}

// OSFS is the operating system's file system. OpenAppend refuses a path
// that names something other than a regular file (a named pipe would block
// the recorder's writes).
type OSFS struct{}

// OpenAppend implements FS.
func (OSFS) OpenAppend(path string) (File, int64, error) {
	f, size, err := safefile.OpenAppend(path, 0o644)
	if err != nil {
		return nil, 0, err
	}
	return f, size, nil
}

// Rename implements FS.
func (OSFS) Rename(oldpath, newpath string) error { return os.Rename(oldpath, newpath) }

// Remove implements FS.
func (OSFS) Remove(path string) error { return os.Remove(path) }
