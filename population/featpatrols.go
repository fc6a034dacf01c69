package population

import (
	"fmt"

	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// dungeonRegions are the map's dungeons as regions weighted by area: each
// whole dungeon (routes centred anywhere on its floors, galleries a storey
// up included), and for a dungeon with a ramp, routes from its bottom up to
// its top and on (a quarter of that dungeon's weight).
func dungeonRegions(f *britannia.Features) []share {
	var out []share
	for _, d := range f.Dungeons {
		area := (d.X1 - d.X0 + 1) * (d.Y1 - d.Y0 + 1)
		reg := region{name: "dungeon", x0: d.X0, y0: d.Y0, x1: d.X1, y1: d.Y1, radius: regionRadius}
		w := float64(area)
		if d.Ramp != [2]gen.Spot{} {
			ramp := reg
			ramp.name = "dungeon ramp"
			ramp.centres = []systems.RouteCell{systems.RouteCell(d.Ramp[0])}
			ramp.fixed = []world.Point{{X: d.Ramp[1].X, Y: d.Ramp[1].Y}}
			out = append(out, share{reg: ramp, weight: w / 4, most: area / dungeonCellsPerPatrol / 4})
			w -= w / 4
		}
		out = append(out, share{reg: reg, weight: w, most: area / dungeonCellsPerPatrol})
	}
	return out
}

// featurePatrols spawns the patrols: on roads between towns first (they
// are not regions), then over the places and open land.
func (p *populator) featurePatrols() error {
	f := p.feat
	j := 0
	spawn := p.spawnPatrols(&j)
	onRoads, err := p.roadPatrols(spawn)
	if err != nil {
		return err
	}
	kinds := [][]share{townRegions(f, townCellsPerPatrol), dungeonRegions(f), spotRegions("bridge", spotsOf(f.Bridges))}
	fracs := []float64{townPatrolShare, dungeonPatrolShare, bridgePatrolShare}
	// The road share already spawned comes off the total the places share.
	n := p.o.Patrols - onRoads
	for i := range fracs {
		fracs[i] = min(fracs[i]*float64(p.o.Patrols)/float64(max(n, 1)), 1)
	}
	return p.spread("patrol routes", n, patrolCellsPerRoute, kinds, fracs, spawn)
}

// roadPatrols draws the roads between neighbouring towns and spawns their
// share of the patrols on them, spread by length; it returns how many.
func (p *populator) roadPatrols(spawn func(rt *genRoute, n int) error) (int, error) {
	want := int(float64(p.o.Patrols) * roadPatrolShare)
	ends := roadEnds(p.feat.Towns)
	if want == 0 || len(ends) == 0 {
		return 0, nil
	}
	var roads []*genRoute
	room := 0
	for _, e := range ends {
		if err := p.prog.at("road routes", p.prog.done, p.prog.total); err != nil {
			return 0, err
		}
		rt, ok, err := p.gen.roadRoute(e[0], e[1])
		if err != nil {
			return 0, fmt.Errorf("population: road routes: %w", err)
		}
		if ok {
			roads = append(roads, rt)
			room += len(rt.wps) / 2 * roadPatrolsPerLeg
		}
	}
	want = min(want, room)
	done := 0
	for i, rt := range roads {
		n := (want - done) / (len(roads) - i)
		n = min(max(n, 0), len(rt.wps)/2*roadPatrolsPerLeg)
		if n == 0 {
			continue
		}
		if err := spawn(rt, n); err != nil {
			return done, err
		}
		done += n
	}
	return done, nil
}
