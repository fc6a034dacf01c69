package config

import (
	"reflect"
	"testing"
)

// twoProcesses is a valid [cluster] of processes a (maps 0, 2) and b (map
// 1), seen from a, with a save file.
const twoProcesses = `[world]
profile = "britannia"
maps = [0, 2]
[shard]
saveFile = "a.save"
[cluster]
natsURL = "nats://127.0.0.1:4222"
self = "a"
[[cluster.process]]
name = "a"
maps = [0, 2]
[[cluster.process]]
name = "b"
maps = [1]
`

// TestClusterDecodes: a valid [cluster] with moongates decodes into its
// fields; Owner and ShardMaps say who runs what.
func TestClusterDecodes(t *testing.T) {
	src := twoProcesses + `[[shard.moongate]]
map = 0
x = 10
y = 20
toMap = 1
toX = 30
toY = 40
toZ = -5
`
	c, err := Decode([]byte(src), "a.toml")
	if err != nil {
		t.Fatal(err)
	}
	want := Cluster{NATSURL: "nats://127.0.0.1:4222", Name: DefaultClusterName, Self: "a",
		Processes: []Process{{Name: "a", Maps: []int{0, 2}}, {Name: "b", Maps: []int{1}}}}
	if !reflect.DeepEqual(c.Cluster, want) {
		t.Errorf("cluster %+v, want %+v", c.Cluster, want)
	}
	if g := c.Shard.Moongates; len(g) != 1 || g[0] != (Moongate{Map: 0, X: 10, Y: 20, ToMap: 1, ToX: 30, ToY: 40, ToZ: -5}) {
		t.Errorf("moongates %+v", g)
	}
	if p, ok := c.Cluster.Owner(1); !ok || p != "b" {
		t.Errorf("Owner(1) = %q, %v", p, ok)
	}
	if _, ok := c.Cluster.Owner(3); ok {
		t.Error("Owner(3): no process runs map 3")
	}
	if m := c.ShardMaps(); !reflect.DeepEqual(m, []int{0, 2, 1}) {
		t.Errorf("ShardMaps = %v", m)
	}
	if !c.Cluster.On() || Default().Cluster.On() {
		t.Error("On: set with natsURL only")
	}
	if m := Default().ShardMaps(); !reflect.DeepEqual(m, []int{0}) {
		t.Errorf("no cluster: ShardMaps = %v, want world.maps", m)
	}
}

