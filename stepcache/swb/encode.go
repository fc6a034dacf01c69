package swb

import (
	"encoding/binary"
	"fmt"

	"github.com/klauspost/compress/huff0"
	"github.com/klauspost/compress/zstd"

	"shardcore/stepcache"
)

// Record tag byte (first byte of every record).
const (
	tagKindMask = 0x03
	kindUniform = 0
	kindFull    = 1
	tagZstd     = 0x04
	tagHuff     = 0x08 // body is uvarint length + one huff0 1X block (table included)
)

// Full-body flag byte.
const (
	flagSwim      = 1 << 0
	flagStrata    = 1 << 1
	flagNeighbour = 1 << 2
	flagPacked    = 1 << 3
	flagHalo      = 1 << 4 // the predictor grid's outer ring is corrected by stored residuals
)

// cellSize is the plain size of one Cell: Z, Walk, Wet, Info, WalkZ[8], SwimZ[8].
const cellSize = 20

// maxStrata bounds a chunk's extra records (StrataStart is uint16).
const maxStrata = 0xFFFF

var dirDX = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
var dirDY = [8]int{-1, -1, 0, 1, 1, 1, 0, -1}

// Encoder turns chunks into records. It reuses its buffers and zstd encoder;
// it is not safe for concurrent use.
type Encoder struct {
	opts  Options
	zenc  *zstd.Encoder
	hs    *huff0.Scratch
	plain []byte
	res   [stepcache.ChunkCells][8]byte
	plane [stepcache.ChunkCells]byte
	pad   [padW * padW]byte
}

// NewEncoder returns an encoder for opts.
func NewEncoder(opts Options) (*Encoder, error) {
	e := &Encoder{opts: opts}
	if opts.Huff {
		e.hs = &huff0.Scratch{}
	}
	if opts.Zstd {
		z, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression),
			zstd.WithEncoderConcurrency(1), zstd.WithZeroFrames(true),
			zstd.WithEncoderCRC(false), zstd.WithSingleSegment(true))
		if err != nil {
			return nil, fmt.Errorf("swb: zstd encoder: %w", err)
		}
		e.zenc = z
	}
	return e, nil
}

// IsUniform reports whether every primary cell of c is identical and c has no strata.
func IsUniform(c *stepcache.Chunk) bool {
	if c.StrataStart != nil || len(c.Strata) != 0 {
		return false
	}
	for i := 1; i < stepcache.ChunkCells; i++ {
		if c.Cells[i] != c.Cells[0] {
			return false
		}
	}
	return true
}

// AppendRecord appends c's record to dst.
func (e *Encoder) AppendRecord(dst []byte, c *stepcache.Chunk) ([]byte, error) {
	if c == nil {
		return dst, fmt.Errorf("swb: encode: nil chunk")
	}
	if err := checkStrata(c); err != nil {
		return dst, err
	}
	if IsUniform(c) {
		dst = append(dst, kindUniform)
		return appendCell(dst, &c.Cells[0]), nil
	}
	e.plain = e.appendFull(e.plain[:0], c)
	// The smallest of plain, huff0 and zstd (of those enabled) wins.
	start := len(dst)
	dst = append(dst, kindFull)
	dst = append(dst, e.plain...)
	best := len(dst) - start
	if e.hs != nil {
		if out, _, err := huff0.Compress1X(e.plain, e.hs); err == nil {
			alt := append([]byte{kindFull | tagHuff}, binary.AppendUvarint(nil, uint64(len(e.plain)))...)
			if len(alt)+len(out) < best {
				dst = append(append(dst[:start], alt...), out...)
				best = len(dst) - start
			}
		}
	}
	if e.zenc != nil {
		alt := append([]byte{kindFull | tagZstd}, binary.AppendUvarint(nil, uint64(len(e.plain)))...)
		alt = e.zenc.EncodeAll(e.plain, alt)
		if len(alt) < best {
			dst = append(dst[:start], alt...)
		}
	}
	return dst, nil
}

