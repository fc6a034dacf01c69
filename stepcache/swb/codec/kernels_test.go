package codec

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// TestCellsKernel: the platform's cell writer (SSE2 on amd64) writes
// exactly what cellsNeighbourGo writes, for random grids and planes.
func TestCellsKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	var pad [padLen]byte
	var walk, wet, info [chunk.NumCells]byte
	for trial := range 200 {
		for i := range pad {
			pad[i] = byte(rng.Uint32())
		}
		for i := range walk {
			walk[i], wet[i], info[i] = byte(rng.Uint32()), byte(rng.Uint32()), byte(rng.Uint32())
			if trial%2 == 0 {
				wet[i] = 0
			}
		}
		var a, b chunk.Chunk
		cellBytes(&a)[7] = 1 // both must overwrite everything
		cellsNeighbour(&pad, &walk, &wet, &info, &a)
		cellsNeighbourGo(&pad, &walk, &wet, &info, cellWords(&b))
		if a.Cells != b.Cells {
			t.Fatalf("trial %d: kernel and Go cells differ", trial)
		}
		// Spot-check the Go writer against the definition.
		i := rng.IntN(chunk.NumCells)
		g := (i/chunk.Size+1)*padW + i%chunk.Size + 1
		c := b.Cells[i]
		if c.Z != int8(pad[g]) || c.Walk != walk[i] || c.Wet != wet[i] || c.Info != info[i] {
			t.Fatalf("trial %d cell %d: header %+v", trial, i, c)
		}
		for d := range 8 {
			var w, s int8
			if walk[i]&(1<<d) != 0 {
				w = int8(pad[g+padOff[d]])
			}
			if wet[i]&(1<<d) != 0 {
				s = int8(pad[g+padOff[d]])
			}
			if c.WalkZ[d] != w || c.SwimZ[d] != s {
				t.Fatalf("trial %d cell %d dir %d: %d/%d, want %d/%d", trial, i, d, c.WalkZ[d], c.SwimZ[d], w, s)
			}
		}
	}
}

// TestSWAR: the lane helpers against bytewise arithmetic.
func TestSWAR(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for range 10000 {
		a, b := rng.Uint64(), rng.Uint64()
		add, sub, ext, uz := swarAdd(a, b), swarSub(a, b), swarExtrapolate(a, b), swarUnzigzag(a)
		for l := range 8 {
			x, y := byte(a>>(8*l)), byte(b>>(8*l))
			if byte(add>>(8*l)) != x+y || byte(sub>>(8*l)) != x-y || byte(ext>>(8*l)) != 2*x-y || byte(uz>>(8*l)) != unzigzag(x) {
				t.Fatalf("lane %d of %#x, %#x", l, a, b)
			}
		}
	}
}

// TestHuffBulkKernel: the platform's bulk decoder (assembly on amd64)
// agrees with huffBulkGo on state, output and verdict, valid input or not.
func TestHuffBulkKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 300 {
		n := 16 + rng.IntN(400)
		src := make([]byte, n)
		for i := range src {
			src[i] = byte(rng.ExpFloat64() * float64(1+trial%9))
		}
		dec, coded, m := huffCase(t, src)
		if trial%3 == 0 {
			coded[rng.IntN(m)] ^= byte(1 + rng.IntN(255))
		}
		mbits := m * 8
		if trial%7 == 0 {
			mbits = rng.IntN(mbits + 1)
		}
		outA, outB := make([]byte, n+4), make([]byte, n+4)
		var sa, sb huffState
		okA := huffBulk(&dec.multi, &outA[0], n-huffBulkMin, &coded[0], mbits, &sa)
		okB := huffBulkGo(&dec.multi, &outB[0], n-huffBulkMin, &coded[0], mbits, &sb)
		if okA != okB || (okA && (sa != sb || !bytes.Equal(outA[:sa.k], outB[:sb.k]))) {
			t.Fatalf("trial %d: kernel %v %+v, Go %v %+v", trial, okA, sa, okB, sb)
		}
	}
}

// TestSWARCompare: the unsigned lane comparisons against bytewise arithmetic.
func TestSWARCompare(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for trial := range 20000 {
		a, b := rng.Uint64(), rng.Uint64()
		if trial%4 == 0 {
			b = a ^ uint64(rng.Uint32())&0x0101010101010101 // equal and near-equal lanes
		}
		lt, mx, ss, nz := swarLessU(a, b), swarMaxU(a, b), swarSubSat(a, b), swarNonzero(a&b)
		for l := range 8 {
			x, y := byte(a>>(8*l)), byte(b>>(8*l))
			wantLt, wantSS := byte(0), byte(0)
			if x < y {
				wantLt = 0x80
			} else {
				wantSS = x - y
			}
			wantNz := byte(0)
			if x&y != 0 {
				wantNz = 1
			}
			if byte(lt>>(8*l)) != wantLt || byte(mx>>(8*l)) != max(x, y) || byte(ss>>(8*l)) != wantSS || byte(nz>>(8*l)) != wantNz {
				t.Fatalf("lane %d of %#x, %#x", l, a, b)
			}
		}
	}
}

// infoPredWant is the Info cell i's neighbours predict, by definition.
func infoPredWant(pad *[padLen]byte, walk *[chunk.NumCells]byte, i int) byte {
	g := (i/chunk.Size+1)*padW + i%chunk.Size + 1
	m := 0 // the highest enterable neighbour's Z + 128 (0: none)
	for d := range 8 {
		if walk[i]&(1<<d) != 0 {
			m = max(m, int(int8(pad[g+padOff[d]]))+128)
		}
	}
	switch s := m - (int(int8(pad[g])) + 128); {
	case s <= 0:
		return 0x0F
	case s <= 2:
		return 0x0E
	}
	return 0x0C
}

// TestInfoPredKernel: the platform's Info predictor (SSE2 on amd64) writes
// what infoPredGo writes, and that is the definition, for random, low and
// level grids and random Walk planes.
func TestInfoPredKernel(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	var pad [padLen]byte
	var walk, a, b [chunk.NumCells]byte
	for trial := range 300 {
		level := byte(rng.Uint32())
		for i := range pad {
			switch trial % 3 {
			case 0:
				pad[i] = byte(rng.Uint32())
			case 1:
				pad[i] = byte(rng.IntN(1 + trial))
			default: // level ground with a few bumps: the Go version's shortcut
				pad[i] = level
				if rng.IntN(40) == 0 {
					pad[i] += byte(rng.IntN(7)) - 3
				}
			}
		}
		for i := range walk {
			walk[i] = byte(rng.Uint32())
		}
		checkInfoPred(t, &pad, &walk, &a, &b)
	}
}

// checkInfoPred compares the two Info predictors on pad and walk, and
// spot-checks them against the definition.
func checkInfoPred(t *testing.T, pad *[padLen]byte, walk, a, b *[chunk.NumCells]byte) {
	t.Helper()
	a[3], b[3] = 1, 2 // both must overwrite everything
	infoPred(pad, walk, a)
	infoPredGo(pad, walk, b)
	if *a != *b {
		t.Fatal("Info kernel and Go predictions differ")
	}
	for i := range b {
		if want := infoPredWant(pad, walk, i); b[i] != want {
			t.Fatalf("cell %d: %#x, want %#x", i, b[i], want)
		}
	}
}
