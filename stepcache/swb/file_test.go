package swb

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/codec"
	"github.com/shardcore/shardcore/stepcache/swb/swbtest"
)

func testHeader(w, h int) Header {
	return Header{MapID: 3, WidthChunks: w, HeightChunks: h, Fingerprint: 0xfeedface, BakeTime: time.Unix(1700000000, 5)}
}

func writeTestFile(t testing.TB, path string, chunks []*chunk.Chunk, w, h int) WriteStats {
	t.Helper()
	st, err := Write(context.Background(), path, testHeader(w, h), SliceChunks(chunks, w))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// wantFor is what a shard serving the test map of w×h chunks expects.
func wantFor(w, h int) Expect {
	return Expect{MapID: 3, Fingerprint: 0xfeedface, WidthChunks: w, HeightChunks: h}
}

// openTestFile writes chunks (a w×h map) to a temporary file and opens it;
// the reader is closed when the test ends.
func openTestFile(t testing.TB, chunks []*chunk.Chunk, w, h int) *Reader {
	t.Helper()
	path := filepath.Join(t.TempDir(), "m.swb")
	writeTestFile(t, path, chunks, w, h)
	r, err := Open(path, wantFor(w, h))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// TestFileRoundTrip: every chunk reads back identical, holes read as absent,
// identical chunks share one record.
func TestFileRoundTrip(t *testing.T) {
	const w, h = 9, 7
	chunks := swbtest.SynthMap(1, w, h)
	path := filepath.Join(t.TempDir(), "map3.swb")
	st := writeTestFile(t, path, chunks, w, h)
	r, err := Open(path, wantFor(w, h))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	hd := r.Header()
	if hd.ChunkCount != st.Chunks || hd.RecordCount >= hd.ChunkCount || hd.MapID != 3 || !hd.BakeTime.Equal(testHeader(w, h).BakeTime) {
		t.Fatalf("header %+v, stats %+v", hd, st)
	}
	for cy := range h {
		for cx := range w {
			c, ok, err := r.ReadChunk(cx, cy)
			if err != nil {
				t.Fatal(err)
			}
			orig := chunks[cy*w+cx]
			if ok != (orig != nil) {
				t.Fatalf("chunk (%d,%d): ok %v, want %v", cx, cy, ok, orig != nil)
			}
			if ok && !swbtest.ChunkEqual(orig, c) {
				t.Fatalf("chunk (%d,%d) differs", cx, cy)
			}
		}
	}
	for _, p := range [][2]int{{-1, 0}, {0, -1}, {w, 0}, {0, h}} {
		if _, ok, err := r.ReadChunk(p[0], p[1]); ok || err != nil {
			t.Fatalf("off-map %v: ok %v err %v", p, ok, err)
		}
	}
	a, _ := r.Record(0, 0)
	b, _ := r.Record(3, 0)
	if a.ID != b.ID {
		t.Fatalf("shared uniform chunks use records %d and %d", a.ID, b.ID)
	}
}

// TestOpenRefusals: one test per refusal reason, each its own sentinel.
func TestOpenRefusals(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.swb")
	writeTestFile(t, path, swbtest.SynthMap(2, 4, 4), 4, 4)
	want := wantFor(4, 4)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	mutate := func(name string, f func(b []byte) []byte) string {
		b := f(append([]byte(nil), good...))
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []struct {
		name string
		path string
		want Expect
		err  error
	}{
		{"magic", mutate("magic", func(b []byte) []byte { b[0] ^= 0xff; return b }), want, ErrBadMagic},
		{"empty", mutate("empty", func(b []byte) []byte { return b[:0] }), want, ErrBadMagic},
		{"short", mutate("short", func(b []byte) []byte { return b[:10] }), want, ErrBadMagic},
		{"version", mutate("version", func(b []byte) []byte { b[4] = 9; return b }), want, ErrVersion},
		{"map", path, Expect{MapID: 4, Fingerprint: want.Fingerprint, WidthChunks: 4, HeightChunks: 4}, ErrWrongMap},
		{"map size", path, Expect{MapID: 3, Fingerprint: want.Fingerprint, WidthChunks: 4, HeightChunks: 5}, ErrWrongMap},
		{"fingerprint", path, Expect{MapID: 3, Fingerprint: 1, WidthChunks: 4, HeightChunks: 4}, ErrStaleFingerprint},
		{"header checksum", mutate("hdr", func(b []byte) []byte { b[30] ^= 1; return b }), want, ErrCorrupt},
		{"index byte", mutate("idx", func(b []byte) []byte { b[len(b)-3] ^= 0x10; return b }), want, ErrCorrupt},
		{"truncated", mutate("trunc", func(b []byte) []byte { return b[:len(b)-1] }), want, ErrCorrupt},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Open(tc.path, tc.want)
			if err == nil {
				r.Close()
				t.Fatal("opened")
			}
			if !errors.Is(err, tc.err) {
				t.Fatalf("err %v, want %v", err, tc.err)
			}
			for _, other := range []error{ErrBadMagic, ErrVersion, ErrWrongMap, ErrStaleFingerprint, ErrCorrupt} {
				if other != tc.err && errors.Is(err, other) {
					t.Fatalf("err %v is also %v", err, other)
				}
			}
		})
	}
	r, err := Open(path, Expect{AnyIdentity: true})
	if err != nil {
		t.Fatalf("AnyIdentity: %v", err)
	}
	r.Close()
}

// TestCorruptRecord: a flipped byte inside a record fails only that
// record's chunks, with ErrCorrupt; the others still read.
func TestCorruptRecord(t *testing.T) {
	const w, h = 5, 5
	chunks := swbtest.SynthMap(3, w, h)
	path := filepath.Join(t.TempDir(), "m.swb")
	writeTestFile(t, path, chunks, w, h)
	want := wantFor(w, h)
	r, err := Open(path, want)
	if err != nil {
		t.Fatal(err)
	}
	victim, _ := r.Record(1, 0)
	r.Close()
	b, _ := os.ReadFile(path)
	b[victim.Offset+int64(victim.Length)/2] ^= 0x55
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err = Open(path, want)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	bad := 0
	for cy := range h {
		for cx := range w {
			info, has := r.Record(cx, cy)
			c, ok, err := r.ReadChunk(cx, cy)
			switch {
			case has && info.ID == victim.ID:
				if !errors.Is(err, ErrCorrupt) || ok || c != nil {
					t.Fatalf("corrupt chunk (%d,%d): ok %v err %v", cx, cy, ok, err)
				}
				bad++
			case err != nil:
				t.Fatalf("chunk (%d,%d): %v", cx, cy, err)
			case has && !swbtest.ChunkEqual(c, chunks[cy*w+cx]):
				t.Fatalf("chunk (%d,%d) differs", cx, cy)
			}
		}
	}
	if bad == 0 {
		t.Fatal("no chunk read the corrupted record")
	}
}

// TestInterruptedWriteKeepsOldFile: a bake cancelled or failing mid-write
// leaves the previous file byte-identical and no temporary behind.
func TestInterruptedWriteKeepsOldFile(t *testing.T) {
	const w, h = 8, 8
	dir := t.TempDir()
	path := filepath.Join(dir, "m.swb")
	writeTestFile(t, path, swbtest.SynthMap(4, w, h), w, h)
	old, _ := os.ReadFile(path)
	next := swbtest.SynthMap(5, w, h)

	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err := Write(ctx, path, testHeader(w, h), func(cx, cy int) (*chunk.Chunk, error) {
		if n++; n == 30 {
			cancel()
		}
		return next[cy*w+cx], nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled write: %v", err)
	}
	boom := errors.New("disk on fire")
	_, err = Write(context.Background(), path, testHeader(w, h), func(cx, cy int) (*chunk.Chunk, error) {
		if cy == 5 {
			return nil, boom
		}
		return next[cy*w+cx], nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("failing write: %v", err)
	}
	bad := &chunk.Chunk{Strata: make([]chunk.Cell, 1)}
	if _, err = Write(context.Background(), path, testHeader(w, h), func(cx, cy int) (*chunk.Chunk, error) { return bad, nil }); err == nil {
		t.Fatal("unencodable chunk accepted")
	}
	now, _ := os.ReadFile(path)
	if string(now) != string(old) {
		t.Fatal("old file changed")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("dir holds %d entries, want only m.swb", len(ents))
	}
	r, err := Open(path, wantFor(w, h))
	if err != nil {
		t.Fatalf("old file no longer opens: %v", err)
	}
	r.Close()
}

// TestReplaceUnderneath: a reader keeps serving its file's contents after a
// new bake is renamed over the path; a fresh Open sees the new file.
func TestReplaceUnderneath(t *testing.T) {
	const w, h = 6, 6
	path := filepath.Join(t.TempDir(), "m.swb")
	first, second := swbtest.SynthMap(6, w, h), swbtest.SynthMap(7, w, h)
	writeTestFile(t, path, first, w, h)
	want := wantFor(w, h)
	r, err := Open(path, want)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	writeTestFile(t, path, second, w, h)
	r2, err := Open(path, want)
	if err != nil {
		t.Fatal(err)
	}
	defer r2.Close()
	differ := 0
	for cy := range h {
		for cx := range w {
			i := cy*w + cx
			c, ok, err := r.ReadChunk(cx, cy)
			if err != nil || ok != (first[i] != nil) || (ok && !swbtest.ChunkEqual(c, first[i])) {
				t.Fatalf("old reader chunk (%d,%d): ok %v err %v", cx, cy, ok, err)
			}
			c2, ok2, err := r2.ReadChunk(cx, cy)
			if err != nil || ok2 != (second[i] != nil) || (ok2 && !swbtest.ChunkEqual(c2, second[i])) {
				t.Fatalf("new reader chunk (%d,%d): ok %v err %v", cx, cy, ok2, err)
			}
			if ok && ok2 && !swbtest.ChunkEqual(c, c2) {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Fatal("the two bakes are identical; the test proves nothing")
	}
}

// TestReadChunkConcurrent: concurrent readers get correct chunks (run with -race).
func TestReadChunkConcurrent(t *testing.T) {
	const w, h = 6, 6
	chunks := swbtest.SynthMap(8, w, h)
	r := openTestFile(t, chunks, w, h)
	errc := make(chan error, 4)
	for g := range 4 {
		go func() {
			for k := range 200 {
				i := (k*7 + g) % (w * h)
				c, ok, err := r.ReadChunk(i%w, i/w)
				if err != nil || ok != (chunks[i] != nil) || (ok && !swbtest.ChunkEqual(c, chunks[i])) {
					errc <- errors.New("concurrent read differs")
					return
				}
			}
			errc <- nil
		}()
	}
	for range 4 {
		if err := <-errc; err != nil {
			t.Fatal(err)
		}
	}
}

// TestReadChunkSharesUniform: every chunk of one uniform record is one
// object, allocated once; a full chunk is a fresh object per read.
func TestReadChunkSharesUniform(t *testing.T) {
	const w, h = 9, 7
	chunks := swbtest.SynthMap(22, w, h)
	r := openTestFile(t, chunks, w, h)
	a, _, _ := r.ReadChunk(0, 0) // i%3 == 0: the shared uniform chunk
	b, _, _ := r.ReadChunk(3, 0)
	if a == nil || a != b || !codec.IsUniform(a) || !swbtest.ChunkEqual(a, chunks[0]) {
		t.Fatal("uniform chunks are not one shared object")
	}
	if n := testing.AllocsPerRun(100, func() { _, _, _ = r.ReadChunk(6, 0) }); n != 0 {
		t.Fatalf("a uniform read allocates %.0f times", n)
	}
	full := 0
	for chunks[full] == nil || codec.IsUniform(chunks[full]) {
		full++
	}
	f1, _, _ := r.ReadChunk(full%w, full/w)
	f2, _, _ := r.ReadChunk(full%w, full/w)
	if f1 == f2 || !swbtest.ChunkEqual(f1, f2) {
		t.Fatal("full chunks must be fresh objects")
	}
}
