package uo

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/shardcore/shardcore/world"
)

func TestFingerprint(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	dir, m, _ := writeClientDir(t, r, world.Felucca, 64, 64)
	f, err := Files(dir, world.Felucca)
	if err != nil {
		t.Fatal(err)
	}
	fp0, err := Fingerprint(f)
	if err != nil {
		t.Fatal(err)
	}
	// Patching the loaded table in memory does not change it.
	td, err := ReadTileData(f.TileData)
	if err != nil {
		t.Fatal(err)
	}
	td.Items[0x10].Flags ^= world.FlagImpassable
	td.Land[3].Flags |= world.FlagWet
	if fp, _ := Fingerprint(f); fp != fp0 {
		t.Fatal("fingerprint changed after an in-memory flag patch")
	}
	// One byte changed on disk in any file changes it, and restoring restores it.
	for _, p := range []string{f.TileData, f.Map, f.Staidx, f.Statics} {
		data, _ := os.ReadFile(p)
		i := len(data) / 2
		data[i] ^= 0x01
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if fp, _ := Fingerprint(f); fp == fp0 {
			t.Fatalf("%s: fingerprint unchanged after a byte flip", filepath.Base(p))
		}
		data[i] ^= 0x01
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if fp, _ := Fingerprint(f); fp != fp0 {
			t.Fatalf("%s: fingerprint not restored", filepath.Base(p))
		}
	}
	// Moving a byte across a file boundary changes it (lengths are hashed).
	idx, _ := os.ReadFile(f.Staidx)
	stat, _ := os.ReadFile(f.Statics)
	moved := append(append([]byte(nil), idx[len(idx)-1]), stat...)
	_ = os.WriteFile(f.Staidx, idx[:len(idx)-1], 0o644)
	_ = os.WriteFile(f.Statics, moved, 0o644)
	if fp, _ := Fingerprint(f); fp == fp0 {
		t.Fatal("fingerprint unchanged after moving a byte between files")
	}
	_ = os.WriteFile(f.Staidx, idx, 0o644)
	_ = os.WriteFile(f.Statics, stat, 0o644)

	// With a .uop the container replaces map0.mul.
	if err := WriteMapUOP(filepath.Join(dir, UOPFileName(world.Felucca)), m); err != nil {
		t.Fatal(err)
	}
	fu, _ := Files(dir, world.Felucca)
	fpu, err := Fingerprint(fu)
	if err != nil || fpu == fp0 {
		t.Fatalf("uop fingerprint %x vs mul %x, %v", fpu, fp0, err)
	}
	_, err = Fingerprint(MapFiles{TileData: f.TileData, Staidx: f.Staidx, Statics: f.Statics})
	wantErr(t, err, "empty")
	_, err = Fingerprint(MapFiles{TileData: filepath.Join(dir, "gone.mul"), Map: f.Map, Staidx: f.Staidx, Statics: f.Statics})
	wantErr(t, err, "gone.mul")
}
