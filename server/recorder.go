package server

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/rs/zerolog"

	"shardcore/stepcache"
	"shardcore/systems"
)

// Recorder writes one JSON line per path search to a file (see Record for
// the fields). It is off by default; when off, RecordPath is one bool check.
// Writes are buffered; an IO error switches it off and is logged once. A
// Recorder is used from the tick goroutine only: the maps' goroutines record
// into their own buffers (mapRecorder), which it writes after each tick.
type Recorder struct {
	path        string
	maxNodes    int
	fingerprint uint64
	log         zerolog.Logger

	on     bool
	f      *os.File
	w      *bufio.Writer
	line   []byte
	n      uint64 // lines written since the file was opened
	failed error  // the IO error that switched it off
}

// NewRecorder returns a recorder (off) appending to path. maxNodes and
// fingerprint are written into every line so a replay can run the same
// search on the same world.
func NewRecorder(path string, maxNodes int, fingerprint uint64, log zerolog.Logger) *Recorder {
	return &Recorder{path: path, maxNodes: maxNodes, fingerprint: fingerprint, log: log, line: make([]byte, 0, 512)}
}

// Enabled reports whether searches are being recorded.
func (r *Recorder) Enabled() bool { return r.on }

// Path returns the file the recorder appends to.
func (r *Recorder) Path() string { return r.path }

// Lines returns the number of lines recorded since the file was opened.
func (r *Recorder) Lines() uint64 { return r.n }

// Err returns the IO error that last switched recording off (nil if none).
func (r *Recorder) Err() error { return r.failed }

// Start opens (appending) the file and turns recording on.
func (r *Recorder) Start() error {
	if r.on {
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
	r.on = true
	return nil
}

// Stop turns recording off and flushes; the file stays open for a restart.
func (r *Recorder) Stop() error {
	r.on = false
	return r.Flush()
}

// Flush writes buffered lines to the file.
func (r *Recorder) Flush() error {
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
	err := r.Stop()
	if r.f != nil {
		if cerr := r.f.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("recorder: close %s: %w", r.path, cerr)
		}
		r.f, r.w = nil, nil
	}
	return err
}

// fail switches recording off after an IO error, logging it once.
func (r *Recorder) fail(err error) {
	r.on = false
	if r.failed == nil {
		r.log.Error().Err(err).Str("path", r.path).Msg("recorder: write failed; recording switched off")
	}
	r.failed = err
}

// RecordPath appends one search; it implements systems.Recorder.
func (r *Recorder) RecordPath(rec *systems.PathRecord) {
	if !r.on {
		return
	}
	r.line = appendRecord(r.line[:0], rec, r.maxNodes, r.fingerprint)
	if _, err := r.w.Write(r.line); err != nil {
		r.fail(err)
		return
	}
	r.n++
}

// mapRecorder buffers one map's searches of the running tick on the map's
// goroutine (its fingerprint in every line); the tick goroutine appends the
// buffers to the file after the tick, map by map in world.maps order
// (Recorder.writeMaps), so the file is in tick order and, within a tick, in
// map order. on is set from the Recorder at each tick's start.
type mapRecorder struct {
	fp       uint64
	maxNodes int
	on       bool
	buf      []byte
	lines    uint64
}

// RecordPath buffers one search; it implements systems.Recorder.
func (m *mapRecorder) RecordPath(rec *systems.PathRecord) {
	if !m.on {
		return
	}
	m.buf = appendRecord(m.buf, rec, m.maxNodes, m.fp)
	m.lines++
}

// writeMaps appends the maps' buffered lines to the file and empties the
// buffers (tick goroutine, between ticks).
func (r *Recorder) writeMaps(maps []*mapEntry) {
	for _, me := range maps {
		m := &me.rec
		if len(m.buf) > 0 && r.on {
			if _, err := r.w.Write(m.buf); err != nil {
				r.fail(err)
			} else {
				r.n += m.lines
			}
		}
		m.buf, m.lines = m.buf[:0], 0
	}
}

// appendRecord appends rec as one JSON line (the Record shape) to b.
func appendRecord(b []byte, rec *systems.PathRecord, maxNodes int, fp uint64) []byte {
	b = append(b, `{"tick":`...)
	b = strconv.AppendUint(b, rec.Tick, 10)
	b = append(b, `,"map":`...)
	b = strconv.AppendUint(b, uint64(rec.Map), 10)
	b = append(b, `,"fp":"`...)
	b = strconv.AppendUint(b, fp, 16)
	b = append(b, `","mobile":`...)
	b = strconv.AppendUint(b, rec.MobileID, 10)
	b = append(b, `,"party":`...)
	b = strconv.AppendUint(b, rec.Party, 10)
	b = append(b, `,"start":[`...)
	b = strconv.AppendInt(b, int64(rec.Start.X), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(rec.Start.Y), 10)
	b = append(b, `],"startZ":`...)
	b = strconv.AppendInt(b, int64(rec.StartZ), 10)
	b = append(b, `,"goal":[`...)
	b = strconv.AppendInt(b, int64(rec.Goal.X), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(rec.Goal.Y), 10)
	b = append(b, `],"range":`...)
	b = strconv.AppendInt(b, int64(rec.Range), 10)
	b = append(b, `,"caps":`...)
	b = strconv.AppendUint(b, uint64(rec.Caps), 10)
	b = append(b, `,"maxNodes":`...)
	b = strconv.AppendInt(b, int64(maxNodes), 10)
	b = append(b, `,"found":`...)
	b = strconv.AppendBool(b, rec.Found)
	b = append(b, `,"steps":`...)
	b = strconv.AppendInt(b, int64(rec.Steps), 10)
	b = append(b, `,"cost":`...)
	b = strconv.AppendFloat(b, rec.Cost, 'g', -1, 64)
	b = append(b, `,"expansions":`...)
	b = strconv.AppendInt(b, int64(rec.Expansions), 10)
	b = append(b, `,"us":`...)
	b = strconv.AppendFloat(b, float64(rec.Duration.Nanoseconds())/1e3, 'f', 1, 64)
	b = append(b, `,"waitTicks":`...)
	b = strconv.AppendUint(b, rec.WaitTicks, 10)
	b = append(b, `,"lookups":{`...)
	first := true
	for k, n := range rec.Lookups {
		if n == 0 {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, stepcache.HitKind(k).String()...)
		b = append(b, `":`...)
		b = strconv.AppendInt(b, int64(n), 10)
	}
	b = append(b, "}}\n"...)
	return b
}
