package reach

import (
	"context"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// movers are the rule sets' movers.
var movers = [chunk.NumRuleSets]movement.Mover{
	chunk.RuleWalk: {},
	chunk.RuleWet:  {Caps: movement.CanSwim | movement.CantWalk},
}

// stateLabel is the component of the state of (x, y) standing at z (its
// covering record's), from ch, that cell's chunk: 0 when it has none, -1
// when no record covers z.
func (ix *Index) stateLabel(set chunk.RuleSet, ch *chunk.Chunk, x, y, z int) int64 {
	c := (y%chunk.Size)*chunk.Size + x%chunk.Size
	t := stateAt(ch, c, z)
	if t < 0 {
		return -1
	}
	s := &ix.sets[set]
	ci := (y/chunk.Size)*ix.wide + x/chunk.Size
	h := s.head[ci]
	if h&mixed == 0 {
		if t >= chunk.NumCells || s.none[ci] != 0 && s.masks[s.none[ci]-1][c>>6]&(1<<(c&63)) != 0 {
			return 0
		}
		return int64(h)
	}
	m := s.mixed(h)
	k := uint16(0)
	if t < chunk.NumCells {
		k = m.cells[t]
	} else {
		k = m.strata[t-chunk.NumCells]
	}
	if k == 0 {
		return 0
	}
	return int64(m.id(k))
}

// checkLiveSteps checks, for every state of every cell of the map of live
// (the records of chunks) and both rule sets, that every step the live
// rules allow from it on the static world (multis are the callers' to
// ask about, as items are) joins two states of one component, unless the
// index marks the chunk unsure.
func checkLiveSteps(t *testing.T, name string, live *movement.Rules, chunks []*chunk.Chunk, ix *Index) {
	t.Helper()
	live = live.Clone()
	live.StaticOnly = true
	wide, _ := ix.Size()
	steps, cross := 0, 0
	for set := range chunk.NumRuleSets {
		mv := movers[set]
		s := &ix.sets[set]
		for ci, ch := range chunks {
			if s.unsure[ci>>6]&(1<<(ci&63)) != 0 {
				continue
			}
			cx, cy := ci%wide, ci/wide
			for c := range chunk.NumCells {
				x, y := cx*chunk.Size+c%chunk.Size, cy*chunk.Size+c/chunk.Size
				if x >= live.Map.Width || y >= live.Map.Height {
					continue
				}
				eachState(ch, c, func(_ int, r *chunk.Cell) {
					if r.Info&chunk.InfoLiveOnly != 0 {
						return
					}
					from := ix.stateLabel(set, ch, x, y, int(r.Z))
					for d := movement.Dir(0); d < 8; d++ {
						nz, ok := live.CheckMovement(mv, x, y, int(r.Z), d)
						if !ok {
							continue
						}
						dx, dy := d.Offset()
						tx, ty := x+dx, y+dy
						to := ix.stateLabel(set, chunks[(ty/chunk.Size)*wide+tx/chunk.Size], tx, ty, nz)
						steps++
						if from <= 0 || to != from {
							t.Fatalf("%s set %d: (%d,%d,%d) -> %v (%d,%d,%d): components %d -> %d", name, set, x, y, r.Z, d, tx, ty, nz, from, to)
						}
						if tx/chunk.Size != cx || ty/chunk.Size != cy {
							cross++
						}
					}
				})
			}
		}
	}
	t.Logf("%s: %d live steps, %d across chunks, each within a component; walk %d components, wet %d; %d bytes",
		name, steps, cross, ix.Components(chunk.RuleWalk), ix.Components(chunk.RuleWet), ix.Bytes())
	if steps == 0 || cross == 0 {
		t.Fatalf("%s: %d steps, %d across chunks: nothing checked", name, steps, cross)
	}
}

// TestLiveStepsStayInComponents: on the default world and a small
// Britannia map, every live step joins states of one component.
func TestLiveStepsStayInComponents(t *testing.T) {
	ctx := context.Background()
	def := steptest.StaticRules(t)
	bw, err := britannia.Generate(ctx, britannia.Options{Seed: 1, Map: world.Felucca, Width: 512, Height: 384})
	if err != nil {
		t.Fatal(err)
	}
	brit := movement.NewRules(bw.Map, bw.Tiles, nil)
	for _, w := range []struct {
		name string
		live *movement.Rules
	}{{"default", def}, {"britannia 512x384", brit}} {
		if testing.Short() && w.name == "default" {
			continue
		}
		chunks, err := bake.BuildMap(ctx, w.live, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		wide, high := chunk.Grid(w.live.Map.Width, w.live.Map.Height)
		ix, err := Build(ctx, wide, high, func(cx, cy int) *chunk.Chunk { return chunks[cy*wide+cx] })
		if err != nil {
			t.Fatal(err)
		}
		checkLiveSteps(t, w.name, w.live, chunks, ix)
	}
}
