package recorder

import (
	"bytes"

	"github.com/shardcore/shardcore/systems"
)

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
	if len(m.buf) > 0 && r.on.Load() && r.f != nil {
		if used := r.size + int64(len(r.pending)); r.opt.MaxBytes == 0 || used+int64(len(m.buf)) <= r.opt.MaxBytes {
			r.pending = append(r.pending, m.buf...)
			r.pendingLines += m.lines
			r.n += m.lines
			if len(r.pending) >= flushAt {
				_ = r.flushLocked()
			}
		} else { // line by line: the file rotates between two
			for b := m.buf; len(b) > 0; {
				i := bytes.IndexByte(b, '\n') + 1
				if i == 0 {
					i = len(b)
				}
				r.writeLocked(b[:i])
				b = b[i:]
			}
		}
	}
	m.buf, m.lines = m.buf[:0], 0
}
