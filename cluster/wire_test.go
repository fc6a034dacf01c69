package cluster

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/server"
)

func sampleTransfer(seq uint64) *transfer {
	return &transfer{key: key{from: 0, to: 2, seq: seq}, x: 100, y: 200, z: -5, mobiles: []server.Traveller{
		{ID: 7, Tags: c.Tags{Player: true, CanOpenDoors: true}, Speed: 100},
		{ID: 8, Tags: c.Tags{CanSwim: true}, Speed: 400, Follow: 7, Range: 2},
	}}
}

// TestTransferRoundTrip: a transfer decodes to what was encoded; another
// version, trailing bytes, a cut and an empty party are refused.
func TestTransferRoundTrip(t *testing.T) {
	tr := sampleTransfer(3)
	b := encodeTransfer(tr)
	got, err := decodeTransfer(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, tr) {
		t.Fatalf("decoded %+v, want %+v", got, tr)
	}
	if tr.msgID() != "0-2-3" {
		t.Errorf("msgID %q", tr.msgID())
	}
	bad := map[string][]byte{"version": append([]byte{9}, b[1:]...), "trailing": append(bytes.Clone(b), 0), "empty": encodeTransfer(&transfer{key: key{seq: 1}})}
	for n := 0; n < len(b); n++ {
		bad["cut"] = b[:n]
		if _, err := decodeTransfer(b[:n]); !errors.Is(err, errWire) {
			t.Fatalf("cut to %d bytes: %v", n, err)
		}
	}
	for name, v := range bad {
		if _, err := decodeTransfer(v); !errors.Is(err, errWire) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// FuzzDecodeTransfer: no input panics, and what decodes encodes back to
// the same transfer.
func FuzzDecodeTransfer(f *testing.F) {
	f.Add(encodeTransfer(sampleTransfer(1)))
	f.Fuzz(func(t *testing.T, b []byte) {
		tr, err := decodeTransfer(b)
		if err != nil {
			return
		}
		again, err := decodeTransfer(encodeTransfer(tr))
		if err != nil || !reflect.DeepEqual(tr, again) {
			t.Fatalf("a transfer that decodes does not survive encoding again: %v", err)
		}
	})
}

// TestWindow: numbers applied out of order are all remembered, and the
// window folds them into done once the gap fills.
func TestWindow(t *testing.T) {
	var w window
	for _, s := range []uint64{1, 2, 5, 4, 2, 7} {
		w.add(s)
	}
	if w.done != 2 || !reflect.DeepEqual(w.above, []uint64{4, 5, 7}) {
		t.Fatalf("window %+v", w)
	}
	for s, want := range map[uint64]bool{1: true, 2: true, 3: false, 4: true, 6: false, 7: true, 8: false} {
		if w.has(s) != want {
			t.Errorf("has(%d) = %v", s, !want)
		}
	}
	w.add(3)
	w.add(6)
	if w.done != 7 || len(w.above) != 0 {
		t.Fatalf("after the gaps fill: %+v", w)
	}
}

// TestBookRoundTrip: a book decodes to what was encoded, and ReadSection
// says what it holds.
func TestBookRoundTrip(t *testing.T) {
	k := newBook()
	k.gen = 9
	k.nextSeq[pair{0, 1}] = 12
	k.nextSeq[pair{1, 0}] = 3
	k.window(pair{1, 0}).add(1)
	k.window(pair{1, 0}).add(3)
	for _, s := range []uint64{10, 11} {
		tr := sampleTransfer(s)
		k.outbox[tr.key] = tr
	}
	got, err := decodeBook(k.encode())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, k) {
		t.Fatalf("decoded %+v, want %+v", got, k)
	}
	info, err := ReadSection(k.encode())
	if err != nil || info != (SectionInfo{Generation: 9, Outbox: 2, Mobiles: 4}) {
		t.Fatalf("ReadSection = %+v, %v", info, err)
	}
	b := k.encode()
	if _, err := decodeBook(b[:len(b)-1]); err == nil {
		t.Fatal("a cut book decoded")
	}
}

// TestJournal: records written by the writer read back in order; a record
// cut by a crash at the end is dropped; a bad record before the end is
// refused; a compaction keeps only the records of its generation and later.
func TestJournal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shard.save.journal")
	j, err := openJournal(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		j.run(done, func() <-chan struct{} { return make(chan struct{}) })
		close(stopped)
	}()
	synced := make(chan uint64, 8)
	for i, gen := range []uint64{1, 1, 2, 3} {
		seq := uint64(i + 1)
		j.q.push(jop{rec: record{kind: recOut, gen: gen, t: sampleTransfer(seq)}, after: func() { synced <- seq }})
	}
	for range 4 {
		<-synced
	}
	recs, cut, err := readJournal(path)
	if err != nil || cut != 0 || len(recs) != 4 || recs[3].gen != 3 || recs[3].t.seq != 4 || recs[0].kind != recOut {
		t.Fatalf("read %d records (cut %d): %v", len(recs), cut, err)
	}
	j.q.push(jop{compact: 2}, jop{rec: record{kind: recIn, gen: 3, t: sampleTransfer(5)}})
	close(done)
	<-stopped
	recs, _, err = readJournal(path)
	if err != nil || len(recs) != 3 || recs[0].t.seq != 3 || recs[2].kind != recIn {
		t.Fatalf("after compacting to generation 2: %d records: %v", len(recs), err)
	}
	b, _ := os.ReadFile(path)
	if err := os.WriteFile(path, b[:len(b)-3], 0o644); err != nil {
		t.Fatal(err)
	}
	recs, cut, err = readJournal(path)
	if err != nil || len(recs) != 2 || cut == 0 {
		t.Fatalf("a cut last record: %d records, cut %d: %v", len(recs), cut, err)
	}
	flipped := bytes.Clone(b)
	flipped[len(journalMagic)+14] ^= 1
	if err := os.WriteFile(path, flipped, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := readJournal(path); !errors.Is(err, errJournal) {
		t.Fatalf("a bad first record: %v", err)
	}
	if err := os.WriteFile(path, []byte("not a journal at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := readJournal(path); !errors.Is(err, errJournal) {
		t.Fatalf("a foreign file: %v", err)
	}
}
