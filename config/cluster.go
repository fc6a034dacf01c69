package config

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// Cluster is the [cluster] table: a shard whose maps several processes
// run, each its own, handing mobiles over through NATS JetStream. With
// NATSURL "" (the default) this process is the whole shard.
type Cluster struct {
	// NATSURL is the NATS server (JetStream enabled) the shard's processes
	// meet at: "nats://HOST:PORT", or several such URLs separated by commas
	// (the client picks one and moves on when it goes away). "": no cluster.
	NATSURL string `toml:"natsURL"`
	// Name names the shard on that NATS server: its stream is
	// "<name>_transfers" and its subjects "<name>.transfer.<map>", so
	// several shards can share one server.
	Name string `toml:"name"`
	// Self is this process's name, one of Processes; its world.maps must be
	// that process's maps.
	Self string `toml:"self"`
	// Processes are the [[cluster.process]] tables: every process of the
	// shard with the maps it runs (the same list in every process's file).
	Processes []Process `toml:"process"`
}

// Process is one [[cluster.process]] table: a process of the shard and the
// maps it runs.
type Process struct {
	// Name is the process's name (cluster.self in its own file).
	Name string `toml:"name"`
	// Maps are the map ids it runs; a map is run by exactly one process.
	Maps []int `toml:"maps"`
}

// Moongate is one [[shard.moongate]] table: a mobile that stands on cell
// (X, Y) of map Map after a tick is sent to (ToX, ToY, ToZ) of map ToMap,
// with the mobiles following it. The destination may be a map another
// process of the shard runs.
type Moongate struct {
	// Map is the map the gate stands on.
	Map int `toml:"map"`
	// X and Y are the gate's cell.
	X int `toml:"x"`
	Y int `toml:"y"`
	// ToMap is the map the gate sends to.
	ToMap int `toml:"toMap"`
	// ToX, ToY and ToZ are the point it sends to.
	ToX int `toml:"toX"`
	ToY int `toml:"toY"`
	ToZ int `toml:"toZ"`
}

// Limits of the [cluster] table and the moongates.
const (
	// MaxNameLen bounds cluster.name and a process's name.
	MaxNameLen = 32
	// MaxMoongates bounds the [[shard.moongate]] tables.
	MaxMoongates = 4096
)

// DefaultClusterName is cluster.name's default.
const DefaultClusterName = "shardcore"

// On reports whether the shard runs over several processes (natsURL set).
func (c Cluster) On() bool { return c.NATSURL != "" }

// Owner returns the process that runs map m and whether one does.
func (c Cluster) Owner(m int) (string, bool) {
	for _, p := range c.Processes {
		if slices.Contains(p.Maps, m) {
			return p.Name, true
		}
	}
	return "", false
}

// ShardMaps returns every map of the shard: with a cluster, the maps of
// all its processes (in their order), else world.maps.
func (c Config) ShardMaps() []int {
	if !c.Cluster.On() {
		return slices.Clone(c.World.Maps)
	}
	var out []int
	for _, p := range c.Cluster.Processes {
		out = append(out, p.Maps...)
	}
	return out
}

// cluster checks the [cluster] table and the moongates, and returns every
// problem found.
func (v *validator) cluster(c Config) []*Error {
	v.clusterTable(c)
	v.moongates(c)
	return v.errs
}

// clusterTable checks the [cluster] table: without natsURL nothing else of it
// may be set but its name; with it, self names one of the processes, the
// processes own distinct maps, world.maps are self's maps, and the shard
// has a save file (the transfers' journal lives beside it).
func (v *validator) clusterTable(c Config) {
	cl := c.Cluster
	v.clusterName("cluster.name", cl.Name)
	if !cl.On() {
		if cl.Self != "" {
			v.add("cluster.self", fmt.Sprintf("cluster.self = %q: needs cluster.natsURL (no cluster without a NATS server)", cl.Self))
		}
		if len(cl.Processes) > 0 {
			v.add("cluster.process.name", "[[cluster.process]] (cluster.process.name): needs cluster.natsURL (no cluster without a NATS server)")
		}
		return
	}
	v.natsURL("cluster.natsURL", cl.NATSURL)
	owner := map[int]string{}
	for i, p := range cl.Processes {
		v.clusterName("cluster.process.name", p.Name)
		if slices.ContainsFunc(cl.Processes[:i], func(o Process) bool { return o.Name == p.Name }) {
			v.add("cluster.process.name", fmt.Sprintf("cluster.process.name = %q: listed twice", p.Name))
		}
		if len(p.Maps) == 0 {
			v.add("cluster.process.maps", fmt.Sprintf("cluster.process.maps of %q = []: want at least one map id", p.Name))
		}
		for _, m := range p.Maps {
			switch o, ok := owner[m]; {
			case m < 0 || m > MaxMapID:
				v.add("cluster.process.maps", fmt.Sprintf("cluster.process.maps of %q: map id %d out of range, want 0..%d", p.Name, m, MaxMapID))
			case ok:
				v.add("cluster.process.maps", fmt.Sprintf("cluster.process.maps: map %d is run by both %q and %q", m, o, p.Name))
			default:
				owner[m] = p.Name
			}
		}
	}
	i := slices.IndexFunc(cl.Processes, func(p Process) bool { return p.Name == cl.Self })
	switch {
	case cl.Self == "":
		v.add("cluster.self", `cluster.self = "": name this process (one of the [[cluster.process]] names)`)
	case i < 0:
		v.add("cluster.self", fmt.Sprintf("cluster.self = %q: not one of the [[cluster.process]] names %v", cl.Self, processNames(cl.Processes)))
	case !sameMaps(cl.Processes[i].Maps, c.World.Maps):
		v.add("world.maps", fmt.Sprintf("world.maps = %v: this process (cluster.self = %q) runs maps %v: want the same maps",
			c.World.Maps, cl.Self, cl.Processes[i].Maps))
	}
	if c.Shard.SaveFile == "" {
		v.add("shard.saveFile", `shard.saveFile = "": a cluster process needs a save file (its transfers' journal is kept beside it, so none is lost)`)
	}
}

