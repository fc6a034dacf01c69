package uo

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/shardcore/shardcore/world"
)

func TestMapRoundTripUOP(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	m := randomMap(t, r, world.Malas, 128, 64)
	dir := t.TempDir()
	if err := WriteMapFiles(dir, m); err != nil {
		t.Fatal(err)
	}
	uop := filepath.Join(dir, UOPFileName(world.Malas))
	if err := WriteMapUOP(uop, m); err != nil {
		t.Fatal(err)
	}
	mp, ip, sp := mapPaths(dir, world.Malas)
	got, err := ReadMapUOP(world.Malas, uop, ip, sp, 128, 64)
	if err != nil {
		t.Fatal(err)
	}
	sameMap(t, m, got)
	checkOrder(t, got)
	// The container's payload is the .mul byte for byte.
	mul, _ := os.ReadFile(mp)
	land, err := ReadUOP(uop, int(world.Malas))
	if err != nil || !bytes.Equal(land, mul) {
		t.Fatalf("uop payload %d bytes vs mul %d, %v", len(land), len(mul), err)
	}
}

// TestUOPManyTablesAndEntries uses tiny entries and tables so the reader must
// follow the table chain and put entries in hash order.
func TestUOPManyTablesAndEntries(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	m := randomMap(t, r, world.TerMur, 64, 80) // 80 blocks
	dir := t.TempDir()
	uop := filepath.Join(dir, "x.uop")
	if err := writeMapUOP(uop, m, 3, 4); err != nil { // 27 entries in 7 tables
		t.Fatal(err)
	}
	data, _ := os.ReadFile(uop)
	tables := 0
	for next := int64(binary.LittleEndian.Uint64(data[12:])); next != 0; next = int64(binary.LittleEndian.Uint64(data[next+4:])) {
		tables++
	}
	if tables != 7 {
		t.Fatalf("%d tables, want 7", tables)
	}
	land, err := DecodeUOP(data, "x.uop", int(world.TerMur))
	if err != nil {
		t.Fatal(err)
	}
	for b := 0; b < m.BlockCount(); b++ {
		if !bytes.Equal(land[b*196:(b+1)*196], m.LandBlock(b)) {
			t.Fatalf("block %d differs", b)
		}
	}
	// Shuffle the entry records between slots: order comes from the hashes.
	shuffled := append([]byte(nil), data...)
	first := int64(binary.LittleEndian.Uint64(data[12:]))
	a, b := first+12, first+12+2*34
	copy(shuffled[a:a+34], data[b:b+34])
	copy(shuffled[b:b+34], data[a:a+34])
	land2, err := DecodeUOP(shuffled, "x.uop", int(world.TerMur))
	if err != nil || !bytes.Equal(land, land2) {
		t.Fatalf("shuffled slots: %v", err)
	}
	// The wrong facet number finds no entry names.
	_, err = DecodeUOP(data, "x.uop", 0)
	wantErr(t, err, "x.uop", "build/map0legacymul/00000000.dat", "offset")
}

func TestUOPCorrupt(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	m := randomMap(t, r, world.Felucca, 64, 64)
	dir := t.TempDir()
	uop := filepath.Join(dir, "map0LegacyMUL.uop")
	if err := writeMapUOP(uop, m, 16, 2); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(uop)
	first := int64(binary.LittleEndian.Uint64(data[12:]))
	mod := func(f func(c []byte)) []byte {
		c := append([]byte(nil), data...)
		f(c)
		return c
	}
	dec := func(c []byte) error { _, err := DecodeUOP(c, "map0LegacyMUL.uop", 0); return err }
	if err := dec(data); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 10, 27, int(first) + 5, int(first) + 20, len(data) - 1} {
		wantErr(t, dec(data[:n]), "map0LegacyMUL.uop", "offset")
	}
	wantErr(t, dec(mod(func(c []byte) { c[0] = 'X' })), "map0LegacyMUL.uop", "magic", "offset 0")
	wantErr(t, dec(mod(func(c []byte) { c[8] ^= 1 })), "signature", "offset 8")
	wantErr(t, dec(mod(func(c []byte) { binary.LittleEndian.PutUint64(c[12:], 1<<40) })), "table offset")
	// A table linking to itself.
	wantErr(t, dec(mod(func(c []byte) { binary.LittleEndian.PutUint64(c[first+4:], uint64(first)) })), "links back", "offset")
	e0 := first + 12
	wantErr(t, dec(mod(func(c []byte) { binary.LittleEndian.PutUint16(c[e0+32:], 1) })), "compression flag", "offset")
	wantErr(t, dec(mod(func(c []byte) { binary.LittleEndian.PutUint32(c[e0+12:], 1<<30) })), "offset")
	wantErr(t, dec(mod(func(c []byte) { c[e0+20] ^= 0xFF })), "hash", "offset")
	// Two entries with the same name.
	wantErr(t, dec(mod(func(c []byte) { copy(c[e0+34+20:e0+34+28], c[e0+20:e0+28]) })), "appears twice", "offset")
	wantErr(t, dec(mod(func(c []byte) { binary.LittleEndian.PutUint32(c[first:], 1<<20) })), "entries run past", "offset")
	_, err := ReadUOP(filepath.Join(dir, "missing.uop"), 0)
	wantErr(t, err, "missing.uop")
}
