package config

import (
	"fmt"
	"slices"
)

// shareKey is the key of a [[shard.population.map]] table's share.
const shareKey = "shard.population.map.share"

// shares checks the [[shard.population.map]] tables: each map one of
// world.maps and listed once, each share 0..1, the shares summing to at most
// 1, and to exactly 1 when every map of world.maps has one (else part of the
// population would have no map).
func (v *validator) shares(ms []MapShare, maps []int) {
	sum, covered := 0.0, 0
	for i, m := range ms {
		switch {
		case !contains(maps, m.ID):
			v.add("shard.population.map.id", fmt.Sprintf("shard.population.map.id = %d: map %d is not in world.maps %v", m.ID, m.ID, maps))
		case slices.ContainsFunc(ms[:i], func(o MapShare) bool { return o.ID == m.ID }):
			v.add("shard.population.map.id", fmt.Sprintf("shard.population.map.id = %d: map %d listed twice", m.ID, m.ID))
		default:
			covered++
		}
		if !(m.Share >= 0 && m.Share <= 1) {
			v.add(shareKey, fmt.Sprintf("%s = %s (map %d): out of range, want 0..1", shareKey, fmtFloat(m.Share), m.ID))
			return
		}
		sum += m.Share
	}
	const eps = 1e-9
	switch {
	case sum > 1+eps:
		v.add(shareKey, fmt.Sprintf("%s: the shares sum to %s: want at most 1", shareKey, fmtFloat(sum)))
	case covered == len(maps) && len(maps) > 0 && sum < 1-eps:
		v.add(shareKey, fmt.Sprintf(
			"%s: every map of world.maps has a share and they sum to %s, not 1: the rest of the population would have no map",
			shareKey, fmtFloat(sum)))
	}
}
