package clustertest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/testkit/stations"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen/britannia"
	"github.com/shardcore/shardcore/world/source"
)

// Sizes are the small britannia maps a plan writes (each feature scaled
// with its area).
var Sizes = map[world.MapID][2]int{0: {640, 512}, 1: {520, 392}, 2: {584, 408}, 3: {512, 512}, 4: {360, 360}, 5: {320, 768}}

// Plan is a shard over several processes for a test.
type Plan struct {
	// Dir holds the world folder, each process's config, cache and save.
	Dir string
	// DataDir, when set, is a britannia folder holding every map of the
	// plan (at any size) used instead of writing small maps into Dir.
	DataDir string
	// NATSURL is the NATS server the processes meet at.
	NATSURL string
	// Processes are each process's maps (process i is named "p<i>").
	Processes [][]int
	// Stations is the number of moongate stations per map: each a cell
	// with a gate east of it to the next map of the ring of the shard's
	// maps and one west to the previous, each sending to the same station
	// of that map.
	Stations int
	// Population is each process's population (spread over its maps),
	// unless Populations has one for it.
	Population  config.Population
	Populations map[int]config.Population
	// SaveEveryS is each process's background save interval (0: 1 s).
	SaveEveryS int
	// HugePages is each process's shard.hugePages (off for small maps).
	HugePages bool
}

// Name is process i's name.
func Name(i int) string { return fmt.Sprintf("p%d", i) }

// ShardMaps returns the plan's maps in ring order (ascending).
func (p Plan) ShardMaps() []world.MapID {
	var out []world.MapID
	for _, ms := range p.Processes {
		for _, m := range ms {
			out = append(out, world.MapID(m))
		}
	}
	slices.Sort(out)
	return out
}

// Write writes the world folder and every process's config, and returns
// the configs' paths, in process order.
func (p Plan) Write(ctx context.Context) ([]string, error) {
	data := p.DataDir
	maps := p.ShardMaps()
	if data == "" {
		data = filepath.Join(p.Dir, "world")
		if err := writeWorld(ctx, data, maps); err != nil {
			return nil, err
		}
	}
	gates, err := p.gates(ctx, data, maps)
	if err != nil {
		return nil, err
	}
	var paths []string
	for i, ms := range p.Processes {
		cfg := p.config(i, data, ms, gates)
		path := filepath.Join(p.Dir, Name(i)+".toml")
		f, err := os.Create(path)
		if err != nil {
			return nil, err
		}
		err = config.Write(f, cfg)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, err
		}
		if _, err := config.Load(path); err != nil {
			return nil, fmt.Errorf("clustertest: the config written is refused: %w", err)
		}
		paths = append(paths, path)
	}
	return paths, nil
}

// writeWorld writes the small britannia maps into dir.
func writeWorld(ctx context.Context, dir string, maps []world.MapID) error {
	f, err := britannia.NewFolder(dir, 5)
	if err != nil {
		return err
	}
	for _, id := range maps {
		s := Sizes[id]
		w, err := britannia.Generate(ctx, britannia.Options{Seed: 5, Map: id, Width: s[0], Height: s[1]})
		if err != nil {
			return err
		}
		if err := f.Add(w); err != nil {
			return err
		}
	}
	return f.Close()
}

// gates finds each map's stations and returns the moongates between them.
func (p Plan) gates(ctx context.Context, data string, maps []world.MapID) ([]config.Moongate, error) {
	st := map[world.MapID][]stations.Station{}
	n := p.Stations
	for _, id := range maps {
		w, err := source.Load(ctx, source.Spec{DataDir: data, MapID: id})
		if err != nil {
			return nil, err
		}
		st[id] = stations.Find(w.Map, w.Tiles, p.Stations, 12, uint64(id)+11)
		n = min(n, len(st[id]))
	}
	if n == 0 {
		return nil, fmt.Errorf("clustertest: no stations found on maps %v", maps)
	}
	var out []config.Moongate
	for i, id := range maps {
		next, prev := maps[(i+1)%len(maps)], maps[(i+len(maps)-1)%len(maps)]
		for k := range n {
			s := st[id][k]
			for _, g := range []struct {
				at world.Point
				to world.MapID
			}{{s.East(), next}, {s.West(), prev}} {
				d := st[g.to][k]
				out = append(out, config.Moongate{Map: int(id), X: g.at.X, Y: g.at.Y, ToMap: int(g.to), ToX: d.X, ToY: d.Y, ToZ: d.Z})
			}
		}
	}
	return out, nil
}

// config is process i's config.
func (p Plan) config(i int, data string, maps []int, gates []config.Moongate) config.Config {
	dir := filepath.Join(p.Dir, Name(i))
	cfg := config.Default()
	cfg.World.DataDir, cfg.World.Profile, cfg.World.Maps = data, config.ProfileBritannia, maps
	cfg.Pathfinding.CacheDir = filepath.Join(dir, "cache")
	cfg.Pathfinding.Recorder.Path = filepath.Join(dir, "rec", "paths.jsonl")
	cfg.Shard.Population = p.Population
	if pop, ok := p.Populations[i]; ok {
		cfg.Shard.Population = pop
	}
	cfg.Shard.SaveFile = filepath.Join(dir, "shard.save")
	cfg.Shard.SaveEveryS = max(p.SaveEveryS, 1)
	cfg.Shard.HugePages = p.HugePages
	cfg.Shard.Moongates = gates
	cfg.Log.Format = "json"
	cfg.Cluster = config.Cluster{NATSURL: p.NATSURL, Name: "test", Self: Name(i)}
	for j, ms := range p.Processes {
		cfg.Cluster.Processes = append(cfg.Cluster.Processes, config.Process{Name: Name(j), Maps: ms})
	}
	return cfg
}