func checkStrata(c *stepcache.Chunk) error {
	if c.StrataStart == nil {
		if len(c.Strata) != 0 {
			return fmt.Errorf("swb: encode: %d strata without StrataStart", len(c.Strata))
		}
		return nil
	}
	s := c.StrataStart
	if s[0] != 0 || int(s[stepcache.ChunkCells]) != len(c.Strata) || len(c.Strata) > maxStrata {
		return fmt.Errorf("swb: encode: StrataStart [0]=%d [256]=%d does not frame %d strata", s[0], s[stepcache.ChunkCells], len(c.Strata))
	}
	for i := 0; i < stepcache.ChunkCells; i++ {
		if s[i+1] < s[i] || s[i+1]-s[i] > 255 {
			return fmt.Errorf("swb: encode: StrataStart not monotonic (or >255 strata) at cell %d", i)
		}
	}
	return nil
}

func appendCell(dst []byte, c *stepcache.Cell) []byte {
	dst = append(dst, byte(c.Z), c.Walk, c.Wet, c.Info)
	for _, z := range c.WalkZ {
		dst = append(dst, byte(z))
	}
	for _, z := range c.SwimZ {
		dst = append(dst, byte(z))
	}
	return dst
}

// hasSwim reports whether any primary cell carries a swim part.
func hasSwim(c *stepcache.Chunk) bool {
	for i := range c.Cells {
		if c.Cells[i].Wet != 0 || c.Cells[i].SwimZ != [8]int8{} {
			return true
		}
	}
	return false
}

// predictSource is the median-edge-detector prediction of cell i's SourceZ
// from already-known cells (left, up, up-left).
func predictSource(z *[stepcache.ChunkCells]int8, i int) int8 {
	x, y := i%stepcache.ChunkSize, i/stepcache.ChunkSize
	switch {
	case x == 0 && y == 0:
		return 0
	case y == 0:
		return z[i-1]
	case x == 0:
		return z[i-stepcache.ChunkSize]
	}
	a, b, c := int(z[i-1]), int(z[i-stepcache.ChunkSize]), int(z[i-stepcache.ChunkSize-1])
	lo, hi := min(a, b), max(a, b)
	switch {
	case c >= hi:
		return int8(lo)
	case c <= lo:
		return int8(hi)
	}
	return int8(a + b - c)
}

// residuals fills e.res with Z − prediction for the walk (swim=false) or swim Zs.
func (e *Encoder) residuals(c *stepcache.Chunk, swim, neighbour bool) {
	pad := &e.pad
	for i := range c.Cells {
		base := (i/stepcache.ChunkSize+1)*padW + i%stepcache.ChunkSize + 1
		cell := &c.Cells[i]
		mask, zs := cell.Walk, &cell.WalkZ
		if swim {
			mask, zs = cell.Wet, &cell.SwimZ
		}
		for d := 0; d < 8; d++ {
			var p int8
			if mask&(1<<d) != 0 {
				p = cell.Z
				if neighbour {
					p = int8(pad[base+padOff[d]])
				}
			}
			e.res[i][d] = byte(zs[d]) - byte(p)
		}
	}
}

func (e *Encoder) appendFull(dst []byte, c *stepcache.Chunk) []byte {
	neighbour := e.opts.Predictor == PredictNeighbour
	packed := e.opts.Layout == LayoutPacked
	swim := hasSwim(c)
	var flags byte
	if swim {
		flags |= flagSwim
	}
	if c.StrataStart != nil {
		flags |= flagStrata
	}
	if neighbour {
		flags |= flagNeighbour
	}
	if packed {
		flags |= flagPacked
	}
	halo := neighbour && packed
	if halo {
		flags |= flagHalo
	}
	dst = append(dst, flags)

	plane := func(get func(*stepcache.Cell) byte) {
		for i := range c.Cells {
			e.plane[i] = get(&c.Cells[i])
		}
		if packed {
			dst = appendPlane(dst, &e.plane)
		} else {
			dst = append(dst, e.plane[:]...)
		}
	}
	var zs [stepcache.ChunkCells]int8
	for i := range c.Cells {
		zs[i] = c.Cells[i].Z
	}
	if neighbour {
		for i := range c.Cells {
			e.plane[i] = byte(zs[i]) - byte(predictSource(&zs, i))
		}
		if packed {
			dst = appendPlane(dst, &e.plane)
		} else {
			dst = append(dst, e.plane[:]...)
		}
	} else {
		plane(func(x *stepcache.Cell) byte { return byte(x.Z) })
	}
	fillPad(&zs, &e.pad)
	if halo {
		dst = e.appendHalo(dst, c)
	}
	plane(func(x *stepcache.Cell) byte { return x.Walk })
	if swim {
		plane(func(x *stepcache.Cell) byte { return x.Wet })
	}
	plane(func(x *stepcache.Cell) byte { return x.Info })

	parts := []bool{false}
	if swim {
		parts = append(parts, true)
	}
	for _, sw := range parts {
		e.residuals(c, sw, neighbour)
		if packed {
			dst = appendSparse(dst, &e.res)
			continue
		}
		var m byte
		for d := 0; d < 8; d++ {
			for i := range e.res {
				if e.res[i][d] != 0 {
					m |= 1 << d
					break
				}
			}
		}
		dst = append(dst, m)
		for d := 0; d < 8; d++ {
			if m&(1<<d) == 0 {
				continue
			}
			for i := range e.res {
				dst = append(dst, e.res[i][d])
			}
		}
	}
	if c.StrataStart != nil {
		dst = e.appendStrata(dst, c, packed)
	}
	return dst
}

