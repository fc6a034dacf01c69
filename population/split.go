package population

import (
	"fmt"
	"math"
	"slices"

	"github.com/shardcore/shardcore/world"
)

// EstimateRoom estimates RoomOf from a grid of every third cell on both axes
// (every cell on a map of up to a million cells), scaled to the map: a
// map's area for sharing a population among maps, in a ninth of the time.
func EstimateRoom(m *world.Map, td *world.TileData) Room {
	stride := 1
	if m.Width*m.Height > 1<<20 {
		stride = 3
	}
	var r Room
	for y := 0; y < m.Height; y += stride {
		for x := 0; x < m.Width; x += stride {
			walk, swim := cellRoom(m, td, x, y)
			if walk {
				r.Walkers++
			}
			if swim {
				r.Swimmers++
			}
		}
	}
	r.Walkers *= stride * stride
	r.Swimmers *= stride * stride
	return r
}

// MapPart is one map's claim in Split: its id, its room (EstimateRoom), and
// its configured share of every count when Set.
type MapPart struct {
	ID    world.MapID
	Room  Room
	Share float64
	Set   bool
}

// Split divides population o over maps: a map with a set share gets that
// part of every count; the others split the rest, walkers (pets and
// patrols) in proportion to the cells a walker can stand on, swimmers to
// water cells. Counts are whole (largest remainder), summing to o's. Each
// map's seed is o.Seed mixed with its id (map 0 keeps o.Seed), so maps get
// different draws. Progress is o's.
func Split(o Options, parts []MapPart) ([]Options, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("population: split: no maps")
	}
	walkRoom := func(p MapPart) float64 { return float64(p.Room.Walkers) }
	swimRoom := func(p MapPart) float64 { return float64(p.Room.Swimmers) }
	pets, err := splitCount("pets", o.Pets, parts, walkRoom)
	if err != nil {
		return nil, err
	}
	patrols, err := splitCount("patrols", o.Patrols, parts, walkRoom)
	if err != nil {
		return nil, err
	}
	swimmers, err := splitCount("swimmers", o.Swimmers, parts, swimRoom)
	if err != nil {
		return nil, err
	}
	out := make([]Options, len(parts))
	for i, p := range parts {
		out[i] = o
		out[i].Pets, out[i].Patrols, out[i].Swimmers = pets[i], patrols[i], swimmers[i]
		out[i].Seed = o.Seed ^ uint64(p.ID)*0x9E3779B97F4A7C15
	}
	return out, nil
}

// splitCount divides n of one kind over parts: set shares first, the rest
// by room; whole counts by largest remainder.
func splitCount(kind string, n int, parts []MapPart, room func(MapPart) float64) ([]int, error) {
	quota := make([]float64, len(parts))
	rest, byRoom := float64(n), 0.0
	for i, p := range parts {
		if p.Set {
			quota[i] = float64(n) * p.Share
			rest -= quota[i]
		} else {
			byRoom += room(p)
		}
	}
	rest = math.Max(rest, 0)
	if rest >= 0.5 && byRoom == 0 {
		return nil, fmt.Errorf("population: %d %s are left for the maps without a share, and they have no room for any", int(math.Round(rest)), kind)
	}
	for i, p := range parts {
		if !p.Set && byRoom > 0 {
			quota[i] = rest * room(p) / byRoom
		}
	}
	return largestRemainder(n, quota), nil
}

// largestRemainder rounds quotas (summing to n, up to rounding) to whole
// counts summing to n: each its floor, then one more to the largest
// fractions (ties to the first).
func largestRemainder(n int, quota []float64) []int {
	out := make([]int, len(quota))
	used := 0
	order := make([]int, len(quota))
	for i, q := range quota {
		out[i] = int(math.Floor(q))
		used += out[i]
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		fa, fb := quota[a]-math.Floor(quota[a]), quota[b]-math.Floor(quota[b])
		switch {
		case fa > fb:
			return -1
		case fa < fb:
			return 1
		}
		return 0
	})
	for k := 0; used < n && len(order) > 0; k = (k + 1) % len(order) {
		out[order[k]]++
		used++
	}
	return out
}
