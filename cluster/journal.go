package cluster

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/zeebo/xxh3"
)

// The journal is the file beside the save (shard.saveFile + ".journal")
// that records each transfer leaving or entering this process's maps the
// moment it does, before anything is sent or acknowledged for it: an
// outbound transfer is published only once its record is on disk, and an
// inbound one acknowledged only once its record is. Each record carries
// the generation of the last save captured before it, so a process
// restored from the save of generation G replays exactly the records of
// generation G and later on top of it. Once a save of generation G is on
// disk, the records before G are dropped (the file is rewritten).
//
// Layout: journalMagic, then records: the payload's length (u32), its
// xxh3 (u64), the payload: the kind (1 out, 2 in), the generation
// (uvarint) and the transfer. A record cut short at the end is one a
// crash interrupted (nothing was sent or acknowledged for it) and is
// dropped; a bad record before the end is corruption and refused.

const journalMagic = "SHCJRNL\x01"

// Record kinds.
const (
	recOut = 1
	recIn  = 2
)

// maxRecord bounds a record's payload.
const maxRecord = 1 << 24

// errJournal is what a journal that does not read wraps.
var errJournal = errors.New("cluster: bad journal")

// record is one journal record.
type record struct {
	kind byte
	gen  uint64
	t    *transfer
}

func (rc record) payload() []byte {
	b := binary.AppendUvarint([]byte{rc.kind}, rc.gen)
	return appendTransfer(b, rc.t)
}

// frame is a record's bytes in the file.
func frame(p []byte) []byte {
	b := binary.LittleEndian.AppendUint32(make([]byte, 0, 12+len(p)), uint32(len(p)))
	b = binary.LittleEndian.AppendUint64(b, xxh3.Hash(p))
	return append(b, p...)
}

// readJournal reads the journal at path: its records, and how many bytes
// a crash left cut at its end. A missing file has no records.
func readJournal(path string) ([]record, int, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("cluster: journal: %w", err)
	}
	if len(b) < len(journalMagic) || string(b[:len(journalMagic)]) != journalMagic {
		if len(b) < len(journalMagic) && bytes.HasPrefix([]byte(journalMagic), b) {
			return nil, len(b), nil // cut while its header was written
		}
		return nil, 0, fmt.Errorf("%w: %s is not a transfers journal", errJournal, path)
	}
	var out []record
	rest := b[len(journalMagic):]
	for len(rest) > 0 {
		if len(rest) < 12 {
			return out, len(rest), nil
		}
		n := binary.LittleEndian.Uint32(rest)
		if n > maxRecord {
			return nil, 0, fmt.Errorf("%w: %s: a record of %d bytes at byte %d", errJournal, path, n, len(b)-len(rest))
		}
		if uint64(len(rest)-12) < uint64(n) {
			return out, len(rest), nil
		}
		p := rest[12 : 12+n]
		if xxh3.Hash(p) != binary.LittleEndian.Uint64(rest[4:]) {
			if 12+int(n) == len(rest) {
				return out, len(rest), nil // the last record, torn by a crash
			}
			return nil, 0, fmt.Errorf("%w: %s: checksum mismatch at byte %d", errJournal, path, len(b)-len(rest))
		}
		rc, err := decodeRecord(p)
		if err != nil {
			return nil, 0, fmt.Errorf("%s at byte %d: %w", path, len(b)-len(rest), err)
		}
		out = append(out, rc)
		rest = rest[12+n:]
	}
	return out, 0, nil
}

func decodeRecord(p []byte) (record, error) {
	r := reader{b: p}
	rc := record{kind: r.byte(), gen: r.uvarint("generation")}
	if r.err == nil && rc.kind != recOut && rc.kind != recIn {
		r.fail("record kind")
	}
	rc.t = r.transfer()
	if err := r.end(); err != nil {
		return record{}, fmt.Errorf("%w: %w", errJournal, err)
	}
	return rc, nil
}

// jop is work for the journal's writer: a record to append (rec.t set),
// then after (nil: nothing) once it is on disk; or with compact set, drop
// the records before generation compact.
type jop struct {
	rec     record
	after   func()
	compact uint64
}

// journal appends records on a goroutine of its own, syncing each batch
// before running its records' afters, and rewrites itself without the
// records a save now holds.
type journal struct {
	path string
	q    queue[jop]
	f    *os.File
	// kept are the records in the file, as (generation, frame), for
	// rewriting it.
	kept []keptRecord
	mu   sync.Mutex // guards err
	err  error      // the last write error (the writer retries)
}

type keptRecord struct {
	gen   uint64
	frame []byte
}

// openJournal opens the journal at path for appending, after records
// (what readJournal found), dropping a cut tail.
func openJournal(path string, records []record) (*journal, error) {
	j := &journal{path: path, q: newQueue[jop]()}
	for _, rc := range records {
		j.kept = append(j.kept, keptRecord{rc.gen, frame(rc.payload())})
	}
	if err := j.rewrite(0); err != nil {
		return nil, err
	}
	return j, nil
}

