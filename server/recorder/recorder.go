package recorder

import (
	"bufio"
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
// load. Writes are buffered; an IO error switches it off and is logged
// once. Searches reach it through Instrument, which also records what each
// search saw of the dynamic world; several simulations (one per map) may
// share one Recorder from their own goroutines.
type Recorder struct {
	path        string
	maxNodes    int
	fingerprint uint64
	log         zerolog.Logger

	on     atomic.Bool
	mu     sync.Mutex // guards everything below
	f      *os.File
	w      *bufio.Writer
	line   []byte // RecordPath's scratch
	n      uint64 // lines written since the file was opened
	failed error  // the IO error that switched it off
}

// New returns a recorder (off) appending to path. maxNodes is the
// node budget written into lines of searches that do not say theirs, and
// fingerprint identifies the client files, so a replay can run the same
// search on the same world.
func New(path string, maxNodes int, fingerprint uint64, log zerolog.Logger) *Recorder {
	return &Recorder{path: path, maxNodes: maxNodes, fingerprint: fingerprint, log: log, line: make([]byte, 0, 512)}
}

// Enabled reports whether searches are being recorded.
func (r *Recorder) Enabled() bool { return r.on.Load() }

// Path returns the file the recorder appends to.
func (r *Recorder) Path() string { return r.path }

// Lines returns the number of lines recorded since the file was opened.
func (r *Recorder) Lines() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.n
}

// Err returns the IO error that last switched recording off (nil if none).
func (r *Recorder) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failed
}

// Start opens (appending) the file and turns recording on.
func (r *Recorder) Start() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.on.Load() {
		return nil
	}
	if r.f == nil {
		if dir := filepath.Dir(r.path); dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return fmt.Errorf("recorder: %w", err)
			}
		}
		f, err := os.OpenFile(r.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return fmt.Errorf("recorder: %w", err)
		}
		r.f, r.w = f, bufio.NewWriterSize(f, 64<<10)
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
	return r.flushLocked()
}

func (r *Recorder) flushLocked() error {
	if r.w == nil {
		return nil
	}
	if err := r.w.Flush(); err != nil {
		r.fail(err)
		return fmt.Errorf("recorder: flush %s: %w", r.path, err)
	}
	return nil
}

// Close flushes and closes the file.
func (r *Recorder) Close() error {
	r.on.Store(false)
	r.mu.Lock()
	defer r.mu.Unlock()
	err := r.flushLocked()
	if r.f != nil {
		if cerr := r.f.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("recorder: close %s: %w", r.path, cerr)
		}
		r.f, r.w = nil, nil
	}
	return err
}

// fail switches recording off after an IO error, logging it once. The
// caller holds mu.
func (r *Recorder) fail(err error) {
	r.on.Store(false)
	if r.failed == nil {
		r.log.Error().Err(err).Str("path", r.path).Msg("recorder: write failed; recording switched off")
	}
	r.failed = err
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
	r.line = appendRecord(r.line[:0], rec, lineMeta{maxNodes: r.maxNodes, fp: r.fingerprint})
	r.writeLocked(r.line)
}

// write appends one finished line.
func (r *Recorder) write(line []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writeLocked(line)
}

func (r *Recorder) writeLocked(line []byte) {
	if !r.on.Load() || r.w == nil {
		return
	}
	if _, err := r.w.Write(line); err != nil {
		r.fail(err)
		return
	}
	r.n++
}

// Buffer holds one simulation's searches of the running tick, made on the
// simulation's goroutine (its fingerprint in every line), until the owner
// of the Recorder appends it to the file between ticks (Recorder.Drain).
// A shard with several maps gives each its Buffer and drains them in map
// order after each tick, so the file is in tick order and, within a tick,
// in map order. Whether it records is set at each tick's start (SetOn).
type Buffer struct {
	fp       uint64
	maxNodes int
	on       bool
	buf      []byte
	lines    uint64
}

// NewBuffer returns a buffer (off) whose lines carry fingerprint and, for
// searches that do not say theirs, the node budget maxNodes.
func NewBuffer(fingerprint uint64, maxNodes int) *Buffer {
	return &Buffer{fp: fingerprint, maxNodes: maxNodes}
}

// SetOn sets whether the simulation's searches are recorded until the next
// SetOn (the Recorder's Enabled, read at the tick's start).
func (m *Buffer) SetOn(on bool) { m.on = on }

// Instrument is Recorder.Instrument with the lines going to m.
func (m *Buffer) Instrument(o systems.Options) systems.Options { return instrument(o, m) }

// recording, meta and put make a Buffer a lineSink.
func (m *Buffer) recording() bool { return m.on }
func (m *Buffer) meta() lineMeta  { return lineMeta{maxNodes: m.maxNodes, fp: m.fp} }
func (m *Buffer) put(line []byte) {
	m.buf = append(m.buf, line...)
	m.lines++
}

// Drain appends m's lines to the file (while recording) and empties m. It
// runs between ticks, when no search writes to m.
func (r *Recorder) Drain(m *Buffer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(m.buf) > 0 && r.on.Load() && r.w != nil {
		if _, err := r.w.Write(m.buf); err != nil {
			r.fail(err)
		} else {
			r.n += m.lines
		}
	}
	m.buf, m.lines = m.buf[:0], 0
}

// recording, meta and put make the Recorder itself a lineSink (one
// simulation writing straight to the file, as Instrument sets up).
func (r *Recorder) recording() bool { return r.on.Load() }
func (r *Recorder) meta() lineMeta  { return lineMeta{maxNodes: r.maxNodes, fp: r.fingerprint} }
func (r *Recorder) put(line []byte) { r.write(line) }
