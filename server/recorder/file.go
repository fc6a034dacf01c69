package recorder

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
)

// openLocked opens the file, cutting a cut last line.
func (r *Recorder) openLocked() error {
	f, size, err := r.opt.FS.OpenAppend(r.opt.Path)
	if err != nil {
		return fmt.Errorf("recorder: %w", err)
	}
	whole, err := lastWholeLine(f, size)
	if err == nil && whole < size {
		if err = f.Truncate(whole); err == nil {
			r.opt.Log.Warn().Str("path", r.opt.Path).Int64("cut_bytes", size-whole).
				Msg("recorder: the file ended in a cut line; cut back to its last whole line")
			size = whole
		}
	}
	if err != nil {
		_ = f.Close()
		return fmt.Errorf("recorder: %s: %w", r.opt.Path, err)
	}
	r.f, r.size = f, size
	return nil
}

// lastWholeLine is the length of f (size bytes) up to and including its
// last newline (0: none).
func lastWholeLine(f io.ReaderAt, size int64) (int64, error) {
	var buf [4096]byte
	for end := size; end > 0; {
		start := max(end-int64(len(buf)), 0)
		b := buf[:end-start]
		if _, err := f.ReadAt(b, start); err != nil {
			return 0, err
		}
		if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
			return start + int64(i) + 1, nil
		}
		end = start
	}
	return 0, nil
}

// flushLocked writes the pending lines. A failed write loses them (counted
// in dropped) and cuts the file back to its last whole line.
func (r *Recorder) flushLocked() error {
	if r.f == nil || len(r.pending) == 0 {
		if r.failed != nil {
			return fmt.Errorf("recorder: %s: %w", r.opt.Path, r.failed)
		}
		return nil
	}
	n, err := r.f.Write(r.pending)
	if err != nil {
		if n > 0 { // a part of a line reached the file: cut it off
			if terr := r.f.Truncate(r.size); terr != nil {
				err = errors.Join(err, fmt.Errorf("cutting back to %d bytes: %w", r.size, terr))
			}
		}
		r.n -= r.pendingLines
		r.dropped += r.pendingLines
		r.pending, r.pendingLines = r.pending[:0], 0
		r.fail(err)
		return fmt.Errorf("recorder: write %s: %w", r.opt.Path, err)
	}
	r.size += int64(n)
	r.pending, r.pendingLines = r.pending[:0], 0
	return nil
}

// rotateLocked writes the pending lines, closes the file, shifts it and the
// kept ones (PATH → PATH.1 → PATH.2 ...; beyond Keep deleted) and opens a
// new one. It reports whether recording goes on.
func (r *Recorder) rotateLocked() bool {
	if r.flushLocked() != nil {
		return false
	}
	err := r.f.Close()
	r.f = nil
	path := r.opt.Path
	if err == nil && r.opt.Keep == 0 {
		err = r.opt.FS.Remove(path)
	}
	for i := r.opt.Keep - 1; err == nil && i >= 1; i-- {
		if rerr := r.opt.FS.Rename(rotated(path, i), rotated(path, i+1)); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
			err = rerr
		}
	}
	if err == nil && r.opt.Keep > 0 {
		err = r.opt.FS.Rename(path, rotated(path, 1))
	}
	if err == nil {
		err = r.openLocked()
	}
	if err != nil {
		r.fail(fmt.Errorf("rotating: %w", err))
		return false
	}
	r.rotations++
	r.opt.Log.Info().Str("path", path).Int("rotations", r.rotations).Int("keep", r.opt.Keep).Msg("recorder: file rotated")
	return true
}

// rotated is the name of path's i-th rotated file.
func rotated(path string, i int) string { return path + "." + strconv.Itoa(i) }

// fail switches recording off after an IO error, warning once. The caller
// holds mu.
func (r *Recorder) fail(err error) {
	r.on.Store(false)
	if r.failed == nil {
		r.opt.Log.Warn().Err(err).Str("path", r.opt.Path).Uint64("lines", r.n).Uint64("dropped", r.dropped).
			Msg("recorder: write failed; recording switched off (the file ends at its last whole line; `record on` starts again)")
	}
	r.failed = err
}
