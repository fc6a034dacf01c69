package codec

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// histograms the code builder must handle: skewed enough to need length
// limiting, flat, one or two symbols, sparse.
func testHistograms() map[string]*[256]uint64 {
	hs := map[string]*[256]uint64{}
	fib := new([256]uint64)
	a, b := uint64(1), uint64(1)
	for s := range 40 {
		fib[s] = a
		a, b = b, a+b
	}
	hs["fibonacci"] = fib
	flat := new([256]uint64)
	for s := range flat {
		flat[s] = 7
	}
	hs["flat"] = flat
	one := new([256]uint64)
	one[200] = 99
	hs["one"] = one
	lastOne := new([256]uint64)
	lastOne[255] = 3
	hs["last"] = lastOne
	two := new([256]uint64)
	two[0], two[17] = 1000, 1
	hs["two"] = two
	rng := rand.New(rand.NewPCG(5, 6))
	for _, name := range []string{"random-a", "random-b", "random-c"} {
		h := new([256]uint64)
		for s := range h {
			if rng.IntN(3) == 0 {
				h[s] = uint64(rng.ExpFloat64() * 1000)
			}
		}
		h[rng.IntN(256)]++
		hs[name] = h
	}
	return hs
}

// TestHuffLens: every code is complete (Kraft sum exactly 1), at most
// huffMaxBits long, and codes every symbol the histogram holds.
func TestHuffLens(t *testing.T) {
	for name, h := range testHistograms() {
		lens, ok := buildHuffLens(h)
		if !ok {
			t.Fatalf("%s: no code", name)
		}
		kraft := 0
		for s, l := range lens {
			if h[s] > 0 && l == 0 {
				t.Fatalf("%s: symbol %d has no code", name, s)
			}
			if l > huffMaxBits {
				t.Fatalf("%s: symbol %d has a %d-bit code", name, s, l)
			}
			if l > 0 {
				kraft += 1 << (huffMaxBits - l)
			}
		}
		if kraft != huffTableSize {
			t.Fatalf("%s: Kraft sum %d/%d", name, kraft, huffTableSize)
		}
		if _, ok := newHuffDecoder(&lens); !ok {
			t.Fatalf("%s: decoder refused its lengths", name)
		}
		stored := AppendLens(nil, &lens)
		if back := ParseLens(stored); back != lens {
			t.Fatalf("%s: stored lengths do not read back", name)
		}
	}
	if _, ok := buildHuffLens(new([256]uint64)); ok {
		t.Fatal("empty histogram gave a code")
	}
	bad := [256]uint8{1, 1, 1}
	if _, ok := newHuffDecoder(&bad); ok {
		t.Fatal("over-full lengths accepted")
	}
	short := [256]uint8{1, 2}
	if _, ok := newHuffDecoder(&short); ok {
		t.Fatal("incomplete lengths accepted")
	}
}

// huffCase codes src with a code built from its own bytes and returns the
// decoder and the coded bits followed by HuffPad junk bytes.
func huffCase(t *testing.T, src []byte) (*huffDecoder, []byte, int) {
	t.Helper()
	var h [256]uint64
	for _, b := range src {
		h[b]++
	}
	h[0]++ // never empty
	lens, _ := buildHuffLens(&h)
	code, ok := newHuffCode(&lens)
	if !ok {
		t.Fatal("code")
	}
	dec, _ := newHuffDecoder(&lens)
	coded := code.appendHuff(nil, src)
	if len(coded) != (code.huffBits(src)+7)/8 {
		t.Fatalf("coded %d bytes, huffBits says %d bits", len(coded), code.huffBits(src))
	}
	m := len(coded)
	return dec, append(coded, bytes.Repeat([]byte{0xA5}, HuffPad)...), m
}

// TestHuffRoundTrip: data of every length up to a few hundred bytes decodes
// back exactly; one coded byte more or less is refused. (A symbol more or
// less can decode where the last byte's padding looks like a code: the
// record states the length.)
func TestHuffRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for n := 1; n < 400; n += 1 + n/16 {
		src := make([]byte, n)
		for i := range src {
			src[i] = byte(rng.ExpFloat64() * 6)
		}
		dec, coded, m := huffCase(t, src)
		dst := make([]byte, n, n+4)
		if !dec.decode(dst, coded, m) || !bytes.Equal(dst, src) {
			t.Fatalf("n=%d: round trip failed", n)
		}
		if m > 0 && dec.decode(dst, coded, m-1) {
			t.Fatalf("n=%d: decoded a truncated stream", n)
		}
		extra := append(append(coded[:m:m], 0), make([]byte, HuffPad)...)
		if dec.decode(dst, extra, m+1) {
			t.Fatalf("n=%d: decoded a stream with a trailing byte", n)
		}
	}
}

// TestHuffCorruptNeverPanics: flipped bits decode or fail, never panic or
// write outside dst.
func TestHuffCorruptNeverPanics(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	src := make([]byte, 300)
	for i := range src {
		src[i] = byte(rng.ExpFloat64() * 5)
	}
	dec, coded, m := huffCase(t, src)
	for range 2000 {
		c := append([]byte(nil), coded...)
		c[rng.IntN(m)] ^= 1 << rng.IntN(8)
		buf := make([]byte, len(src)+4+8)
		for i := range buf {
			buf[i] = 0xEE
		}
		dec.decode(buf[:len(src):len(src)+4], c, m)
		for _, b := range buf[len(src)+4:] {
			if b != 0xEE {
				t.Fatal("decode wrote past dst's capacity")
			}
		}
	}
}
