package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Errors a refused file matches (errors.Is).
var (
	// ErrNotRegular: the path names a named pipe, a device, a socket, a
	// directory or another file that is not a regular file.
	ErrNotRegular = errors.New("not a regular file")
	// ErrTooLarge: the file is larger than its reader accepts.
	ErrTooLarge = errors.New("file too large")
)

// NoLimit is the limit of a file any size of which is plausible (one that
// is mapped, not read whole).
const NoLimit = int64(1<<63 - 1)

// Stat returns the file path names (following symbolic links) when it is a
// regular file of at most limit bytes; otherwise an error that says what the
// path is (ErrNotRegular) or how large (ErrTooLarge). A missing file
// matches fs.ErrNotExist.
func Stat(path string, limit int64) (os.FileInfo, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := check(path, fi, limit); err != nil {
		return nil, err
	}
	return fi, nil
}

// check refuses fi unless it is a regular file of at most limit bytes.
func check(path string, fi os.FileInfo, limit int64) error {
	if !fi.Mode().IsRegular() {
		return &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w: it is %s", ErrNotRegular, kind(fi.Mode()))}
	}
	if fi.Size() > limit {
		return &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w: %d bytes, more than the %d this file can plausibly be (not read)", ErrTooLarge, fi.Size(), limit)}
	}
	return nil
}

// kind names what a file that is not regular is.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeDir != 0:
		return "a directory"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return "not a regular file (mode " + m.String() + ")"
}

// Open opens path for reading when Stat accepts it, without blocking
// whatever the path names by the time it is opened, and checks the opened
// file again. It returns the file and what it is.
func Open(path string, limit int64) (*os.File, os.FileInfo, error) {
	if _, err := Stat(path, limit); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Op == "stat" {
			pe.Op = "open" // the stat is part of opening: "open FILE: no such file or directory"
		}
		return nil, nil, err
	}
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		err = check(path, fi, limit)
	}
	if err == nil {
		err = setBlocking(f)
	}
	if err != nil {
		_ = f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// OpenAppend opens path for appending (and reading), creating it (perm)
// when missing, when it is absent or a regular file: a named pipe there is
// refused without waiting for a reader, a device or a directory refused
// before it is opened. It returns the file and its size.
func OpenAppend(path string, perm os.FileMode) (*os.File, int64, error) {
	if fi, err := os.Stat(path); err == nil {
		if err := check(path, fi, NoLimit); err != nil {
			return nil, 0, err
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, 0, err
	}
	f, err := openAppendNonBlocking(path, perm)
	if err != nil {
		return nil, 0, err
	}
	fi, err := f.Stat()
	if err == nil {
		err = check(path, fi, NoLimit)
	}
	if err == nil {
		err = setBlocking(f)
	}
	if err != nil {
		_ = f.Close()
		return nil, 0, err
	}
	return f, fi.Size(), nil
}

// ReadFile reads the whole of path when Open accepts it. A file that
// shrinks while it is read is an error; one that grows is read to the size
// it had when opened.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, fi, err := Open(path, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data := make([]byte, fi.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			err = fmt.Errorf("the file shrank below its %d bytes while it was read: %w", fi.Size(), err)
		}
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	return data, nil
}

// ReadPrefix reads the first n bytes of path (the whole file when it is
// shorter) when Open accepts it at any size: a file of which only a known
// prefix matters, read without regard to what follows.
func ReadPrefix(path string, n int64) ([]byte, error) {
	f, fi, err := Open(path, NoLimit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data := make([]byte, min(fi.Size(), max(n, 0)))
	if _, err := io.ReadFull(f, data); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			err = fmt.Errorf("the file shrank below %d bytes while it was read: %w", len(data), err)
		}
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	return data, nil
}
