package swb

import (
	"encoding/binary"
	"fmt"

	"github.com/klauspost/compress/zstd"

	"shardcore/stepcache"
)

// Record tag byte (first byte of every record).
const (
	tagKindMask = 0x03
	kindUniform = 0
	kindFull    = 1
	tagZstd     = 0x04 // body is uvarint length + one zstd frame
	tagHuff     = 0x08 // body is uvarint length + its bytes in the file's Huffman code
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
// it is not safe for concurrent use. Huffman-coded records need the file's
// code, which Write builds from all of a file's records first; an Encoder
// on its own writes the other forms.
type Encoder struct {
	opts  Options
	zenc  *zstd.Encoder
	code  *huffCode // the file's Huffman code (nil: none)
	plain []byte
	res   [stepcache.ChunkCells][8]byte
	plane [stepcache.ChunkCells]byte
	pad   [padLen]byte
}

// NewEncoder returns an encoder for opts.
func NewEncoder(opts Options) (*Encoder, error) {
	e := &Encoder{opts: opts}
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
	start := len(dst)
	dst, err := e.appendPlainRecord(dst, c)
	if err != nil || dst[start] == kindUniform {
		return dst, err
	}
	e.plain = append(e.plain[:0], dst[start+1:]...)
	return e.appendFullRecord(dst[:start], e.plain), nil
}

// appendPlainRecord appends c's record before entropy coding: a uniform
// record, or kindFull and the full body. Equal chunks give equal bytes and
// different chunks different bytes (the codec is lossless).
func (e *Encoder) appendPlainRecord(dst []byte, c *stepcache.Chunk) ([]byte, error) {
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
	return e.appendFull(append(dst, kindFull), c), nil
}

// appendFullRecord appends the smallest record for a full body: plain, in
// the file's Huffman code, or one zstd frame (those the encoder has).
func (e *Encoder) appendFullRecord(dst, body []byte) []byte {
	start := len(dst)
	dst = append(dst, kindFull)
	dst = append(dst, body...)
	best := len(dst) - start
	if e.code != nil {
		head := 1 + len(binary.AppendUvarint(nil, uint64(len(body))))
		if n := e.code.huffBits(body); n < 8*len(body) && (n+7)/8 < best-head {
			dst = append(dst[:start], kindFull|tagHuff)
			dst = binary.AppendUvarint(dst, uint64(len(body)))
			dst = e.code.appendHuff(dst, body)
			best = len(dst) - start
		}
	}
	if e.zenc != nil {
		alt := append([]byte{kindFull | tagZstd}, binary.AppendUvarint(nil, uint64(len(body)))...)
		if alt = e.zenc.EncodeAll(body, alt); len(alt) < best {
			dst = append(dst[:start], alt...)
		}
	}
	return dst
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

// predictSource is the prediction of cell i's SourceZ from already-known
// cells: the cell above, on the first row the cell to the left. A decoder
// undoes it a row at a time (eight cells per 64-bit add).
func predictSource(z *[stepcache.ChunkCells]int8, i int) int8 {
	switch {
	case i == 0:
		return 0
	case i < stepcache.ChunkSize:
		return z[i-1]
	}
	return z[i-stepcache.ChunkSize]
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
