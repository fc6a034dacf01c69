package uo

import (
	"encoding/binary"
	"math/bits"
)

// HashLittle2 is Bob Jenkins' lookup3 hashlittle2 over data with initial
// values pc and pb; it returns the primary (c) and secondary (b) hashes.
func HashLittle2(data []byte, pc, pb uint32) (c, b uint32) {
	a := 0xdeadbeef + uint32(len(data)) + pc
	b, c = a, a
	c += pb
	k := data
	for len(k) > 12 {
		a += binary.LittleEndian.Uint32(k[0:])
		b += binary.LittleEndian.Uint32(k[4:])
		c += binary.LittleEndian.Uint32(k[8:])
		a, b, c = mix(a, b, c)
		k = k[12:]
	}
	if len(k) == 0 {
		return c, b
	}
	var tail [12]byte
	copy(tail[:], k)
	a += binary.LittleEndian.Uint32(tail[0:])
	b += binary.LittleEndian.Uint32(tail[4:])
	c += binary.LittleEndian.Uint32(tail[8:])
	_, b, c = final(a, b, c)
	return c, b
}

func mix(a, b, c uint32) (uint32, uint32, uint32) {
	a -= c
	a ^= bits.RotateLeft32(c, 4)
	c += b
	b -= a
	b ^= bits.RotateLeft32(a, 6)
	a += c
	c -= b
	c ^= bits.RotateLeft32(b, 8)
	b += a
	a -= c
	a ^= bits.RotateLeft32(c, 16)
	c += b
	b -= a
	b ^= bits.RotateLeft32(a, 19)
	a += c
	c -= b
	c ^= bits.RotateLeft32(b, 4)
	b += a
	return a, b, c
}

func final(a, b, c uint32) (uint32, uint32, uint32) {
	c ^= b
	c -= bits.RotateLeft32(b, 14)
	a ^= c
	a -= bits.RotateLeft32(c, 11)
	b ^= a
	b -= bits.RotateLeft32(a, 25)
	c ^= b
	c -= bits.RotateLeft32(b, 16)
	a ^= c
	a -= bits.RotateLeft32(c, 4)
	b ^= a
	b -= bits.RotateLeft32(a, 14)
	c ^= b
	c -= bits.RotateLeft32(b, 24)
	return a, b, c
}

// UOPHash is the 64-bit name hash UOP containers key their entries by:
// hashlittle2 with zero seeds, secondary hash (b) in the high half and the
// primary (c) in the low half.
func UOPHash(name string) uint64 {
	c, b := HashLittle2([]byte(name), 0, 0)
	return uint64(b)<<32 | uint64(c)
}
