package reach

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/klauspost/compress/zstd"
	"github.com/zeebo/xxh3"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// The file beside a map's .swb (mapN.reach beside mapN.swb): a 48-byte
// header, then the index, zstd-compressed.
//
//	0  magic "SWRC"      4  version uint16, 0 uint16
//	8  map id uint32     12 width, 16 height in chunks uint32
//	20 payload bytes uint32 (compressed)  24 plain bytes uint32
//	28 0 uint32          32 the .swb's fingerprint uint64
//	40 the .swb's bake time, Unix ns int64
//
// and the payload's xxh3 (uint64) after it. The plain payload is, per rule
// set: head and none (a uint32 per chunk each), masks (count uint32, 4
// uint64 each), slab (count uint32, uint16s), components (count uint32,
// then x0 y0 x1 y1 uint16 and open uint8 each), unsure (a uint64 per 64
// chunks). All little-endian.
const (
	fileMagic   = "SWRC"
	fileVersion = 1
	headerSize  = 48
	// maxPlain bounds what Read decompresses: an index is a few bytes per
	// chunk and a few hundred per chunk of several components.
	maxPlain = 1 << 30
)

// Stamp is the identity of the .swb an index was built with: an index is
// used only with the file it was baked with.
type Stamp struct {
	MapID                     uint32
	WidthChunks, HeightChunks int
	Fingerprint               uint64
	BakeTimeNs                int64
}

// StampOf is the stamp of the .swb of map id, wide×high chunks, baked from
// client files of fingerprint fp at bakeTime (its header's fields).
func StampOf(id uint32, wide, high int, fp uint64, bakeTime time.Time) Stamp {
	return Stamp{MapID: id, WidthChunks: wide, HeightChunks: high, Fingerprint: fp, BakeTimeNs: bakeTime.UnixNano()}
}

// BuildFile builds the index of a map's chunks (at) and writes it beside
// the .swb at swbPath, stamped st (the .swb's): the bake's last step. It
// returns the file's size.
func BuildFile(ctx context.Context, swbPath string, st Stamp, at ChunkAt) (int64, error) {
	ix, err := Build(ctx, st.WidthChunks, st.HeightChunks, at)
	if err != nil {
		return 0, err
	}
	path := PathFor(swbPath)
	if err := Write(path, st, ix); err != nil {
		return 0, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return 0, fmt.Errorf("reach: %w", err)
	}
	return fi.Size(), nil
}

// ErrStale is Read's error for an index of another .swb than the one given.
var ErrStale = errors.New("reach: index of another .swb")

// PathFor is where the index of the .swb at swbPath lives.
func PathFor(swbPath string) string {
	return strings.TrimSuffix(swbPath, filepath.Ext(swbPath)) + ".reach"
}

// Write writes ix, built from the .swb stamped st, to path (through a
// temporary, renamed into place).
func Write(path string, st Stamp, ix *Index) error {
	if st.WidthChunks != ix.wide || st.HeightChunks != ix.high {
		return fmt.Errorf("reach: write %s: index of %d×%d chunks, stamp %d×%d", path, ix.wide, ix.high, st.WidthChunks, st.HeightChunks)
	}
	plain := ix.marshal()
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
	if err != nil {
		return fmt.Errorf("reach: write %s: %w", path, err)
	}
	payload := enc.EncodeAll(plain, nil)
	_ = enc.Close()
	b := make([]byte, headerSize, headerSize+len(payload)+8)
	copy(b, fileMagic)
	le := binary.LittleEndian
	le.PutUint16(b[4:], fileVersion)
	le.PutUint32(b[8:], st.MapID)
	le.PutUint32(b[12:], uint32(st.WidthChunks))
	le.PutUint32(b[16:], uint32(st.HeightChunks))
	le.PutUint32(b[20:], uint32(len(payload)))
	le.PutUint32(b[24:], uint32(len(plain)))
	le.PutUint64(b[32:], st.Fingerprint)
	le.PutUint64(b[40:], uint64(st.BakeTimeNs))
	b = append(b, payload...)
	b = le.AppendUint64(b, xxh3.Hash(payload))
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return fmt.Errorf("reach: write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("reach: write %s: %w", path, err)
	}
	return nil
}

// Read reads the index at path, refusing (ErrStale) one built from
// another .swb than the one stamped want, and any file it cannot check
// whole.
func Read(path string, want Stamp) (*Index, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reach: read %s: %w", path, err)
	}
	ix, err := Decode(b, want)
	if err != nil {
		return nil, fmt.Errorf("reach: read %s: %w", path, err)
	}
	return ix, nil
}

