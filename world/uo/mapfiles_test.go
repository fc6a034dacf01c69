package uo

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/shardcore/shardcore/world"
)

func TestMapRoundTripMul(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	m := randomMap(t, r, world.Ilshenar, 96, 64)
	checkOrder(t, m)
	dir := t.TempDir()
	if err := WriteMapFiles(dir, m); err != nil {
		t.Fatal(err)
	}
	mp, ip, sp := mapPaths(dir, world.Ilshenar)
	got, err := ReadMap(world.Ilshenar, mp, ip, sp, 96, 64)
	if err != nil {
		t.Fatal(err)
	}
	sameMap(t, m, got)
	checkOrder(t, got)
	empty := 0
	for b := 0; b < got.BlockCount(); b++ {
		if len(got.BlockStatics(b)) == 0 {
			empty++
		}
	}
	if empty == 0 || empty == got.BlockCount() {
		t.Fatalf("%d of %d blocks empty: want some of each", empty, got.BlockCount())
	}
	// Writing what was read gives the same bytes.
	dir2 := t.TempDir()
	if err := WriteMapFiles(dir2, got); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"map2.mul", "staidx2.mul", "statics2.mul"} {
		a, _ := os.ReadFile(dir + "/" + name)
		b, _ := os.ReadFile(dir2 + "/" + name)
		if string(a) != string(b) || len(a) == 0 {
			t.Fatalf("%s: rewrite differs (%d vs %d bytes)", name, len(a), len(b))
		}
	}
}

