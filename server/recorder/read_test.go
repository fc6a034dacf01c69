package recorder

import (
	"bytes"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
)

// TestReadRecordsVersions: a format 1 line (no "v", no "dyn") reads and
// replays on the static world, counted; a line of a newer format or with a
// cell listed twice is refused with its line number.
func TestReadRecordsVersions(t *testing.T) {
	v1 := `{"tick":3,"map":0,"fp":"1","mobile":5,"start":[10,10],"startZ":0,"goal":[12,10],"range":0,"caps":0,"maxNodes":100,"found":true,"steps":2,"cost":2}`
	rd, err := Read(strings.NewReader(v1 + "\n"))
	recs := rd.Records
	if err != nil || len(recs) != 1 || recs[0].HasDynamics() || recs[0].Line != 1 {
		t.Fatalf("v1 line: %+v, %v", recs, err)
	}
	for _, c := range []struct{ line, want string }{
		{`{"v":3,"tick":1}`, "line 2: format version 3"},
		{`{"v":2,"dyn":[{"x":1,"y":2},{"x":1,"y":2}]}`, "line 2: dyn: cell (1,2) listed twice"},
		{`{"v":2,"dyn":[{"x":1,"y":2,"mobs":[{"id":1,"z":300}]}]}`, "line 2:"},
	} {
		_, err := Read(bytes.NewReader([]byte(v1 + "\n" + c.line + "\n")))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.line, err, c.want)
		}
	}
}

// TestFinderName: a record names the finder replay runs for it, by the
// names pathfinding.search takes.
func TestFinderName(t *testing.T) {
	w := testWorld(t)
	rl := movement.NewRules(w.Map, w.Tiles, nil)
	c, err := stepcache.New(stepcache.DefaultConfig(), bake.Shared, rl)
	if err != nil {
		t.Fatal(err)
	}
	for want, f := range map[string]pathing.Finder{
		"classic": pathing.NewClassic(rl), "cache": pathing.NewCached(c, rl), "jps": pathing.NewJPS(c, rl),
	} {
		if got := finderName(f); got != want {
			t.Errorf("finderName(%T) = %q, want %q", f, got, want)
		}
	}
	if finderName(&pathing.JPS{}) != config.SearchJPS || finderName(&pathing.Cached{}) != config.SearchCache {
		t.Errorf("recorded names %q, %q; pathfinding.search's %q, %q", finderName(&pathing.JPS{}), finderName(&pathing.Cached{}), config.SearchJPS, config.SearchCache)
	}
}
