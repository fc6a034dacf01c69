package gen

import (
	"bytes"
	"context"
	"reflect"
	"testing"

	"github.com/shardcore/shardcore/world"
)

// sameMap reports the first difference between two maps' land, statics
// and multis, or "".
func sameMap(a, b *world.Map) string {
	if a.Width != b.Width || a.Height != b.Height {
		return "size"
	}
	for i := 0; i < a.BlockCount(); i++ {
		if !bytes.Equal(a.LandBlock(i), b.LandBlock(i)) {
			return "land block"
		}
		if !reflect.DeepEqual(a.BlockStatics(i), b.BlockStatics(i)) {
			return "statics block"
		}
	}
	ma, mb := a.Multis(), b.Multis()
	if len(ma) != len(mb) {
		return "multi count"
	}
	for i := range ma {
		if ma[i].X != mb[i].X || ma[i].Y != mb[i].Y || ma[i].Z != mb[i].Z || !reflect.DeepEqual(ma[i].Def, mb[i].Def) {
			return "multi"
		}
	}
	return ""
}

func TestDeterministic(t *testing.T) {
	o := Options{Seed: 7, Width: 512, Height: 640}
	a, err := Generate(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Generate(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if d := sameMap(a.Map, b.Map); d != "" {
		t.Fatalf("same seed, different %s", d)
	}
	if !reflect.DeepEqual(a.Landmarks, b.Landmarks) || !reflect.DeepEqual(a.Multis, b.Multis) || !reflect.DeepEqual(a.Tiles, b.Tiles) {
		t.Fatal("same seed, different landmarks, multis or tiles")
	}
	c, err := Generate(context.Background(), Options{Seed: 8, Width: 512, Height: 640})
	if err != nil {
		t.Fatal(err)
	}
	if sameMap(a.Map, c.Map) == "" {
		t.Fatal("seeds 7 and 8 gave the same map")
	}
}

func TestLargeWorld(t *testing.T) {
	if testing.Short() {
		t.Skip("7168x4096 generation skipped in -short")
	}
	w, err := Generate(context.Background(), Options{Seed: 1, Width: 7168, Height: 4096})
	if err != nil {
		t.Fatal(err)
	}
	lm := w.Landmarks
	if w.Map.Width != 7168 || w.Map.Height != 4096 {
		t.Fatalf("size %dx%d", w.Map.Width, w.Map.Height)
	}
	r := staticRules(w)
	if _, ok := step(r, walker, lm.BridgeDeck, 2); !ok {
		t.Error("large world: cannot walk east along the bridge deck")
	}
	if lm.CliffPoint == (Spot{}) || lm.MountainPoint == (Spot{}) {
		t.Errorf("large world: cliff %v, mountain %v", lm.CliffPoint, lm.MountainPoint)
	}
}