// clusterName checks a name of the cluster: 1..MaxNameLen letters, digits,
// '-' and '_' (it becomes part of NATS subjects and stream names).
func (v *validator) clusterName(key, name string) {
	ok := name != "" && len(name) <= MaxNameLen
	for _, r := range name {
		if !(r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			ok = false
		}
	}
	if !ok {
		v.add(key, fmt.Sprintf("%s = %q: want 1..%d letters, digits, '-' or '_'", key, name, MaxNameLen))
	}
}

// natsURL checks a comma-separated list of NATS URLs: each
// nats|tls|ws|wss://HOST[:PORT].
func (v *validator) natsURL(key, s string) {
	for _, part := range strings.Split(s, ",") {
		u, err := url.Parse(strings.TrimSpace(part))
		switch {
		case err != nil:
			v.add(key, fmt.Sprintf("%s = %q: %v", key, s, err))
		case !slices.Contains([]string{"nats", "tls", "ws", "wss"}, u.Scheme) || u.Host == "":
			v.add(key, fmt.Sprintf(`%s = %q: want nats://HOST:PORT (or tls://, ws://, wss://), several separated by commas`, key, s))
		default:
			continue
		}
		return
	}
}

// moongates checks the [[shard.moongate]] tables: their maps are the
// shard's, their cells and points within the largest map, no two gates on
// one cell, and no gate sends onto a gate (a mobile would bounce on). That
// each cell is on its map is checked when the map is loaded.
func (v *validator) moongates(c Config) {
	gates := c.Shard.Moongates
	if len(gates) > MaxMoongates {
		v.add("shard.moongate.map", fmt.Sprintf("[[shard.moongate]]: %d gates, at most %d", len(gates), MaxMoongates))
		return
	}
	maps := c.ShardMaps()
	type cell struct{ m, x, y int }
	at := make(map[cell]int, len(gates))
	for i, g := range gates {
		if _, dup := at[cell{g.Map, g.X, g.Y}]; dup {
			v.add("shard.moongate.x", fmt.Sprintf("shard.moongate.x, y of gate %d: a gate is already on map %d (%d,%d)", i+1, g.Map, g.X, g.Y))
		}
		at[cell{g.Map, g.X, g.Y}] = i
	}
	for i, g := range gates {
		n := i + 1
		for _, m := range []struct {
			key string
			id  int
		}{{"shard.moongate.map", g.Map}, {"shard.moongate.toMap", g.ToMap}} {
			if !slices.Contains(maps, m.id) {
				v.add(m.key, fmt.Sprintf("%s = %d (gate %d): not a map of the shard %v", m.key, m.id, n, maps))
			}
		}
		v.gateInt("shard.moongate.x", n, g.X, 0, MaxWidth-1)
		v.gateInt("shard.moongate.y", n, g.Y, 0, MaxHeight-1)
		v.gateInt("shard.moongate.toX", n, g.ToX, 0, MaxWidth-1)
		v.gateInt("shard.moongate.toY", n, g.ToY, 0, MaxHeight-1)
		v.gateInt("shard.moongate.toZ", n, g.ToZ, -128, 127)
		if j, ok := at[cell{g.ToMap, g.ToX, g.ToY}]; ok {
			v.add("shard.moongate.toX", fmt.Sprintf("shard.moongate.toX, toY: gate %d sends onto gate %d (map %d (%d,%d)): a mobile would go on at once",
				n, j+1, g.ToMap, g.ToX, g.ToY))
		}
	}
}

// gateInt checks one of gate n's numbers.
func (v *validator) gateInt(key string, n, x, lo, hi int) {
	if x < lo || x > hi {
		v.add(key, fmt.Sprintf("%s = %d (gate %d): out of range, want %d..%d", key, x, n, lo, hi))
	}
}

// sameMaps reports whether a and b hold the same map ids.
func sameMaps(a, b []int) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// processNames lists the processes' names.
func processNames(ps []Process) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}