// rewrite writes the kept records of generation gen and later to a temp
// file, syncs it and renames it over the journal, then reopens it for
// appending.
func (j *journal) rewrite(gen uint64) error {
	kept := j.kept[:0]
	var b bytes.Buffer
	b.WriteString(journalMagic)
	for _, k := range j.kept {
		if k.gen >= gen {
			kept = append(kept, k)
			b.Write(k.frame)
		}
	}
	clear(j.kept[len(kept):])
	j.kept = kept
	tmp := j.path + ".tmp"
	if err := writeSynced(tmp, b.Bytes()); err != nil {
		return fmt.Errorf("cluster: journal: %w", err)
	}
	if j.f != nil {
		j.f.Close()
		j.f = nil
	}
	if err := os.Rename(tmp, j.path); err != nil {
		return fmt.Errorf("cluster: journal: %w", err)
	}
	syncDir(filepath.Dir(j.path))
	f, err := os.OpenFile(j.path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return fmt.Errorf("cluster: journal: %w", err)
	}
	j.f = f
	return nil
}

// writeSynced writes b to a new file at path and syncs it.
func writeSynced(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// syncDir syncs a folder, so a rename in it survives a crash.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// run writes what is queued until done closes, then what is left; a batch
// that fails to write is retried (its afters wait: nothing is sent or
// acknowledged for a record not on disk).
func (j *journal) run(done <-chan struct{}, retry func() <-chan struct{}) {
	var ops []jop
	for {
		select {
		case <-j.q.ready:
		case <-done:
			ops = j.q.take(ops)
			j.flush(ops, retry, done)
			j.f.Close()
			return
		}
		ops = j.q.take(ops)
		ops = j.flush(ops, retry, done)
	}
}

// flush writes ops' records, syncs, runs their afters and compacts, and
// returns ops emptied for reuse. On a write error it keeps trying until
// it succeeds or done closes.
func (j *journal) flush(ops []jop, retry func() <-chan struct{}, done <-chan struct{}) []jop {
	for {
		err := j.write(ops)
		j.setErr(err)
		if err == nil {
			break
		}
		select {
		case <-retry():
		case <-done:
			return ops[:0]
		}
	}
	for _, op := range ops {
		if op.after != nil {
			op.after()
		}
	}
	clear(ops)
	return ops[:0]
}

// write appends ops' records in one write and syncs, then does the
// compactions among them. What it has done is taken out of ops (a record
// written, a compaction done), so a retry after an error does the rest.
func (j *journal) write(ops []jop) error {
	var b []byte
	n := len(j.kept)
	for _, op := range ops {
		if op.rec.t != nil {
			f := frame(op.rec.payload())
			b = append(b, f...)
			j.kept = append(j.kept, keptRecord{op.rec.gen, f})
		}
	}
	if len(b) > 0 {
		_, err := j.f.Write(b)
		if err == nil {
			err = j.f.Sync()
		}
		if err != nil {
			j.kept = j.kept[:n]
			return j.reopen(err)
		}
		for i := range ops {
			ops[i].rec.t = nil
		}
	}
	for i := range ops {
		if ops[i].compact > 0 {
			if err := j.rewrite(ops[i].compact); err != nil {
				return err
			}
			ops[i].compact = 0
		}
	}
	return nil
}

// reopen rewrites the journal from its kept records after a failed
// append (which may have left part of a batch in the file), and returns
// the append's error.
func (j *journal) reopen(cause error) error {
	if err := j.rewrite(0); err != nil {
		return errors.Join(cause, err)
	}
	return fmt.Errorf("cluster: journal: %w", cause)
}

func (j *journal) setErr(err error) {
	j.mu.Lock()
	j.err = err
	j.mu.Unlock()
}

// Err returns the last write's error (nil: the journal is writing).
func (j *journal) Err() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.err
}

// queue is a list that goroutines push to and one takes from, with a
// signal that something is waiting.
type queue[T any] struct {
	mu    sync.Mutex
	items []T
	ready chan struct{}
}

func newQueue[T any]() queue[T] { return queue[T]{ready: make(chan struct{}, 1)} }

// push appends vs and signals.
func (q *queue[T]) push(vs ...T) {
	q.mu.Lock()
	q.items = append(q.items, vs...)
	q.mu.Unlock()
	select {
	case q.ready <- struct{}{}:
	default:
	}
}

// take appends what is queued to dst and empties the queue.
func (q *queue[T]) take(dst []T) []T {
	q.mu.Lock()
	defer q.mu.Unlock()
	dst = append(dst, q.items...)
	clear(q.items)
	q.items = q.items[:0]
	return dst
}
