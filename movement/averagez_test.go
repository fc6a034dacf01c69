package movement

import (
	"testing"

	"github.com/shardcore/shardcore/world"
)

// TestAverageZ pins the land Z rule: corners T,L,R,B, the corner choice
// by |T−B| > |L−R|, floorHalf toward −∞, and off-map corners reading 0.
func TestAverageZ(t *testing.T) {
	const w, h = 16, 16
	cases := []struct {
		name           string
		x, y           int
		zt, zl, zr, zb int8 // T=(x,y) L=(x,y+1) R=(x+1,y) B=(x+1,y+1)
		low, avg, top  int
	}{
		{name: "flat", x: 3, y: 3, zt: 5, zl: 5, zr: 5, zb: 5, low: 5, avg: 5, top: 5},
		{name: "|T-B| <= |L-R| uses T+B", x: 3, y: 3, zt: 0, zl: 10, zr: 4, zb: 0, low: 0, avg: 0, top: 10},
		{name: "|T-B| == |L-R| uses T+B", x: 3, y: 3, zt: 6, zl: 0, zr: -6, zb: 0, low: -6, avg: 3, top: 6},
		{name: "|T-B| > |L-R| uses L+R", x: 3, y: 3, zt: 10, zl: 2, zr: 4, zb: 0, low: 0, avg: 3, top: 10},
		{name: "odd positive sum truncates", x: 3, y: 3, zt: 3, zl: 1, zr: 1, zb: 0, low: 0, avg: 1, top: 3},
		{name: "negative L+R floors", x: 3, y: 3, zt: -3, zl: -1, zr: -2, zb: 0, low: -3, avg: -2, top: 0},
		{name: "negative T+B floors", x: 3, y: 3, zt: -1, zl: 5, zr: 0, zb: -2, low: -2, avg: -2, top: 5},
		{name: "negative even sum exact", x: 3, y: 3, zt: -4, zl: -4, zr: 0, zb: 0, low: -4, avg: -2, top: 0},
	}
	for _, c := range cases {
		m := buildMap(t, world.Felucca, w, h, nil)
		m.SetLand(c.x, c.y, world.LandCell{ID: landGrass, Z: c.zt})
		m.SetLand(c.x, c.y+1, world.LandCell{ID: landGrass, Z: c.zl})
		m.SetLand(c.x+1, c.y, world.LandCell{ID: landGrass, Z: c.zr})
		m.SetLand(c.x+1, c.y+1, world.LandCell{ID: landGrass, Z: c.zb})
		low, avg, top := m.AverageZ(c.x, c.y)
		if low != c.low || avg != c.avg || top != c.top {
			t.Errorf("%s: AverageZ = %d,%d,%d want %d,%d,%d", c.name, low, avg, top, c.low, c.avg, c.top)
		}
		// The rules stand a walker on the averaged land Z.
		r := NewRules(m, testTiles(), nil)
		z, ok := r.Enter(walker, c.x, c.y, c.avg, c.top, c.avg)
		if !ok || z != c.avg {
			t.Errorf("%s: walker steps onto the cell at z=%d ok=%v, want avg %d", c.name, z, ok, c.avg)
		}
	}
}

// TestLandSlope: a walker may step onto land whose low corner is within
// StepHeight even when its averaged Z is higher ("stepTop >= low").
func TestLandSlope(t *testing.T) {
	m := buildMap(t, world.Felucca, 8, 8, nil)
	m.SetLand(4, 3, world.LandCell{ID: landGrass, Z: 6})         // R of (3,3)
	m.SetLand(4, 4, world.LandCell{ID: landGrass, Z: 6})         // B of (3,3)
	for _, c := range [][2]int{{6, 3}, {6, 4}, {7, 3}, {7, 4}} { // (6,3) all corners 3
		m.SetLand(c[0], c[1], world.LandCell{ID: landGrass, Z: 3})
	}
	if _, avg, _ := m.AverageZ(3, 3); avg != 3 {
		t.Fatalf("slope avg = %d, want 3", avg)
	}
	r := NewRules(m, testTiles(), nil)
	checkSteps(t, r, []step{
		{name: "up the slope", x: 2, y: 3, z: 0, dir: East, wantOK: true, wantZ: 3},
		{name: "low corner too high", x: 6, y: 2, z: 0, dir: South, wantOK: false},
	})
}

// TestAverageZOffMap pins that corners off the map read z 0 (not the edge
// cell's z).
func TestAverageZOffMap(t *testing.T) {
	m := buildMap(t, world.Felucca, 8, 8, flat(landGrass, -6))
	// Bottom-right corner: L, R, B off the map read 0. |T−B| = 6 > |L−R| = 0.
	if low, avg, top := m.AverageZ(7, 7); low != -6 || avg != 0 || top != 0 {
		t.Errorf("AverageZ(7,7) = %d,%d,%d, want -6,0,0", low, avg, top)
	}
	// Right edge: R and B off map read 0. |T−B| = 6 = |L−R| = 6, so T+B.
	if low, avg, top := m.AverageZ(7, 3); low != -6 || avg != -3 || top != 0 {
		t.Errorf("AverageZ(7,3) = %d,%d,%d, want -6,-3,0", low, avg, top)
	}
	// Bottom edge: L and B off map. |T−B| = 6 = |L−R| = 6, so T+B.
	if low, avg, top := m.AverageZ(3, 7); low != -6 || avg != -3 || top != 0 {
		t.Errorf("AverageZ(3,7) = %d,%d,%d, want -6,-3,0", low, avg, top)
	}
	// Interior stays flat.
	if low, avg, top := m.AverageZ(3, 3); low != -6 || avg != -6 || top != -6 {
		t.Errorf("AverageZ(3,3) = %d,%d,%d, want -6,-6,-6", low, avg, top)
	}
}
