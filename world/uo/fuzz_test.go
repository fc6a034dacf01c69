package uo

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/world"
)

// The fuzz targets check that no input panics and that whatever decodes
// re-encodes to something that decodes to the same value. Their seed corpus
// lives in testdata/fuzz/<FuzzName>/ and is produced by fuzzSeeds below;
// TestFuzzSeedCorpus keeps the two in step (SHARDCORE_WRITE_FUZZ_SEEDS=1
// rewrites the files).

// fuzzTileTables is the small tiledata layout FuzzDecodeTileData decodes:
// 0..3 land and item groups of 32 entries, 32- or 64-bit flags, and the
// input as the decoder sees it: with pad, data zero-padded to the layout's
// size, so that a short input (a seed is a few hundred bytes) decodes. A
// real layout is 1 to 3 MB, so the fuzzer would run a handful of inputs a
// second; and since minimising an input the decoder accepts takes up to
// one execution per pair of its bytes, inputs that decode stay short.
func fuzzTileTables(data []byte, landGroups, itemGroups uint8, wide, pad bool) (in []byte, fb int, land []world.LandTile, items []world.ItemTile) {
	fb = 4
	if wide {
		fb = 8
	}
	land, items = make([]world.LandTile, int(landGroups%4)*tileGroupEntries), make([]world.ItemTile, int(itemGroups%4)*tileGroupEntries)
	in = data
	if n := tileTablesSize(fb, len(land), len(items)); pad && len(data) < n {
		in = make([]byte, n)
		copy(in, data)
	}
	return in, fb, land, items
}

// FuzzDecodeTileData feeds data to DecodeTileData (any length the fuzzer
// makes is refused, naming the file, by the exact-size check) and decodes
// it as a small layout with the decoder DecodeTileData runs on the full
// tables: what decodes re-encodes to bytes that decode to the same tables.
func FuzzDecodeTileData(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte, landGroups, itemGroups uint8, wide, pad bool) {
		if _, err := DecodeTileData(data, "tiledata.mul"); err != nil && !strings.Contains(err.Error(), "tiledata.mul") {
			t.Fatalf("error does not name the file: %v", err)
		}
		in, fb, land, items := fuzzTileTables(data, landGroups, itemGroups, wide, pad)
		if err := decodeTileTables(in, "tiledata.mul", fb, land, items); err != nil {
			if !strings.Contains(err.Error(), "tiledata.mul") || !strings.Contains(err.Error(), "offset") {
				t.Fatalf("error names no file or offset: %v", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := encodeTileTables(&buf, fb, land, items); err != nil {
			t.Fatalf("re-encode: %v", err)
		}
		if buf.Len() != len(in) {
			t.Fatalf("re-encoded %d bytes from %d", buf.Len(), len(in))
		}
		_, _, land2, items2 := fuzzTileTables(nil, landGroups, itemGroups, wide, false)
		if err := decodeTileTables(buf.Bytes(), "again", fb, land2, items2); err != nil {
			t.Fatalf("decode re-encoded: %v", err)
		}
		if !slices.Equal(land, land2) || !slices.Equal(items, items2) {
			t.Fatal("tables changed through a round trip")
		}
	})
}

// fuzzMapSize maps two bytes to a small map size.
func fuzzMapSize(w, h uint8) (int, int) { return int(w%6+1) * 8, int(h%6+1) * 8 }

func FuzzReadMap(f *testing.F) {
	f.Fuzz(func(t *testing.T, land, idx, stat []byte, w, h uint8) {
		width, height := fuzzMapSize(w, h)
		m, err := decodeMap(world.Felucca, namedBytes{"map0.mul", land}, namedBytes{"staidx0.mul", idx},
			namedBytes{"statics0.mul", stat}, width, height)
		if err != nil {
			if !strings.Contains(err.Error(), ".mul") || !strings.Contains(err.Error(), "offset") {
				t.Fatalf("error names no file or offset: %v", err)
			}
			return
		}
		var l, i, s bytes.Buffer
		if encodeLand(&l, m) != nil || encodeStaidx(&i, m) != nil || encodeStatics(&s, m) != nil {
			t.Fatal("re-encode failed")
		}
		m2, err := decodeMap(world.Felucca, namedBytes{"a", l.Bytes()}, namedBytes{"b", i.Bytes()},
			namedBytes{"c", s.Bytes()}, width, height)
		if err != nil {
			t.Fatalf("decode re-encoded: %v", err)
		}
		sameMap(t, m, m2)
	})
}

func FuzzReadUOP(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte, n uint8) {
		out, err := DecodeUOP(data, "map0LegacyMUL.uop", int(n%6))
		if err != nil {
			if !strings.Contains(err.Error(), "map0LegacyMUL.uop") || !strings.Contains(err.Error(), "offset") {
				t.Fatalf("error names no file or offset: %v", err)
			}
			return
		}
		if len(out) > len(data) {
			t.Fatalf("%d bytes out of a %d-byte container", len(out), len(data))
		}
	})
}