func TestMapInferSize(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	m := randomMap(t, r, world.Tokuno, 1448, 1448)
	dir := t.TempDir()
	if err := WriteMapFiles(dir, m); err != nil {
		t.Fatal(err)
	}
	mp, ip, sp := mapPaths(dir, world.Tokuno)
	got, err := ReadMap(world.Tokuno, mp, ip, sp, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	sameMap(t, m, got)
	for _, tc := range []struct {
		id   world.MapID
		size int64
		w, h int
	}{
		{world.Felucca, LandBytes(7168, 4096), 7168, 4096},
		{world.Trammel, LandBytes(6144, 4096), 6144, 4096},
		{world.Malas, LandBytes(2560, 2048), 2560, 2048},
		{world.Tokuno, LandBytes(1448, 1448), 1448, 1448},
	} {
		w, h, err := MapSize(tc.id, tc.size)
		if err != nil || w != tc.w || h != tc.h {
			t.Errorf("MapSize(%d, %d) = %d×%d, %v; want %d×%d", tc.id, tc.size, w, h, err, tc.w, tc.h)
		}
	}
	if _, _, err := MapSize(world.MapID(9), 100); err == nil {
		t.Error("unknown facet inferred a size")
	}
	// Any other length is refused with the lengths accepted.
	for _, tc := range []struct {
		id   world.MapID
		size int64
		want []string
	}{
		{world.Felucca, LandBytes(7168, 4096) + 100, []string{"89915392 (7168x4096)", "77070336 (6144x4096)"}},
		{world.Trammel, LandBytes(7168, 4096) - 1, []string{"89915391 bytes", "89915392 (7168x4096)"}},
		{world.Malas, 0, []string{"2560x2048"}},
		{world.TerMur, 5, []string{"1280x4096"}},
	} {
		_, _, err := MapSize(tc.id, tc.size)
		wantErr(t, err, tc.want...)
	}
	_, err = ReadMap(world.Tokuno, mp, ip, sp, 1448, 0)
	wantErr(t, err, "both or neither")
	_, err = ReadMap(world.Tokuno, mp, ip, sp, 1<<40, 1<<40)
	wantErr(t, err, "up to 65536")
	_, err = ReadMap(world.Tokuno, mp, ip, sp, 1448, 1447)
	wantErr(t, err, "multiple of 8")
}

// corruptMapFiles writes a small map's files and returns their bytes.
func corruptMapFiles(t *testing.T) (land, idx, stat []byte) {
	r := rand.New(rand.NewPCG(7, 8))
	m := randomMap(t, r, world.Felucca, 64, 64)
	dir := t.TempDir()
	if err := WriteMapFiles(dir, m); err != nil {
		t.Fatal(err)
	}
	mp, ip, sp := mapPaths(dir, world.Felucca)
	land, _ = os.ReadFile(mp)
	idx, _ = os.ReadFile(ip)
	stat, _ = os.ReadFile(sp)
	return land, idx, stat
}

func decode64(land, idx, stat []byte) error {
	_, err := decodeMap(world.Felucca, namedBytes{"map0.mul", land}, namedBytes{"staidx0.mul", idx},
		namedBytes{"statics0.mul", stat}, 64, 64)
	return err
}

// firstStaticBlock is the first block with statics in a staidx.
func firstStaticBlock(t *testing.T, idx []byte) int {
	for b := 0; b*12 < len(idx); b++ {
		if int32(binary.LittleEndian.Uint32(idx[b*12:])) != -1 {
			return b
		}
	}
	t.Fatal("no block with statics")
	return 0
}

func TestMapCorrupt(t *testing.T) {
	land, idx, stat := corruptMapFiles(t)
	if err := decode64(land, idx, stat); err != nil {
		t.Fatal(err)
	}
	wantErr(t, decode64(land[:len(land)-1], idx, stat), "map0.mul", "offset 12543", "block 63")
	wantErr(t, decode64(land, idx[:len(idx)-5], stat), "staidx0.mul", "offset 763")
	wantErr(t, decode64(land, idx, stat[:len(stat)-1]), "staidx0.mul", "beyond statics0.mul size", "offset")

	b := firstStaticBlock(t, idx)
	bad := func(lookup, length int32) []byte {
		c := append([]byte(nil), idx...)
		binary.LittleEndian.PutUint32(c[b*12:], uint32(lookup))
		binary.LittleEndian.PutUint32(c[b*12+4:], uint32(length))
		return c
	}
	wantErr(t, decode64(land, bad(0, 8), stat), "staidx0.mul", "not a multiple of 7", "offset")
	wantErr(t, decode64(land, bad(-5, 7), stat), "staidx0.mul", "negative lookup", "offset")
	wantErr(t, decode64(land, bad(int32(len(stat)), 7), stat), "staidx0.mul", "beyond statics0.mul")
	// Every block pointing at the whole statics file overlaps.
	all := append([]byte(nil), idx...)
	for i := 0; i < 64; i++ {
		binary.LittleEndian.PutUint32(all[i*12:], 0)
		binary.LittleEndian.PutUint32(all[i*12+4:], uint32(len(stat)/7*7))
	}
	wantErr(t, decode64(land, all, stat), "staidx0.mul", "overlapping")
	// -1 lookup and non-positive lengths are empty blocks, not errors.
	if err := decode64(land, bad(-1, 700), stat); err != nil {
		t.Fatal(err)
	}
	if err := decode64(land, bad(3, -7), stat); err != nil {
		t.Fatal(err)
	}
	// Missing files are named.
	_, err := ReadMap(world.Felucca, "/nonexistent/map0.mul", "", "", 64, 64)
	wantErr(t, err, "map0.mul")
}

// TestMapWrongSize: a 7168×4096 map0.mul one byte short is not read as
// 6144×4096 (the size whose land it holds enough of), and a file longer than
// the size asked for is not cut down: both are errors naming the file, its
// length and the lengths accepted.
func TestMapWrongSize(t *testing.T) {
	idx, stat := namedBytes{"staidx0.mul", nil}, namedBytes{"statics0.mul", nil}
	land := make([]byte, LandBytes(7168, 4096)-1)
	_, err := decodeMap(world.Felucca, namedBytes{"map0.mul", land}, idx, stat, 0, 0)
	wantErr(t, err, "map0.mul", "89915391 bytes", "89915392 (7168x4096)", "77070336 (6144x4096)")
	land = make([]byte, LandBytes(64, 64)+196)
	_, err = decodeMap(world.Felucca, namedBytes{"map0.mul", land}, idx, stat, 64, 64)
	wantErr(t, err, "map0.mul", "12740 bytes", "want exactly 12544 for 64x64", "offset 12544")
}
