package codec

import (
	"encoding/binary"
	"fmt"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// Record tag byte (first byte of every record).
const (
	tagKindMask = 0x03
	kindUniform = 0
	kindFull    = 1
	tagHuff     = 0x08 // body is uvarint length + its bytes in the file's Huffman code
)

// Full-body flag byte.
const (
	flagSwim      = 1 << 0
	flagStrata    = 1 << 1
	flagNeighbour = 1 << 2
	flagPacked    = 1 << 3
	flagInfoPred  = 1 << 4 // Info stored XOR its neighbours' prediction (infopred.go; with flagNeighbour)
	flagGradient  = 1 << 5 // SourceZ predicted as left + above − above-left (with flagNeighbour)
	flagMaskGrid  = 1 << 6 // Walk and Wet stored as mask sections (maskgrid.go)
	flagColumns   = 1 << 7 // strata stored as columns (strata.go; with flagPacked)
	flagsKnown    = flagSwim | flagStrata | flagNeighbour | flagPacked | flagInfoPred | flagGradient | flagMaskGrid | flagColumns
)

// hasHalo reports whether a full body with flags stores the halo: the
// neighbour predictor in the packed layout corrects the predictor grid's
// outer ring with stored residuals.
func hasHalo(flags byte) bool {
	const np = flagNeighbour | flagPacked
	return flags&np == np
}

// CellSize is the plain size of one Cell: Z, Walk, Wet, Info, WalkZ[8], SwimZ[8].
const CellSize = 20

// maxStrata bounds a chunk's extra records (StrataStart is uint16).
const maxStrata = 0xFFFF

// Encoder turns chunks into records. It reuses its buffers; it is not safe
// for concurrent use. Huffman-coded records need the file's code, which a
// RecordSet builds from all of a file's records first; an Encoder on its own
// writes the other forms.
type Encoder struct {
	opts  Options
	code  *huffCode // the file's Huffman code (nil: none)
	plain []byte
	res   [chunk.NumCells][8]byte
	plane [chunk.NumCells]byte
	pad   [padLen]byte
	cols  [stratumColumns][]byte // strata columns
	stRes []byte                 // strata residuals
	try   [3][]byte              // mask sections tried
}

// NewEncoder returns an encoder for opts.
func NewEncoder(opts Options) *Encoder { return &Encoder{opts: opts} }

// IsUniform reports whether every primary cell of c is identical and c has no strata.
func IsUniform(c *chunk.Chunk) bool {
	if c.StrataStart != nil || len(c.Strata) != 0 {
		return false
	}
	for i := 1; i < chunk.NumCells; i++ {
		if c.Cells[i] != c.Cells[0] {
			return false
		}
	}
	return true
}

// IsUniformRecord reports whether rec (a stored or plain record) is uniform.
func IsUniformRecord(rec []byte) bool { return len(rec) > 0 && rec[0]&tagKindMask == kindUniform }

// AppendRecord appends c's record to dst.
func (e *Encoder) AppendRecord(dst []byte, c *chunk.Chunk) ([]byte, error) {
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
func (e *Encoder) appendPlainRecord(dst []byte, c *chunk.Chunk) ([]byte, error) {
	if c == nil {
		return dst, fmt.Errorf("swb: encode: nil chunk")
	}
	if err := checkStrata(c); err != nil {
		return dst, err
	}
	if IsUniform(c) {
		dst = append(dst, kindUniform)
		return AppendCell(dst, &c.Cells[0]), nil
	}
	return e.appendFull(append(dst, kindFull), c), nil
}

// appendFullRecord appends the smaller record for a full body: plain, or in
// the file's Huffman code when the encoder has one.
func (e *Encoder) appendFullRecord(dst, body []byte) []byte {
	start := len(dst)
	dst = append(dst, kindFull)
	dst = append(dst, body...)
	if e.code == nil {
		return dst
	}
	head := 1 + len(binary.AppendUvarint(nil, uint64(len(body))))
	if n := e.code.huffBits(body); n < 8*len(body) && (n+7)/8 < len(dst)-start-head {
		dst = append(dst[:start], kindFull|tagHuff)
		dst = binary.AppendUvarint(dst, uint64(len(body)))
		dst = e.code.appendHuff(dst, body)
	}
	return dst
}

func checkStrata(c *chunk.Chunk) error {
	if c.StrataStart == nil {
		if len(c.Strata) != 0 {
			return fmt.Errorf("swb: encode: %d strata without StrataStart", len(c.Strata))
		}
		return nil
	}
	s := c.StrataStart
	if s[0] != 0 || int(s[chunk.NumCells]) != len(c.Strata) || len(c.Strata) > maxStrata {
		return fmt.Errorf("swb: encode: StrataStart [0]=%d [256]=%d does not frame %d strata", s[0], s[chunk.NumCells], len(c.Strata))
	}
	for i := 0; i < chunk.NumCells; i++ {
		if s[i+1] < s[i] || s[i+1]-s[i] > 255 {
			return fmt.Errorf("swb: encode: StrataStart not monotonic (or >255 strata) at cell %d", i)
		}
	}
	return nil
}

// AppendCell appends c's CellSize bytes in field order.
func AppendCell(dst []byte, c *chunk.Cell) []byte {
	dst = append(dst, byte(c.Z), c.Walk, c.Wet, c.Info)
	for _, z := range c.WalkZ {
		dst = append(dst, byte(z))
	}
	for _, z := range c.SwimZ {
		dst = append(dst, byte(z))
	}
	return dst
}

// HasSwim reports whether any primary cell carries a swim part.
func HasSwim(c *chunk.Chunk) bool {
	for i := range c.Cells {
		if c.Cells[i].Wet != 0 || c.Cells[i].SwimZ != [8]int8{} {
			return true
		}
	}
	return false
}

// predictSource is the prediction of cell i's SourceZ from already-known
// cells: on the first row the cell to the left, in the first column the
// cell above, elsewhere the cell above, or with gradient left + above −
// above-left. A decoder undoes either a row at a time (eight cells per
// 64-bit add; the gradient's row is a prefix sum first).
func predictSource(z *[chunk.NumCells]int8, i int, gradient bool) int8 {
	const w = chunk.Size
	switch {
	case i == 0:
		return 0
	case i < w:
		return z[i-1]
	case gradient && i%w != 0:
		return z[i-1] + z[i-w] - z[i-w-1]
	}
	return z[i-w]
}