// appendStrata stores per-cell strata counts, then each stratum: Z against
// its cell's SourceZ, Walk, Wet, Info, and its 16 Zs against its own Z where
// the mask bit is set (a 16-bit mask of nonzero residuals first when packed).
func (e *Encoder) appendStrata(dst []byte, c *stepcache.Chunk, packed bool) []byte {
	s := c.StrataStart
	for i := 0; i < stepcache.ChunkCells; i++ {
		e.plane[i] = byte(s[i+1] - s[i])
	}
	if packed {
		dst = appendPlane(dst, &e.plane)
	} else {
		dst = append(dst, e.plane[:]...)
	}
	for i := 0; i < stepcache.ChunkCells; i++ {
		for k := s[i]; k < s[i+1]; k++ {
			st := &c.Strata[k]
			dst = append(dst, byte(st.Z)-byte(c.Cells[i].Z), st.Walk, st.Wet, st.Info)
			var res [16]byte
			for d := 0; d < 8; d++ {
				var p byte
				if st.Walk&(1<<d) != 0 {
					p = byte(st.Z)
				}
				res[d] = byte(st.WalkZ[d]) - p
				p = 0
				if st.Wet&(1<<d) != 0 {
					p = byte(st.Z)
				}
				res[8+d] = byte(st.SwimZ[d]) - p
			}
			if !packed {
				dst = append(dst, res[:]...)
				continue
			}
			var m uint16
			for j, r := range res {
				if r != 0 {
					m |= 1 << j
				}
			}
			dst = binary.LittleEndian.AppendUint16(dst, m)
			for _, r := range res {
				if r != 0 {
					dst = append(dst, r)
				}
			}
		}
	}
	return dst
}

// ringIdx lists the predictor grid's outer ring in grid (row-major) order.
var ringIdx = func() (t [4*padW - 4]int) {
	n := 0
	for p := 0; p < padW*padW; p++ {
		if x, y := p%padW, p/padW; x == 0 || y == 0 || x == padW-1 || y == padW-1 {
			t[n] = p
			n++
		}
	}
	return t
}()

// appendHalo stores the outer ring of the predictor grid as corrections to
// its extrapolation: each ring cell takes the arrival Z an edge cell records
// for stepping onto it (walk first, then swim), when one does, so the edge
// cells' Zs predict exactly. Then a width k (0: no corrections) and 68
// zigzagged residuals in k bits each, in grid order.
func (e *Encoder) appendHalo(dst []byte, c *stepcache.Chunk) []byte {
	var vals [4*padW - 4]byte
	n, k := 0, 0
	for _, p := range ringIdx {
		want, found := e.pad[p], false
		for part := 0; part < 2 && !found; part++ {
			for i := range c.Cells {
				cell := &c.Cells[i]
				mask, zs := cell.Walk, &cell.WalkZ
				if part == 1 {
					mask, zs = cell.Wet, &cell.SwimZ
				}
				base := (i/stepcache.ChunkSize+1)*padW + i%stepcache.ChunkSize + 1
				for d := 0; d < 8; d++ {
					if base+padOff[d] == p && mask&(1<<d) != 0 {
						want, found = byte(zs[d]), true
						break
					}
				}
				if found {
					break
				}
			}
		}
		vals[n] = zigzag(want - e.pad[p])
		k = max(k, bitWidth(vals[n]))
		e.pad[p] = want
		n++
	}
	dst = append(dst, byte(k))
	if k == 0 {
		return dst
	}
	return appendBits(dst, vals[:], k)
}
