package codec

import (
	"encoding/binary"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// A cell's Info window bits (stepcache.InfoValid*) say whether its answers
// also hold a Z or two below and above it; they fail where a step up or
// down is near the climbing limit, so they follow how far the highest
// enterable neighbour stands above the cell. With flagInfoPred a record
// stores Info XOR that prediction (almost all zero): with s the highest
// enterable neighbour's grid Z above the cell's (0 when none is higher, or
// none is enterable), 0x0F (every window bit) when s is 0, 0x0E (not two
// below) when s is 1 or 2, 0x0C (only above) from 3 up. On Britannia map 0
// that is ≈ 7% fewer bytes; the decoder pays one pass over the grid
// (an SSE2 kernel on amd64).

// infoPredGo writes per cell the Info its neighbours predict (see above),
// eight cells at a time: per direction the neighbours' grid Zs (biased to
// unsigned), kept where the Walk bit is set, their lane maximum, and its
// saturated difference from the cells' own Zs; eight cells on level ground
// (the three grid rows around them one value) take 0x0F at once. amd64
// runs infoPredSSE2.
func infoPredGo(pad *[padLen]byte, walk *[chunk.NumCells]byte, out *[chunk.NumCells]byte) {
	le := binary.LittleEndian
	for i := 0; i < chunk.NumCells; i += 8 {
		g := i/chunk.Size*padW + i%chunk.Size // the row above, one column left
		up := (*[10]byte)(pad[g:])
		mid := (*[10]byte)(pad[g+padW:])
		dn := (*[10]byte)(pad[g+2*padW:])
		if flat := uint64(mid[1]) * laneOnes; le.Uint64(up[0:]) == flat && le.Uint64(up[2:]) == flat &&
			le.Uint64(mid[0:]) == flat && le.Uint64(mid[2:]) == flat && le.Uint64(dn[0:]) == flat && le.Uint64(dn[2:]) == flat {
			le.PutUint64(out[i:], 0x0F*laneOnes) // level ground: no neighbour is higher
			continue
		}
		w := le.Uint64(walk[i:])
		rows := [8]uint64{le.Uint64(up[1:]), le.Uint64(up[2:]), le.Uint64(mid[2:]), le.Uint64(dn[2:]),
			le.Uint64(dn[1:]), le.Uint64(dn[0:]), le.Uint64(mid[0:]), le.Uint64(up[0:])}
		var m uint64
		for d, r := range rows {
			m = swarMaxU(m, (r^laneHigh)&(w>>d&laneOnes*0xFF))
		}
		s := swarSubSat(m, le.Uint64(mid[1:])^laneHigh)
		gt0, gt2 := swarNonzero(s), swarNonzero(swarSubSat(s, 2*laneOnes))
		le.PutUint64(out[i:], 0x0F*laneOnes^gt0^gt2<<1)
	}
}

// swarLessU has the high bit of each lane set where a < b (unsigned): the
// borrow out of the lane's a − b.
func swarLessU(a, b uint64) uint64 {
	return (^a&b | ^(a^b)&swarSub(a, b)) & laneHigh
}

// swarMaxU is the lane-wise unsigned maximum.
func swarMaxU(a, b uint64) uint64 {
	return a ^ (a^b)&(swarLessU(a, b)>>7*0xFF)
}

// swarSubSat is the lane-wise unsigned a − b, 0 where b > a.
func swarSubSat(a, b uint64) uint64 {
	return swarSub(a, b) &^ (swarLessU(a, b) >> 7 * 0xFF)
}

// swarNonzero is 1 in each lane that is not zero, else 0.
func swarNonzero(x uint64) uint64 {
	t := x&^laneHigh + 0x7F*laneOnes // the high bit set where the low seven bits are not zero
	return (t | x) & laneHigh >> 7
}
