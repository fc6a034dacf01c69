package recorder

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/rs/zerolog"

	"github.com/shardcore/shardcore/systems"
)

// Version is the recording format the Recorder writes (the "v" field
// of every line). Version 1 (no "v") carried no dynamic obstacles; version
// 2 adds "dyn" (what each search saw of the dynamic world), "search" (the
// finder) and records each search's own node budget in "maxNodes".
const Version = 2

// Recorder writes one JSON line per path search to a file (see Record for
// the fields). It is off by default; when off, a search costs it one atomic
// load. Whole lines are buffered and written together; the file is rotated
// before it would pass Options.MaxBytes (it becomes PATH.1, the older ones
// PATH.2 ... up to Options.Keep, the oldest deleted). An IO error (a full
// disk) switches recording off with one warning and cuts the file back to
// its last whole line, so the file always reads back. Searches reach it
// through Instrument, which also records what each search saw of the
// dynamic world; several simulations (one per map) may share one Recorder
// from their own goroutines.
type Recorder struct {
	opt  Options
	line []byte // RecordPath's scratch

	on           atomic.Bool
	mu           sync.Mutex // guards everything below
	f            File
	size         int64  // bytes of whole lines in the file
	pending      []byte // whole lines not yet written
	pendingLines uint64
	n            uint64 // lines recorded since New, in the files or pending
	dropped      uint64 // lines lost to IO errors
	rotations    int
	failed       error // the IO error that switched it off
}

// Options configures a Recorder.
type Options struct {
	// Path is the file lines are appended to.
	Path string
	// MaxBytes is the most a file grows to before it is rotated (0: no
	// limit). A single line longer than MaxBytes gets a file of its own.
	MaxBytes int64
	// Keep is how many rotated files are kept (PATH.1 the newest); 0
	// deletes the file at rotation.
	Keep int
	// MaxNodes is the node budget written into lines of searches that do
	// not say theirs.
	MaxNodes int
	// Fingerprint identifies the client files, so a replay can run the
	// same search on the same world.
	Fingerprint uint64
	// Log receives the recorder's warnings (a write failed, the file was
	// cut back, rotated).
	Log zerolog.Logger
	// FS is the file system written through (nil: the real one); tests
	// inject a full disk.
	FS FS
}

// flushAt is how many bytes of whole lines are buffered before they are
// written.
const flushAt = 64 << 10

// New returns a recorder (off) with o.
func New(o Options) *Recorder {
	if o.FS == nil {
		o.FS = OSFS{}
	}
	return &Recorder{opt: o, line: make([]byte, 0, 512)}
}

// Enabled reports whether searches are being recorded.
func (r *Recorder) Enabled() bool { return r.on.Load() }

// Path returns the file the recorder appends to.
func (r *Recorder) Path() string { return r.opt.Path }

// Lines returns the number of lines recorded since New (in the file, the
// rotated files, or buffered).
func (r *Recorder) Lines() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.n
}

// Dropped returns the number of lines an IO error lost.
func (r *Recorder) Dropped() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.dropped
}

// Rotations returns how many times the file was rotated.
func (r *Recorder) Rotations() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.rotations
}

// Err returns the IO error that last switched recording off (nil if none).
func (r *Recorder) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failed
}

// Start opens (appending) the file and turns recording on. A file that
// ends in a cut line (its writer killed mid-line) is cut back to its last
// whole line first, with a warning.
func (r *Recorder) Start() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.on.Load() {
		return nil
	}
	if r.f == nil {
		if dir := filepath.Dir(r.opt.Path); dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return fmt.Errorf("recorder: %w", err)
			}
		}
		if err := r.openLocked(); err != nil {
			return err
		}
	}
	r.failed = nil
	r.on.Store(true)
	return nil
}

// Stop turns recording off and flushes; the file stays open for a restart.
func (r *Recorder) Stop() error {
	r.on.Store(false)
	return r.Flush()
}

// Flush writes buffered lines to the file.
func (r *Recorder) Flush() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failed != nil && r.f == nil {
		return fmt.Errorf("recorder: %s: %w", r.opt.Path, r.failed)
	}
	return r.flushLocked()
}

// Close flushes and closes the file.
func (r *Recorder) Close() error {
	r.on.Store(false)
	r.mu.Lock()
	defer r.mu.Unlock()
	err := r.flushLocked()
	if r.f != nil {
		if cerr := r.f.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("recorder: close %s: %w", r.opt.Path, cerr)
		}
		r.f = nil
	}
	return err
}

// Recording reports whether r records now (systems.Recorder's optional
// Recording: the simulation searches on its own goroutine while it does).
func (r *Recorder) Recording() bool { return r.on.Load() }

// RecordPath appends one search without what it saw of the dynamic world:
// its line has no "dyn", so a replay runs it on the static world (with a
// warning). It implements systems.Recorder; Instrument's recorder is the
// one that captures dynamics.
func (r *Recorder) RecordPath(rec *systems.PathRecord) {
	if !r.on.Load() {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.line = appendRecord(r.line[:0], rec, lineMeta{maxNodes: r.opt.MaxNodes, fp: r.opt.Fingerprint})
	r.writeLocked(r.line)
}

// write appends one finished line.
func (r *Recorder) write(line []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writeLocked(line)
}

// writeLocked appends one whole line, rotating first when it would take
// the file past MaxBytes.
func (r *Recorder) writeLocked(line []byte) {
	if !r.on.Load() || r.f == nil {
		return
	}
	if used := r.size + int64(len(r.pending)); r.opt.MaxBytes > 0 && used > 0 && used+int64(len(line)) > r.opt.MaxBytes {
		if !r.rotateLocked() {
			return
		}
	}
	r.pending = append(r.pending, line...)
	r.pendingLines++
	r.n++
	if len(r.pending) >= flushAt {
		_ = r.flushLocked()
	}
}

// recording, meta and put make the Recorder itself a lineSink (one
// simulation writing straight to the file, as Instrument sets up).
func (r *Recorder) recording() bool { return r.on.Load() }
func (r *Recorder) meta() lineMeta  { return lineMeta{maxNodes: r.opt.MaxNodes, fp: r.opt.Fingerprint} }
func (r *Recorder) put(line []byte) { r.write(line) }