// Decode is Read from the file's bytes.
func Decode(b []byte, want Stamp) (*Index, error) {
	if len(b) < headerSize+8 || string(b[:4]) != fileMagic {
		return nil, errors.New("not an index file")
	}
	le := binary.LittleEndian
	if v := le.Uint16(b[4:]); v != fileVersion {
		return nil, fmt.Errorf("version %d, want %d", v, fileVersion)
	}
	got := Stamp{MapID: le.Uint32(b[8:]), WidthChunks: int(le.Uint32(b[12:])), HeightChunks: int(le.Uint32(b[16:])),
		Fingerprint: le.Uint64(b[32:]), BakeTimeNs: int64(le.Uint64(b[40:]))}
	if got != want {
		return nil, fmt.Errorf("%w: file %+v, .swb %+v", ErrStale, got, want)
	}
	if got.WidthChunks <= 0 || got.HeightChunks <= 0 || got.WidthChunks > maxSide || got.HeightChunks > maxSide {
		return nil, fmt.Errorf("a map of %d×%d chunks", got.WidthChunks, got.HeightChunks)
	}
	n, plainLen := int(le.Uint32(b[20:])), int(le.Uint32(b[24:]))
	if n != len(b)-headerSize-8 || plainLen > maxPlain {
		return nil, fmt.Errorf("payload of %d bytes (%d plain) in a file of %d", n, plainLen, len(b))
	}
	payload := b[headerSize : headerSize+n]
	if xxh3.Hash(payload) != le.Uint64(b[headerSize+n:]) {
		return nil, errors.New("checksum mismatch")
	}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(uint64(max(plainLen, 1<<20))), zstd.WithDecodeAllCapLimit(true))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	plain, err := dec.DecodeAll(payload, make([]byte, 0, plainLen))
	if err != nil || len(plain) != plainLen {
		return nil, fmt.Errorf("payload: %d of %d bytes: %v", len(plain), plainLen, err)
	}
	return unmarshal(plain, got.WidthChunks, got.HeightChunks)
}

// marshal is the index's plain payload (see the file layout).
func (ix *Index) marshal() []byte {
	le := binary.LittleEndian
	var b []byte
	for i := range ix.sets {
		s := &ix.sets[i]
		for _, v := range s.head {
			b = le.AppendUint32(b, v)
		}
		for _, v := range s.none {
			b = le.AppendUint32(b, v)
		}
		b = le.AppendUint32(b, uint32(len(s.masks)))
		for _, m := range s.masks {
			for _, w := range m {
				b = le.AppendUint64(b, w)
			}
		}
		b = le.AppendUint32(b, uint32(len(s.slab)))
		for _, v := range s.slab {
			b = le.AppendUint16(b, v)
		}
		b = le.AppendUint32(b, uint32(len(s.comps)))
		for _, c := range s.comps {
			b = le.AppendUint16(b, c.x0)
			b = le.AppendUint16(b, c.y0)
			b = le.AppendUint16(b, c.x1)
			b = le.AppendUint16(b, c.y1)
			b = append(b, byte(b2i(c.open)))
		}
		for _, w := range s.unsure {
			b = le.AppendUint64(b, w)
		}
	}
	return b
}

// reader reads a plain payload, failing (ok false) past its end.
type reader struct {
	b  []byte
	ok bool
}

func (r *reader) take(n int) []byte {
	if !r.ok || n < 0 || n > len(r.b) {
		r.ok = false
		return nil
	}
	p := r.b[:n]
	r.b = r.b[n:]
	return p
}

func (r *reader) u32() uint32 {
	if p := r.take(4); p != nil {
		return binary.LittleEndian.Uint32(p)
	}
	return 0
}

// count reads a count of items of size bytes each that must fit what is
// left.
func (r *reader) count(size int) int {
	n := int(r.u32())
	if n > len(r.b)/size {
		r.ok = false
		return 0
	}
	return n
}