// TestClusterRules: each rule of the [cluster] table and the moongates is
// an error naming its key, line and what is wrong.
func TestClusterRules(t *testing.T) {
	gate := "[[shard.moongate]]\nmap = 0\nx = 1\ny = 1\ntoMap = 0\ntoX = 5\ntoY = 5\n"
	cases := []struct {
		name, src, key string
		line           int
		frags          []string
	}{
		{"self without nats", "[cluster]\nself = \"a\"", "cluster.self", 2, []string{`"a"`, "needs cluster.natsURL"}},
		{"process without nats", "[[cluster.process]]\nname = \"a\"\nmaps = [0]", "cluster.process.name", 2, []string{"needs cluster.natsURL"}},
		{"bad name", "[cluster]\nname = \"a.b\"", "cluster.name", 2, []string{`"a.b"`, "letters, digits"}},
		{"bad url", "[shard]\nsaveFile = \"s\"\n[cluster]\nnatsURL = \"http://x:1\"\nself = \"a\"\n[[cluster.process]]\nname = \"a\"\nmaps = [0]", "cluster.natsURL", 4, []string{"nats://HOST:PORT"}},
		{"no self", "[shard]\nsaveFile = \"s\"\n[cluster]\nnatsURL = \"nats://x:1\"\n[[cluster.process]]\nname = \"a\"\nmaps = [0]", "cluster.self", 0, []string{"name this process"}},
		{"self unknown", "[shard]\nsaveFile = \"s\"\n[cluster]\nnatsURL = \"nats://x:1\"\nself = \"c\"\n[[cluster.process]]\nname = \"a\"\nmaps = [0]", "cluster.self", 5, []string{`"c"`, "[a]"}},
		{"map twice", "[shard]\nsaveFile = \"s\"\n[cluster]\nnatsURL = \"nats://x:1\"\nself = \"a\"\n[[cluster.process]]\nname = \"a\"\nmaps = [0]\n[[cluster.process]]\nname = \"b\"\nmaps = [0]", "cluster.process.maps", 8, []string{"map 0", `"a"`, `"b"`}},
		{"name twice", "[shard]\nsaveFile = \"s\"\n[cluster]\nnatsURL = \"nats://x:1\"\nself = \"a\"\n[[cluster.process]]\nname = \"a\"\nmaps = [0]\n[[cluster.process]]\nname = \"a\"\nmaps = [1]", "cluster.process.name", 7, []string{`"a"`, "twice"}},
		{"no maps", "[shard]\nsaveFile = \"s\"\n[cluster]\nnatsURL = \"nats://x:1\"\nself = \"a\"\n[[cluster.process]]\nname = \"a\"\nmaps = [0]\n[[cluster.process]]\nname = \"b\"\nmaps = []", "cluster.process.maps", 8, []string{`"b"`, "at least one"}},
		{"world maps differ", "[shard]\nsaveFile = \"s\"\n[cluster]\nnatsURL = \"nats://x:1\"\nself = \"a\"\n[[cluster.process]]\nname = \"a\"\nmaps = [1]", "world.maps", 0, []string{"[0]", `"a"`, "[1]"}},
		{"no save file", "[cluster]\nnatsURL = \"nats://x:1\"\nself = \"a\"\n[[cluster.process]]\nname = \"a\"\nmaps = [0]", "shard.saveFile", 0, []string{"journal"}},
		{"gate map", "[[shard.moongate]]\nmap = 3\nx = 1\ny = 1\ntoMap = 0\ntoX = 5\ntoY = 5", "shard.moongate.map", 2, []string{"= 3", "[0]"}},
		{"gate to map", "[[shard.moongate]]\nmap = 0\nx = 1\ny = 1\ntoMap = 1\ntoX = 5\ntoY = 5", "shard.moongate.toMap", 5, []string{"= 1", "[0]"}},
		{"gate x", "[[shard.moongate]]\nmap = 0\nx = -1\ny = 1\ntoMap = 0\ntoX = 5\ntoY = 5", "shard.moongate.x", 3, []string{"-1", "0..7167"}},
		{"gate z", "[[shard.moongate]]\nmap = 0\nx = 1\ny = 1\ntoMap = 0\ntoX = 5\ntoY = 5\ntoZ = 200", "shard.moongate.toZ", 8, []string{"200", "-128..127"}},
		{"gate twice", gate + gate, "shard.moongate.x", 3, []string{"already"}},
		{"gate onto gate", gate + "[[shard.moongate]]\nmap = 0\nx = 5\ny = 5\ntoMap = 0\ntoX = 9\ntoY = 9", "shard.moongate.toX", 6, []string{"gate 1 sends onto gate 2", "toY"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := one(t, c.src+"\n")
			wantErr(t, e, KindRange, c.key, c.line, append(c.frags, c.key)...)
		})
	}
}

// TestClusterOtherProcessMaps: a gate may send to a map another process
// runs, and the other process's maps need not be loadable here (the
// default profile has map 0 only).
func TestClusterOtherProcessMaps(t *testing.T) {
	src := "[shard]\nsaveFile = \"s\"\n[[shard.moongate]]\nmap = 0\nx = 1\ny = 1\ntoMap = 7\ntoX = 5\ntoY = 5\n" +
		"[cluster]\nnatsURL = \"nats://127.0.0.1:4222, nats://127.0.0.1:4223\"\nself = \"a\"\n[[cluster.process]]\nname = \"a\"\nmaps = [0]\n[[cluster.process]]\nname = \"b\"\nmaps = [7]\n"
	if _, err := Decode([]byte(src), "a.toml"); err != nil {
		t.Fatal(err)
	}
}
