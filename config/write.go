package config

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/template"
)

// fileTemplate is server.toml: every key with a comment above it. A key added
// to Config must be added here too (TestTemplateCoversEveryField fails
// otherwise).
const fileTemplate = `# server.toml: shardcore shard configuration.
# Every key is optional: a key left out keeps the default shown here.
# Written by "shard config init"; unknown keys are an error.

[world]
# Directory holding UO client files (tiledata.mul, mapN.mul, staidxN.mul,
# staticsN.mul or .uop), or a folder "shard gen-world" wrote. "" generates
# the world of world.profile.
dataDir = {{str .World.DataDir}}
# Map ids to load and simulate, one simulation each on its own goroutine,
# ticking together (0..255; the default profile has map 0 only, a generated
# britannia world maps 0..5; a data directory's maps must have their files).
maps = {{ints .World.Maps}}
# Generated world (ignored when dataDir is set): "default" (one map of
# world.size, a town on a grass plain: the fast world) or "britannia" (maps
# 0..5 at the client's sizes, with the real maps' hard content).
profile = {{str .World.Profile}}
# Seed of the world generator (ignored when dataDir is set).
seed = {{.World.Seed}}
# Size of the generated default world, "WIDTHxHEIGHT" in cells: multiples
# of 8, at least 512x512, at most 7168x4096 (the largest UO map).
size = {{str .World.Size}}

[pathfinding]
# Use the bitmap step cache. false: every search expansion takes the live
# movement rules (the slow path).
enabled = {{.Pathfinding.Enabled}}
# Most step-cache chunks (16x16 cells, about 2 KB each on a Britannia map)
# kept in memory; enforced after every tick by evicting the least recently
# used. 0 (the default): every chunk of world.maps may stay, so nothing is
# evicted and the bound is the maps' own size (Britannia map 0: 114,688
# chunks; 100,000 mobiles keep about 52,000 resident). Otherwise one budget
# for the shard: each map of world.maps has its own cache and gets a part in
# proportion to its population (at least one chunk each).
maxResidentChunks = {{.Pathfinding.MaxResidentChunks}}
# A chunk that is not in a .swb file is built (in the background) on its
# missPromotionThreshold-th visit within missPromotionWindowMs (a visit is one
# party's misses of the chunk: see missVisitMs); until then searches through
# it take the slow path. 1 = build on the first miss (eager). 1..255.
missPromotionThreshold = {{.Pathfinding.MissPromotionThreshold}}
# Window, in milliseconds of game time, in which visits of one chunk are
# counted. 1..86400000.
missPromotionWindowMs = {{.Pathfinding.MissPromotionWindowMs}}
# Misses of one chunk by one party (a mobile and its pets) within this many
# milliseconds of the first count as one visit: a pet crossing a chunk behind
# its owner searches there many times in a few seconds, and a chunk only
# passed through is not worth building. Another party's miss is a new visit.
# 1..86400000.
missVisitMs = {{.Pathfinding.MissVisitMs}}
# Predictive residency: after every tick each map walks the paths its mobiles
# hold prefetchTicks ticks ahead, and each order's beat (a route, a
# wanderer's home) is told once, and the chunks they will enter are built in
# the background before their lookups. A prediction counts as its party's
# visit at the admission gate (above), so only chunks two parties will use,
# one party again later, or a beat are built ahead. A map whose .swb is
# loaded does not look ahead (a read is cheaper). false: the cache only
# reacts to misses.
prefetch = {{.Pathfinding.Prefetch}}
# The look-ahead, in ticks (1..100000).
prefetchTicks = {{.Pathfinding.PrefetchTicks}}
# Map ids baked into .swb files in the background at boot when their file is
# missing or stale; each must be listed in world.maps.
prebakeMaps = {{ints .Pathfinding.PrebakeMaps}}
# Directory holding the .swb step-cache files (one per map).
cacheDir = {{str .Pathfinding.CacheDir}}
# Time, in milliseconds, the pathfinding system may spend per tick (each
# map's, by the clock: the maps search at once); requests left over wait for
# the next tick, oldest first. > 0 and <= shard.tickMs.
tickBudgetMs = {{float .Pathfinding.TickBudgetMs}}
# Share of step-cache hits re-checked against the live rules; a difference
# fails loudly. 0 = off, 1 = every hit.
verifyShare = {{float .Pathfinding.VerifyShare}}
# Node budget of one search: a search that expands more nodes gives up.
maxNodes = {{.Pathfinding.MaxNodes}}
# A search's node budget also grows with its goal's distance: nodesBase
# nodes plus this many per tile, at most maxNodes (0 = maxNodes alone). A
# goal that many nodes do not reach is walled off or crowded in (mostly: a
# crowd of mobiles plugs the way); the mobile backs off and tries again.
# Raise both to give searches more room. 0..16777216.
nodesPerTile = {{.Pathfinding.NodesPerTile}}
# The node budget of a search whose goal is in range of its start, before
# nodesPerTile's share. 1..16777216.
nodesBase = {{.Pathfinding.NodesBase}}
# How far (cells from its start, in any direction) a search sees mobiles:
# beyond it a search plans as if no mobile stood there, since they will have
# moved on by the time the mover gets there; every step is still checked as
# it is taken, and items are seen everywhere. 0 = every mobile is seen.
# 0..32768.
mobileHorizon = {{.Pathfinding.MobileHorizon}}
# The search over the step cache: "jps" (jump-point search: rays over the
# cache's canonical maps) or "cache" (A*, one cache lookup per node). Both
# find the same path costs.
search = {{str .Pathfinding.Search}}

[pathfinding.recorder]
# Record every search as one JSON line (replay with "shard replay FILE").
enable = {{.Pathfinding.Recorder.Enable}}
# File the recorder appends to.
path = {{str .Pathfinding.Recorder.Path}}
# Size in bytes at which the file is rotated: it becomes PATH.1 (older ones
# PATH.2 ... up to keep) and a new file starts (1048576..1099511627776).
maxBytes = {{.Pathfinding.Recorder.MaxBytes}}
# Rotated files kept (0..1000; 0 deletes the file at rotation).
keep = {{.Pathfinding.Recorder.Keep}}

[shard]
# Server tick period in milliseconds (1..1000).
tickMs = {{.Shard.TickMs}}
# Sleeping sectors: NPCs (patrols, wanderers) whose 16x16 sector has no
# player within this many sectors do not think until one comes (0..64).
# 0 = off: every mobile is awake.
sleepRadius = {{.Shard.SleepRadius}}
# Goroutines a map's AI thinks and its movement system steps on (0..2): 2
# thinks on two and steps the map's west and east halves at once, 1 one
# after the other (the same outcome either way), 0 one per core (at most 2).
moveWorkers = {{.Shard.MoveWorkers}}
# Microseconds a map's helper goroutines stay running after a parallel stage
# for the next one (0..10000; 0 = they end with their stage). A helper
# started anew begins 50-200 us into its stage on a 2-core VM; staying
# keeps a second core busy between stages. 100,000 mobiles, baked, 500: tick
# p50 lower in 13 of 14 pairs, p99 higher in 10, so it is off by default.
# Off with as many maps as cores, and while chunk builds wait for a core.
helperSpinUs = {{.Shard.HelperSpinUs}}
# Ask the kernel (Linux) for 2 MiB pages under the heap: the shard reads
# hundreds of MiB at random, and with 4 KiB pages most reads also miss the
# TLB. No effect where transparent huge pages are off.
hugePages = {{.Shard.HugePages}}
# How a paced shard waits between ticks: "sleep" on a timer, or "spin" on
# the clock with every core it may use kept busy. On a virtual machine a
# sleeping vCPU is halted and the next tick starts late and cache-cold;
# spinning saves that (100,000 mobiles on 2 vCPUs: tick p50 4.3-4.8 -> 3.6 ms)
# at the price of those cores, busy all the time.
idle = {{str .Shard.Idle}}
# Where the shard saves its state (the admin console's "save" and "quit",
# and every saveEveryS), and what it restores on boot when the file is
# there. The file is written to a temp file and renamed, so a kill at any
# moment leaves the last good save. "" = no save file.
saveFile = {{str .Shard.SaveFile}}
# Save every this many seconds in the background (0..86400; 0 = only when
# asked). Needs saveFile.
saveEveryS = {{.Shard.SaveEveryS}}

[shard.population]
# Pets spawned at boot, each following an owner (0..1000000).
pets = {{.Shard.Population.Pets}}
# NPCs walking patrol routes (0..1000000).
patrols = {{.Shard.Population.Patrols}}
# Sea creatures that swim (0..1000000).
swimmers = {{.Shard.Population.Swimmers}}
# Seed of the population's placement.
seed = {{.Shard.Population.Seed}}
# The population is spread over the maps of world.maps in proportion to
# their area: walkers (players, pets, patrols) by the cells a walker can
# stand on, swimmers by water cells. A [[shard.population.map]] table sets a
# map's share of every count instead (0..1); the maps without one split the
# rest by area. The shares sum to at most 1, and to exactly 1 when every map
# has one. For example, a quarter of the population on map 2 and none on 5:
#   [[shard.population.map]]
#   id = 2
#   share = 0.25
#   [[shard.population.map]]
#   id = 5
#   share = 0.0
{{- range .Shard.Population.Maps}}

[[shard.population.map]]
# Map id (one of world.maps).
id = {{.ID}}
# This map's share of the pets, patrols and swimmers (0..1).
share = {{float .Share}}
{{- end}}
# Moongates: a mobile standing on a gate's cell after a tick is sent to the
# gate's point (toMap, toX, toY, toZ), with the mobiles following it (a pet
# goes with its owner; a mobile that follows another takes a gate only with
# it). The point may be on a map another process of the shard runs
# ([cluster]), else on one of world.maps; it must not be a gate's cell. For
# example, a gate on map 0 at (1000, 800) to map 1 (1002, 800, 0):
#   [[shard.moongate]]
#   map = 0
#   x = 1000
#   y = 800
#   toMap = 1
#   toX = 1002
#   toY = 800
#   toZ = 0
{{- range .Shard.Moongates}}

[[shard.moongate]]
# Map the gate stands on (a map of the shard).
map = {{.Map}}
# The gate's cell (on that map): column,
x = {{.X}}
# and row.
y = {{.Y}}
# Map the gate sends to (a map of the shard).
toMap = {{.ToMap}}
# The point it sends to (on that map, not a gate's cell): column,
toX = {{.ToX}}
# row,
toY = {{.ToY}}
# and Z (-128..127).
toZ = {{.ToZ}}
{{- end}}

[log]
# Least severe level logged: "debug", "info", "warn" or "error".
level = {{str .Log.Level}}
# "console" (human-readable), "json", or "auto": console on a terminal,
# JSON otherwise.
format = {{str .Log.Format}}

[metrics]
# Address ("HOST:PORT") to serve Prometheus metrics on (/metrics) and the Go
# profiler (/debug/pprof/) while the shard runs; "" = off. A loopback
# address ("127.0.0.1:9464" for a Prometheus on the same host) unless
# allowRemote is true. Port 0 takes a free port (logged at start).
listen = {{str .Metrics.Listen}}
# Allow listen to be any address (":9464" is every interface): the profiler
# then shows the process's memory and command line to the network.
allowRemote = {{.Metrics.AllowRemote}}

[cluster]
# A shard over several processes, each running its own maps and handing
# mobiles that travel to another's map (a teleport, a moongate) over NATS
# JetStream, none lost or doubled. The NATS server (JetStream on, e.g.
# "nats-server -js") the processes meet at: "nats://HOST:PORT", several
# separated by commas. "" = no cluster: this process is the whole shard.
natsURL = {{str .Cluster.NATSURL}}
# The shard's name on that server: its stream is "<name>_transfers", its
# subjects "<name>.transfer.<map>" (1..32 letters, digits, '-' or '_').
name = {{str .Cluster.Name}}
# This process's name: one of the [[cluster.process]] names. Its world.maps
# must be that process's maps, and it needs shard.saveFile (the transfers'
# journal is kept beside it).
self = {{str .Cluster.Self}}
# Every process of the shard and the maps it runs, the same list in every
# process's file; a map is run by exactly one. For example:
#   [[cluster.process]]
#   name = "a"
#   maps = [0]
#   [[cluster.process]]
#   name = "b"
#   maps = [1]
{{- range .Cluster.Processes}}

[[cluster.process]]
# The process's name (its cluster.self).
name = {{str .Name}}
# The maps it runs.
maps = {{ints .Maps}}
{{- end}}
`

// Write writes c as a commented server.toml that Decode reads back as c.
func Write(w io.Writer, c Config) error {
	t, err := template.New("server.toml").Funcs(template.FuncMap{
		"str":   tomlString,
		"ints":  tomlInts,
		"float": fmtFloat,
	}).Parse(fileTemplate)
	if err != nil {
		return fmt.Errorf("config template: %w", err)
	}
	bw := bufio.NewWriter(w)
	if err := t.Execute(bw, c); err != nil {
		return fmt.Errorf("write config: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write config: %w", err)
	}
	return nil
}

// WriteDefault writes Default() as a commented server.toml.
func WriteDefault(w io.Writer) error {
	return Write(w, Default())
}

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// tomlInts formats xs as a TOML array.
func tomlInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