func FuzzReadMultis(f *testing.F) {
	f.Fuzz(func(t *testing.T, idx, mul []byte, layout uint8) {
		l := MultiLayout(layout % 3)
		defs, err := DecodeMultis(idx, "multi.idx", mul, "multi.mul", l)
		if err != nil {
			if !strings.Contains(err.Error(), "multi.idx") || !strings.Contains(err.Error(), "offset") {
				t.Fatalf("error names no file or offset: %v", err)
			}
			return
		}
		wide := l == MultiWide
		if l == MultiAuto {
			// The detected layout is whichever decodes every entry; re-encode narrow
			// unless some component carries a cliloc.
			for _, d := range defs {
				for _, c := range compsOf(d) {
					wide = wide || c.Cliloc != 0
				}
			}
		}
		byID, n, err := multisByID(defs)
		if err != nil {
			t.Fatal(err)
		}
		var i, m bytes.Buffer
		if encodeMultiIdx(&i, byID, n, wide) != nil || encodeMultiMul(&m, byID, n, wide) != nil {
			t.Fatal("re-encode failed")
		}
		defs2, err := DecodeMultis(i.Bytes(), "a", m.Bytes(), "b", multiLayout(wide))
		if err != nil {
			t.Fatalf("decode re-encoded: %v", err)
		}
		for id := range defs {
			var d2 *world.MultiDef
			if id < len(defs2) {
				d2 = defs2[id]
			}
			a, b := compsOf(defs[id]), compsOf(d2)
			if len(a) != len(b) {
				t.Fatalf("multi %d: %d components, %d after a round trip", id, len(a), len(b))
			}
			for k := range a {
				if a[k] != b[k] {
					t.Fatalf("multi %d component %d changed through a round trip", id, k)
				}
			}
		}
	})
}

func compsOf(d *world.MultiDef) []world.MultiComponent {
	if d == nil {
		return nil
	}
	return d.Components
}

// fuzzSeed is one committed corpus entry and whether it must decode.
type fuzzSeed struct {
	name  string
	args  []any
	valid bool
}

