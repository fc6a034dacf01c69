package bake

import (
	"encoding/binary"
	"unsafe"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// shiftCell moves a record's Zs by dz: its Z and the arrival Z of every
// direction it enters.
func shiftCell(c chunk.Cell, dz int) chunk.Cell {
	c.Z += int8(dz)
	add := uint64(uint8(dz)) * 0x0101010101010101
	shift8(&c.WalkZ, byteMask[c.Walk]&add)
	shift8(&c.SwimZ, byteMask[c.Wet]&add)
	return c
}

// shift8 adds the bytes of add to the bytes of z, each modulo 256 (the
// 7-bit sums, then each byte's top bit).
func shift8(z *[8]int8, add uint64) {
	b := unsafe.Slice((*byte)(unsafe.Pointer(&z[0])), 8)
	v := binary.LittleEndian.Uint64(b)
	const low7, top = 0x7F7F7F7F7F7F7F7F, 0x8080808080808080
	binary.LittleEndian.PutUint64(b, (v&low7)+(add&low7)^((v^add)&top))
}

// maskBytes keeps the bytes of z whose bit is set in bits, zeroing the
// others.
func maskBytes(z [8]int8, bits uint8) (out [8]int8) {
	v := binary.LittleEndian.Uint64(unsafe.Slice((*byte)(unsafe.Pointer(&z[0])), 8))
	binary.LittleEndian.PutUint64(unsafe.Slice((*byte)(unsafe.Pointer(&out[0])), 8), v&byteMask[bits])
	return out
}

// byteMask[bits] has byte d set to 0xFF where bit d of bits is set.
var byteMask = func() (t [256]uint64) {
	for bits := range t {
		for d := 0; d < 8; d++ {
			if bits&(1<<d) != 0 {
				t[bits] |= 0xFF << (8 * d)
			}
		}
	}
	return t
}()
