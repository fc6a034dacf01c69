package uo

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/shardcore/shardcore/world"
)

// randomMultis returns plausible footprints (offsets within ±20) with gaps in
// the ids; counts multiple of 12 make some lengths fit both layouts.
func randomMultis(r *rand.Rand, wide bool) []*world.MultiDef {
	var defs []*world.MultiDef
	for id := 0; id < 40; id++ {
		if id%7 == 3 {
			continue // gap
		}
		n := r.IntN(30) + 1
		if id%5 == 0 {
			n = 12 * (r.IntN(3) + 1) // 48·k bytes wide, 144·k narrow: ambiguous lengths
		}
		d := &world.MultiDef{ID: id}
		for k := 0; k < n; k++ {
			c := world.MultiComponent{ItemID: uint16(r.Uint32()), DX: int16(r.IntN(41) - 20), DY: int16(r.IntN(41) - 20),
				DZ: int16(r.IntN(60)), Flags: uint32(r.IntN(2))}
			if wide {
				c.Cliloc = uint32(1000000 + r.IntN(100000))
			}
			d.Components = append(d.Components, c)
		}
		defs = append(defs, d)
	}
	// Shuffle: ids, not slice order, place defs.
	r.Shuffle(len(defs), func(i, j int) { defs[i], defs[j] = defs[j], defs[i] })
	return defs
}

func sameMultis(t *testing.T, want []*world.MultiDef, got []*world.MultiDef) {
	t.Helper()
	byID := map[int]*world.MultiDef{}
	maxID := -1
	for _, d := range want {
		byID[d.ID] = d
		maxID = max(maxID, d.ID)
	}
	if len(got) != maxID+1 {
		t.Fatalf("%d defs read, want %d", len(got), maxID+1)
	}
	for id, g := range got {
		w := byID[id]
		if (w == nil) != (g == nil) {
			t.Fatalf("multi %d: present %v, want %v", id, g != nil, w != nil)
		}
		if w == nil {
			continue
		}
		if g.ID != id || len(g.Components) != len(w.Components) {
			t.Fatalf("multi %d: id %d, %d components want %d", id, g.ID, len(g.Components), len(w.Components))
		}
		for k := range w.Components {
			if g.Components[k] != w.Components[k] {
				t.Fatalf("multi %d component %d: %+v want %+v", id, k, g.Components[k], w.Components[k])
			}
		}
	}
}

func TestMultisRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for _, wide := range []bool{false, true} {
		defs := randomMultis(r, wide)
		dir := t.TempDir()
		idx, mul := filepath.Join(dir, "multi.idx"), filepath.Join(dir, "multi.mul")
		if err := WriteMultis(idx, mul, defs, wide); err != nil {
			t.Fatal(err)
		}
		got, err := ReadMultis(idx, mul)
		if err != nil {
			t.Fatalf("wide %v: %v", wide, err)
		}
		sameMultis(t, defs, got)
		layout := MultiNarrow
		if wide {
			layout = MultiWide
		}
		got, err = ReadMultisLayout(idx, mul, layout)
		if err != nil {
			t.Fatal(err)
		}
		sameMultis(t, defs, got)
	}
}

// TestMultisAmbiguousLengths: when every length fits both layouts, the
// plausibility score still picks the right one.
func TestMultisAmbiguousLengths(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	for _, wide := range []bool{false, true} {
		var defs []*world.MultiDef
		for id := 0; id < 10; id++ {
			d := &world.MultiDef{ID: id}
			n := 12 // 144 or 192 bytes: both divisible by 12 and 16
			for k := 0; k < n; k++ {
				c := world.MultiComponent{ItemID: uint16(r.Uint32()), DX: int16(r.IntN(15) - 7), DY: int16(r.IntN(15) - 7), DZ: int16(r.IntN(20)), Flags: 1}
				if wide {
					c.Cliloc = uint32(1020000 + r.IntN(50000))
				}
				d.Components = append(d.Components, c)
			}
			defs = append(defs, d)
		}
		dir := t.TempDir()
		idx, mul := filepath.Join(dir, "multi.idx"), filepath.Join(dir, "multi.mul")
		if err := WriteMultis(idx, mul, defs, wide); err != nil {
			t.Fatal(err)
		}
		got, err := ReadMultis(idx, mul)
		if err != nil {
			t.Fatal(err)
		}
		sameMultis(t, defs, got)
	}
}

func TestMultisCorrupt(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	defs := randomMultis(r, false)
	dir := t.TempDir()
	idxP, mulP := filepath.Join(dir, "multi.idx"), filepath.Join(dir, "multi.mul")
	if err := WriteMultis(idxP, mulP, defs, false); err != nil {
		t.Fatal(err)
	}
	idx, _ := os.ReadFile(idxP)
	mul, _ := os.ReadFile(mulP)
	dec := func(i, m []byte, l MultiLayout) error {
		_, err := DecodeMultis(i, "multi.idx", m, "multi.mul", l)
		return err
	}
	if err := dec(idx, mul, MultiAuto); err != nil {
		t.Fatal(err)
	}
	wantErr(t, dec(idx[:len(idx)-5], mul, MultiAuto), "multi.idx", "offset")
	wantErr(t, dec(idx, mul[:len(mul)-1], MultiAuto), "multi.idx", "beyond multi.mul", "offset")
	c := append([]byte(nil), idx...)
	binary.LittleEndian.PutUint32(c[4:], 13) // multi 0: 13 bytes fits neither layout
	wantErr(t, dec(c, mul, MultiAuto), "multi.idx", "multi 0", "offset 0", "not a multiple")
	c = append([]byte(nil), idx...)
	binary.LittleEndian.PutUint32(c[0:], 0xFFFFFFF0)
	wantErr(t, dec(c, mul, MultiAuto), "multi.idx", "multi 0", "offset 0")
	wantErr(t, dec(idx, mul, MultiWide), "multi.idx", "not a multiple of the 16-byte")
	_, err := ReadMultis(filepath.Join(dir, "none.idx"), mulP)
	wantErr(t, err, "none.idx")
	wantErr(t, WriteMultis(idxP, mulP, []*world.MultiDef{{ID: 1}, {ID: 1}}, false), "twice")
	wantErr(t, WriteMultis(idxP, mulP, []*world.MultiDef{{ID: -1}}, false), "outside")
}
