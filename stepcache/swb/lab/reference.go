package lab

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"

	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/swb/codec"
)

// The version-9 .swb layout of the shard this design comes from, implemented only to measure ours
// against it. Our Cell maps onto
// its 19 arrays as: walk mask = Walk, wet mask = Wet, source Z = Z, 8 walk
// Z arrays = WalkZ, 8 swim Z arrays = SwimZ. Our Info byte has no
// counterpart and is not counted (which flatters the reference: chunks that
// differ only in Info count as uniform there). The swim trailer (2,560 bytes,
// absolute) is written for chunks with any Wet/SwimZ as wet mask, source Z
// and the 8 swim Z arrays; strata use its 19-byte stratum records.

const refHeaderSize = 40

// ReferenceSize returns the bytes the original's v9 encoder would write for
// these chunks (nil entries absent): header, records, compact index.
func ReferenceSize(chunks []*chunk.Chunk) int64 {
	var ref refEncoder
	n := int64(refHeaderSize)
	for i, c := range chunks {
		if c == nil {
			continue
		}
		n += int64(ref.recordSize(c, i)) + 8
	}
	return n
}

type refEncoder struct {
	body []byte
	comp bytes.Buffer
	zw   *zlib.Writer
}

func refUniform(c *chunk.Chunk) bool {
	if c.StrataStart != nil || codec.HasSwim(c) {
		return false
	}
	a := c.Cells[0]
	for i := 1; i < chunk.NumCells; i++ {
		b := c.Cells[i]
		if b.Z != a.Z || b.Walk != a.Walk || b.Wet != a.Wet || b.WalkZ != a.WalkZ || b.SwimZ != a.SwimZ {
			return false
		}
	}
	return true
}

func ref19(dst []byte, c *chunk.Cell) []byte {
	dst = append(dst, c.Walk, c.Wet, byte(c.Z))
	for _, z := range c.WalkZ {
		dst = append(dst, byte(z))
	}
	for _, z := range c.SwimZ {
		dst = append(dst, byte(z))
	}
	return dst
}

// refBody builds the uncompressed v9 body of chunk c (key i): a 9-byte
// head, then a uniform cell, or the full arrays, the swim trailer and the
// strata.
func refBody(b []byte, c *chunk.Chunk, key int) []byte {
	b = binary.LittleEndian.AppendUint16(b, uint16(key))
	b = binary.LittleEndian.AppendUint16(b, uint16(key>>16))
	b = binary.LittleEndian.AppendUint32(b, 0) // multisVersion
	if refUniform(c) {
		b = append(b, 2)
		return ref19(b, &c.Cells[0])
	}
	swim := codec.HasSwim(c)
	b = append(b, 0)
	b = append(b, boolByte(c.StrataStart != nil), boolByte(swim))
	b = refArrays(b, c)
	if swim {
		b = appendPlaneOf(b, c, func(x *chunk.Cell) byte { return x.Wet })
		b = appendPlaneOf(b, c, func(x *chunk.Cell) byte { return byte(x.Z) })
		for d := 0; d < 8; d++ {
			b = appendPlaneOf(b, c, func(x *chunk.Cell) byte { return byte(x.SwimZ[d]) })
		}
	}
	if c.StrataStart != nil {
		b = refStrata(b, c)
	}
	return b
}

// appendPlaneOf appends one byte per cell of c, taken by get.
func appendPlaneOf(b []byte, c *chunk.Chunk, get func(*chunk.Cell) byte) []byte {
	for i := range c.Cells {
		b = append(b, get(&c.Cells[i]))
	}
	return b
}

// refArrays appends the zArrayMask (bit d walk Z array d, bit 8+d swim Z
// array d, stored when its residual against (mask bit ? SourceZ : 0) is
// not all zero), the walk, wet and SourceZ arrays and the stored residual
// arrays.
func refArrays(b []byte, c *chunk.Chunk) []byte {
	var res [16][chunk.NumCells]byte
	var mask uint16
	for i := range c.Cells {
		cell := &c.Cells[i]
		for d := 0; d < 8; d++ {
			var p byte
			if cell.Walk&(1<<d) != 0 {
				p = byte(cell.Z)
			}
			res[d][i] = byte(cell.WalkZ[d]) - p
			p = 0
			if cell.Wet&(1<<d) != 0 {
				p = byte(cell.Z)
			}
			res[8+d][i] = byte(cell.SwimZ[d]) - p
		}
	}
	for a := range res {
		for _, v := range res[a] {
			if v != 0 {
				mask |= 1 << a
				break
			}
		}
	}
	b = binary.LittleEndian.AppendUint16(b, mask)
	b = appendPlaneOf(b, c, func(x *chunk.Cell) byte { return x.Walk })
	b = appendPlaneOf(b, c, func(x *chunk.Cell) byte { return x.Wet })
	b = appendPlaneOf(b, c, func(x *chunk.Cell) byte { return byte(x.Z) })
	for a := range res {
		if mask&(1<<a) != 0 {
			b = append(b, res[a][:]...)
		}
	}
	return b
}

// refStrata appends the strata: a u16 offset per cell (0xFFFF: none), the
// data length, then per cell with strata a count and its 19-byte records.
func refStrata(b []byte, c *chunk.Chunk) []byte {
	var data []byte
	offs := make([]uint16, chunk.NumCells)
	for i := 0; i < chunk.NumCells; i++ {
		s, e := c.StrataStart[i], c.StrataStart[i+1]
		if s == e {
			offs[i] = 0xFFFF
			continue
		}
		offs[i] = uint16(len(data))
		data = append(data, byte(e-s))
		for k := s; k < e; k++ {
			data = ref19(data, &c.Strata[k])
		}
	}
	for _, o := range offs {
		b = binary.LittleEndian.AppendUint16(b, o)
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(data)))
	return append(b, data...)
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// recordSize is the framed record: u32 uncompressed length, then the body
// deflated (zlib, best compression) when strictly smaller, else raw.
func (e *refEncoder) recordSize(c *chunk.Chunk, key int) int {
	body := refBody(e.body[:0], c, key)
	e.body = body
	e.comp.Reset()
	if e.zw == nil {
		e.zw, _ = zlib.NewWriterLevel(&e.comp, zlib.BestCompression)
	} else {
		e.zw.Reset(&e.comp)
	}
	_, _ = e.zw.Write(body)
	_ = e.zw.Close()
	if e.comp.Len() < len(body) {
		return 4 + e.comp.Len()
	}
	return 4 + len(body)
}
