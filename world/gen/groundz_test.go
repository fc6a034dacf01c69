package gen

import (
	"context"
	"testing"

	"github.com/shardcore/shardcore/movement"
)

// arrivesAt reports whether a walker standing on some neighbour of s (at
// that neighbour's land average) steps onto s arriving at s.Z, as the live
// rules decide.
func arrivesAt(r *movement.Rules, s Spot) bool {
	for d := movement.Dir(0); d < 8; d++ {
		dx, dy := d.Offset()
		nx, ny := s.X-dx, s.Y-dy
		_, nz, _ := r.Map.AverageZ(nx, ny)
		if z, ok := r.CheckMovement(walker, nx, ny, nz, d); ok && z == s.Z {
			return true
		}
	}
	return false
}

// TestGroundLandmarkZ checks the Z the generator gives its ground landmarks
// (the land average it wrote) against the live rules, on several worlds: a
// walker stepping onto it arrives at that Z, and it is the highest level a
// walker can stand at there.
func TestGroundLandmarkZ(t *testing.T) {
	for _, o := range []Options{DefaultOptions(), {Seed: 7, Width: 512, Height: 640}, {Seed: 12, Width: 512, Height: 1024}} {
		w, err := Generate(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		r := staticRules(w)
		lm := w.Landmarks
		spots := map[string]Spot{"TownCenter": lm.TownCenter, "TownGate": lm.TownGate, "BridgeWest": lm.BridgeWest,
			"BridgeEast": lm.BridgeEast, "Bridge2West": lm.Bridge2West, "Bridge2East": lm.Bridge2East,
			"CausewayStart": lm.CausewayStart, "CausewayEnd": lm.CausewayEnd, "SewerEntrance": lm.SewerEntrance,
			"HillPoint": lm.HillPoint}
		for i, g := range lm.TownGates {
			spots["TownGates"+string(rune('0'+i))] = g
		}
		for name, s := range spots {
			if !arrivesAt(r, s) {
				t.Errorf("%v %s %v: no walker steps onto it arriving at its Z", o, name, s)
			}
			if z, ok := standZ(r, s.X, s.Y); !ok || z != s.Z {
				t.Errorf("%v %s %v: stands at %d %v", o, name, s, z, ok)
			}
		}
	}
}
