package uo

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"shardcore/world"
)

// The fuzz targets check that no input panics and that whatever decodes
// re-encodes to something that decodes to the same value. Their seed corpus
// lives in testdata/fuzz/<FuzzName>/ and is produced by fuzzSeeds below;
// TestFuzzSeedCorpus keeps the two in step (SHARDCORE_WRITE_FUZZ_SEEDS=1
// rewrites the files).

// tileDataFromParts builds a tiledata image of size bytes (mod the largest
// layout plus a margin) with head at the start and tail at the end, so the
// fuzzer reaches every layout without megabyte inputs.
func tileDataFromParts(head, tail []byte, size uint32) []byte {
	buf := make([]byte, int(size)%(TileDataSizeNew+64))
	copy(buf, head)
	if len(tail) <= len(buf) {
		copy(buf[len(buf)-len(tail):], tail)
	}
	return buf
}

func FuzzDecodeTileData(f *testing.F) {
	f.Fuzz(func(t *testing.T, head, tail []byte, size uint32) {
		data := tileDataFromParts(head, tail, size)
		td, err := DecodeTileData(data, "tiledata.mul")
		if err != nil {
			if !strings.Contains(err.Error(), "tiledata.mul") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := WriteTileData(&buf, td); err != nil {
			t.Fatalf("re-encode: %v", err)
		}
		if buf.Len() != TileDataSize(td.Format) {
			t.Fatalf("re-encoded %d bytes", buf.Len())
		}
		td2, err := DecodeTileData(buf.Bytes(), "again")
		if err != nil {
			t.Fatalf("decode re-encoded: %v", err)
		}
		if td2.Format != td.Format || td2.Land != td.Land {
			t.Fatal("land table changed through a round trip")
		}
		for i := range td.Items {
			if td.Items[i] != td2.Items[i] {
				t.Fatalf("item %d changed through a round trip", i)
			}
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
	var tb bytes.Buffer
	if err := WriteTileData(&tb, td); err != nil {
		t.Fatal(err)
	}
	head, tail := tb.Bytes()[:400], tb.Bytes()[tb.Len()-300:]
	seeds["FuzzDecodeTileData"] = []fuzzSeed{
		{"old16k", []any{head, tail, uint32(TileDataSizeOld16K)}, true},
		{"old32k", []any{head, tail, uint32(TileDataSizeOld32K)}, true},
		{"new", []any{head, tail, uint32(TileDataSizeNew)}, true},
		{"truncated", []any{head, tail, uint32(TileDataSizeOld16K - 1)}, false},
		{"empty", []any{[]byte{}, []byte{}, uint32(0)}, false},
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
		_, err = DecodeTileData(tileDataFromParts(a[0].([]byte), a[1].([]byte), a[2].(uint32)), "t")
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
		case uint32:
			fmt.Fprintf(&b, "uint32(%d)\n", v)
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