// unmarshal parses a plain payload for a wide×high map and checks that
// every offset, label and component in it is in range.
func unmarshal(plain []byte, wide, high int) (*Index, error) {
	le := binary.LittleEndian
	r := &reader{b: plain, ok: true}
	ix := &Index{wide: wide, high: high}
	chunks := wide * high
	for i := range ix.sets {
		s := &ix.sets[i]
		s.head, s.none = make([]uint32, chunks), make([]uint32, chunks)
		for _, dst := range [][]uint32{s.head, s.none} {
			p := r.take(4 * chunks)
			for k := range dst {
				if p != nil {
					dst[k] = le.Uint32(p[4*k:])
				}
			}
		}
		s.masks = make([][4]uint64, r.count(32))
		for k := range s.masks {
			p := r.take(32)
			for w := range 4 {
				s.masks[k][w] = le.Uint64(p[8*w:])
			}
		}
		s.slab = make([]uint16, r.count(2))
		p := r.take(2 * len(s.slab))
		for k := range s.slab {
			s.slab[k] = le.Uint16(p[2*k:])
		}
		s.comps = make([]comp, r.count(9))
		for k := range s.comps {
			p := r.take(9)
			s.comps[k] = comp{x0: le.Uint16(p), y0: le.Uint16(p[2:]), x1: le.Uint16(p[4:]), y1: le.Uint16(p[6:]), open: p[8] != 0}
		}
		s.unsure = make([]uint64, (chunks+63)/64)
		p = r.take(8 * len(s.unsure))
		for k := range s.unsure {
			if p != nil {
				s.unsure[k] = le.Uint64(p[8*k:])
			}
		}
		if !r.ok {
			return nil, fmt.Errorf("rule set %d: payload ends early", i)
		}
		if err := s.check(wide, high); err != nil {
			return nil, fmt.Errorf("rule set %d: %w", i, err)
		}
	}
	if len(r.b) != 0 {
		return nil, fmt.Errorf("%d bytes after the last rule set", len(r.b))
	}
	return ix, nil
}

// check reports the first offset, label or component of s out of range,
// so that no query of a decoded index can index past its slices.
func (s *set) check(wide, high int) error {
	if len(s.comps) == 0 {
		return errors.New("no component table")
	}
	for k, c := range s.comps[1:] {
		if c.x0 > c.x1 || c.y0 > c.y1 || int(c.x1) >= wide || int(c.y1) >= high {
			return fmt.Errorf("component %d spans chunks (%d,%d)-(%d,%d)", k+1, c.x0, c.y0, c.x1, c.y1)
		}
	}
	for ci, h := range s.head {
		if n := s.none[ci]; int(n) > len(s.masks) || n != 0 && h&mixed != 0 {
			return fmt.Errorf("chunk %d: mask %d of %d", ci, n, len(s.masks))
		}
		if h&mixed == 0 {
			if int(h) >= len(s.comps) {
				return fmt.Errorf("chunk %d: component %d of %d", ci, h, len(s.comps))
			}
			continue
		}
		if err := s.checkMixed(int(h &^ mixed)); err != nil {
			return fmt.Errorf("chunk %d: %w", ci, err)
		}
	}
	return nil
}

// checkMixed checks the mixed chunk at slab offset o (see set).
func (s *set) checkMixed(o int) error {
	sl := s.slab
	if o >= len(sl) {
		return fmt.Errorf("offset %d past the slab's %d", o, len(sl))
	}
	n := int(sl[o])
	if o+1+2*n+1+chunk.NumCells > len(sl) {
		return errors.New("labels past the slab")
	}
	for k := range n {
		if id := uint32(sl[o+1+2*k]) | uint32(sl[o+2+2*k])<<16; id == 0 || int(id) >= len(s.comps) {
			return fmt.Errorf("local component %d: component %d of %d", k+1, id, len(s.comps))
		}
	}
	o += 1 + 2*n
	strata := int(sl[o])
	labels := sl[o+1 : o+1+chunk.NumCells]
	if strata > 0 {
		if o+1+chunk.NumCells+chunk.NumCells+1+strata > len(sl) {
			return errors.New("strata past the slab")
		}
		starts := sl[o+1+chunk.NumCells : o+1+chunk.NumCells+chunk.NumCells+1]
		for c := range chunk.NumCells {
			if starts[c] > starts[c+1] || int(starts[c+1]) > strata {
				return fmt.Errorf("cell %d: strata %d..%d of %d", c, starts[c], starts[c+1], strata)
			}
		}
		labels = sl[o+1+chunk.NumCells+chunk.NumCells+1 : o+1+chunk.NumCells+chunk.NumCells+1+strata]
		for _, k := range sl[o+1 : o+1+chunk.NumCells] {
			if int(k) > n {
				return fmt.Errorf("label %d of %d", k, n)
			}
		}
	}
	for _, k := range labels {
		if int(k) > n {
			return fmt.Errorf("label %d of %d", k, n)
		}
	}
	return nil
}

// readFile is os.ReadFile (tests read what Write wrote).
func readFile(path string) ([]byte, error) { return os.ReadFile(path) }