func fuzzSeeds(t testing.TB) map[string][]fuzzSeed {
	r := rand.New(rand.NewPCG(99, 100))
	seeds := map[string][]fuzzSeed{}

	td := randomTileData(r, world.TileFormatOld16K)
	tables := func(fb, land, items int) []byte {
		var b bytes.Buffer
		if err := encodeTileTables(&b, fb, td.Land[:land], td.Items[:items]); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	// Prefixes (the rest zero-padded) of one land group, one item group and
	// one 64-bit item group; a short table refused; nothing at all.
	land, items, wide := tables(4, 32, 0)[:400], tables(4, 0, 32)[:400], tables(8, 0, 32)[:400]
	seeds["FuzzDecodeTileData"] = []fuzzSeed{
		{"land", []any{land, uint8(1), uint8(0), false, true}, true},
		{"items", []any{items, uint8(0), uint8(1), false, true}, true},
		{"wide", []any{wide, uint8(1), uint8(1), true, true}, true},
		{"short", []any{items, uint8(0), uint8(1), false, false}, false},
		{"empty", []any{[]byte{}, uint8(0), uint8(0), false, false}, true},
	}

	m := randomMap(t, r, world.Felucca, 16, 16)
	var l, i, s bytes.Buffer
	_ = encodeLand(&l, m)
	_ = encodeStaidx(&i, m)
	_ = encodeStatics(&s, m)
	lb, ib, sb := l.Bytes(), i.Bytes(), s.Bytes()
	seeds["FuzzReadMap"] = []fuzzSeed{
		{"valid16", []any{lb, ib, sb, uint8(1), uint8(1)}, true},
		{"nostatics", []any{lb, bytes.Repeat([]byte{0xFF}, len(ib)), []byte{}, uint8(1), uint8(1)}, true},
		{"shortland", []any{lb[:len(lb)-1], ib, sb, uint8(1), uint8(1)}, false},
		{"shortidx", []any{lb, ib[:len(ib)-4], sb, uint8(1), uint8(1)}, false},
		{"shortstatics", []any{lb, ib, sb[:len(sb)-3], uint8(1), uint8(1)}, false},
	}

	dir := t.TempDir()
	up := filepath.Join(dir, "u.uop")
	if err := writeMapUOP(up, m, 1, 2); err != nil {
		t.Fatal(err)
	}
	ub, _ := os.ReadFile(up)
	seeds["FuzzReadUOP"] = []fuzzSeed{
		{"valid4entries", []any{ub, uint8(0)}, true},
		{"truncated", []any{ub[:len(ub)-10], uint8(0)}, false},
		{"headeronly", []any{ub[:28], uint8(0)}, false},
		{"wrongfacet", []any{ub, uint8(1)}, false},
	}

	var mseeds []fuzzSeed
	for _, wide := range []bool{false, true} {
		defs := randomMultis(r, wide)[:4]
		byID, n, _ := multisByID(defs)
		var mi, mm bytes.Buffer
		_ = encodeMultiIdx(&mi, byID, n, wide)
		_ = encodeMultiMul(&mm, byID, n, wide)
		w := fmt.Sprint(map[bool]string{false: "narrow", true: "wide"}[wide])
		mseeds = append(mseeds,
			fuzzSeed{w, []any{mi.Bytes(), mm.Bytes(), uint8(0)}, true},
			fuzzSeed{w + "-truncated", []any{mi.Bytes(), mm.Bytes()[:mm.Len()-1], uint8(0)}, false},
		)
	}
	seeds["FuzzReadMultis"] = mseeds
	return seeds
}

// seedOK runs a seed through the target's decoder.
func seedOK(target string, a []any) bool {
	var err error
	switch target {
	case "FuzzDecodeTileData":
		in, fb, land, items := fuzzTileTables(a[0].([]byte), a[1].(uint8), a[2].(uint8), a[3].(bool), a[4].(bool))
		err = decodeTileTables(in, "t", fb, land, items)
	case "FuzzReadMap":
		w, h := fuzzMapSize(a[3].(uint8), a[4].(uint8))
		_, err = decodeMap(world.Felucca, namedBytes{"m", a[0].([]byte)}, namedBytes{"i", a[1].([]byte)},
			namedBytes{"s", a[2].([]byte)}, w, h)
	case "FuzzReadUOP":
		_, err = DecodeUOP(a[0].([]byte), "u", int(a[1].(uint8)%6))
	case "FuzzReadMultis":
		_, err = DecodeMultis(a[0].([]byte), "i", a[1].([]byte), "m", MultiLayout(a[2].(uint8)%3))
	}
	return err == nil
}

// encodeSeed renders args in the go fuzz corpus file format.
func encodeSeed(args []any) string {
	var b strings.Builder
	b.WriteString("go test fuzz v1\n")
	for _, a := range args {
		switch v := a.(type) {
		case []byte:
			fmt.Fprintf(&b, "[]byte(%q)\n", v)
		case uint8:
			fmt.Fprintf(&b, "uint8(%d)\n", v)
		case bool:
			fmt.Fprintf(&b, "bool(%v)\n", v)
		}
	}
	return b.String()
}

func TestFuzzSeedCorpus(t *testing.T) {
	write := os.Getenv("SHARDCORE_WRITE_FUZZ_SEEDS") == "1"
	all := fuzzSeeds(t)
	targets := make([]string, 0, len(all))
	for k := range all {
		targets = append(targets, k)
	}
	sort.Strings(targets)
	for _, target := range targets {
		for _, s := range all[target] {
			if got := seedOK(target, s.args); got != s.valid {
				t.Errorf("%s/%s: decodes %v, want %v", target, s.name, got, s.valid)
			}
			path := filepath.Join("testdata", "fuzz", target, s.name)
			want := encodeSeed(s.args)
			if write {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			got, err := os.ReadFile(path)
			if err != nil || string(got) != want {
				t.Errorf("%s: missing or stale (%v); rerun with SHARDCORE_WRITE_FUZZ_SEEDS=1", path, err)
			}
		}
	}
}

// Bounds on what one fuzz input costs: the bytes a seed holds (minimising
// an input the decoder accepts takes up to one execution per pair of its
// bytes) and the bytes the decoder is handed per execution.
const (
	maxSeedBytes  = 4 << 10
	maxInputBytes = 8 << 10
)

// fuzzInputBytes returns the bytes of a seed's arguments and the bytes
// the target hands its decoder for them.
func fuzzInputBytes(target string, a []any) (seed, input int) {
	for _, v := range a {
		if b, ok := v.([]byte); ok {
			seed += len(b)
		}
	}
	input = seed
	if target == "FuzzDecodeTileData" {
		in, _, _, _ := fuzzTileTables(a[0].([]byte), a[1].(uint8), a[2].(uint8), a[3].(bool), a[4].(bool))
		input = len(in)
	}
	return seed, input
}

// TestFuzzInputsSmall keeps every target fuzzing at thousands of inputs a
// second: FuzzDecodeTileData used to build a 1 to 3 MB tiledata image from
// each input and ran 22 inputs in 75 s.
func TestFuzzInputsSmall(t *testing.T) {
	for target, seeds := range fuzzSeeds(t) {
		for _, s := range seeds {
			seed, input := fuzzInputBytes(target, s.args)
			if seed > maxSeedBytes || input > maxInputBytes {
				t.Errorf("%s/%s: %d bytes of seed, %d bytes decoded per execution; want at most %d and %d",
					target, s.name, seed, input, maxSeedBytes, maxInputBytes)
			}
		}
	}
}
