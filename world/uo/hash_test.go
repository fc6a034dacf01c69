package uo

import "testing"

// Vectors from lookup3.c's own driver (driver5) and from several public UOP
// readers' tests (map, sound and short names).
func TestHashLittle2Vectors(t *testing.T) {
	cases := []struct {
		s      string
		pc, pb uint32
		c, b   uint32
	}{
		{"", 0, 0, 0xdeadbeef, 0xdeadbeef},
		{"", 0, 0xdeadbeef, 0xbd5b7dde, 0xdeadbeef},
		{"", 0xdeadbeef, 0xdeadbeef, 0x9c093ccd, 0xbd5b7dde},
	}
	for _, tc := range cases {
		c, b := HashLittle2([]byte(tc.s), tc.pc, tc.pb)
		if c != tc.c || b != tc.b {
			t.Errorf("HashLittle2(%q,%#x,%#x) = %#x,%#x want %#x,%#x", tc.s, tc.pc, tc.pb, c, b, tc.c, tc.b)
		}
	}
	// hashlittle's result is hashlittle2's primary with pb = 0.
	four := []byte("Four score and seven years ago")
	if c, _ := HashLittle2(four, 0, 0); c != 0x17770551 {
		t.Errorf("hashlittle(four, 0) = %#x want 0x17770551", c)
	}
	if c, _ := HashLittle2(four, 1, 0); c != 0xcd628161 {
		t.Errorf("hashlittle(four, 1) = %#x want 0xcd628161", c)
	}
}

func TestUOPHashVectors(t *testing.T) {
	cases := map[string]uint64{
		"build/map4legacymul/00000000.dat":  0xDEA39C8655BA717C,
		"build/map0legacymul/00000000.dat":  0xDBB7AFA433A3764B,
		"build/soundlegacymul/00000000.dat": 0xCB36450C320CD308,
		"build/soundlegacymul/00000042.dat": 0x6D5E47C6C50CCDC2,
		"abc":                               0x3C03BE9E0E397631,
		"123456789012":                      0x27F9A1C5B578F5B0,
	}
	for s, want := range cases {
		if got := UOPHash(s); got != want {
			t.Errorf("UOPHash(%q) = %#016x want %#016x", s, got, want)
		}
	}
}
