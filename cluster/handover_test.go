package cluster_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/shardcore/shardcore/cluster/clustertest"
	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/world"
)

func TestMain(m *testing.M) {
	if clustertest.IsChild() {
		os.Exit(clustertest.ChildMain())
	}
	os.Exit(m.Run())
}

// run is a shard over several child processes meeting at an embedded NATS
// server, with leaders and pets crossing the moongates between its maps.
type run struct {
	t       *testing.T
	dir     string
	nats    *clustertest.NATS
	paths   []string
	procs   []*clustertest.Process
	leaders int
	expect  int64 // the population: every process's first start, and what its driver spawned
	starts  int
	// openWait bounds a process's opening (loading, spawning).
	openWait time.Duration
}

// The sizes of a run: leaders per station, each with one pet.
const (
	stationsPerMap = 12
	leadersPerSt   = 6
)

// newRun writes a plan of processes (each its maps) and starts NATS and
// every process.
func newRun(t *testing.T, processes [][]int) *run {
	t.Helper()
	return newRunPlan(t, clustertest.Plan{Processes: processes, Stations: stationsPerMap,
		Population: config.Population{Pets: 40, Patrols: 60, Swimmers: 10, Seed: 3}}, leadersPerSt, nil)
}

// newRunPlan is newRun of plan (its Dir and NATSURL set here) with leaders
// on each station, calling prepare (when not nil) with the configs' paths
// before the processes start.
func newRunPlan(t *testing.T, plan clustertest.Plan, leaders int, prepare func(paths []string)) *run {
	t.Helper()
	dir, err := os.MkdirTemp("", "handover-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if !t.Failed() {
			os.RemoveAll(dir)
		}
	})
	n, err := clustertest.StartNATS(filepath.Join(dir, "nats"))
	if err != nil {
		t.Fatal(err)
	}
	r := &run{t: t, dir: dir, nats: n, leaders: leaders, openWait: time.Minute}
	if plan.DataDir != "" {
		r.openWait = 15 * time.Minute // full-size maps and their population
	}
	t.Cleanup(func() {
		for _, p := range r.procs {
			if p != nil && !p.Exited() {
				p.Kill()
			}
		}
		n.Stop()
	})
	plan.Dir, plan.NATSURL = dir, n.URL()
	if r.paths, err = plan.Write(t.Context()); err != nil {
		t.Fatal(err)
	}
	if prepare != nil {
		prepare(r.paths)
	}
	r.procs = make([]*clustertest.Process, len(plan.Processes))
	for i := range plan.Processes {
		r.start(i, true)
	}
	for i := range plan.Processes {
		r.opened(i, true)
	}
	return r
}

// start starts process i: fresh (its driver spawns its leaders) or
// restarted from its save.
func (r *run) start(i int, fresh bool) {
	r.t.Helper()
	leaders := 0
	if fresh {
		leaders = r.leaders
	}
	r.starts++
	p, err := clustertest.Start(r.paths[i], leaders, 1, uint64(10*i+r.starts), filepath.Join(r.dir, fmt.Sprintf("%s-%d.log", clustertest.Name(i), r.starts)))
	if err != nil {
		r.t.Fatal(err)
	}
	r.procs[i] = p
}

// opened waits for process i to open and, when fresh, adds its population
// and its driver's spawn to the expected count.
func (r *run) opened(i int, fresh bool) {
	r.t.Helper()
	p := r.procs[i]
	r.waitFor(r.openWait, fmt.Sprintf("%s opens and ticks", p.Name), func() bool {
		return p.Started().Seen && p.Last().Ticks > 0 && p.Last().Spawned == p.Started().Spawn
	})
	if fresh {
		r.expect += p.Started().Mobiles + p.Started().Spawn
	}
}

// waitFor polls cond every 100 ms until it holds, failing the test (with
// every process's last status) after within or when a process exits.
func (r *run) waitFor(within time.Duration, what string, cond func() bool) {
	r.t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		for _, p := range r.procs {
			if p != nil && p.Exited() {
				r.t.Fatalf("waiting for %s: %s exited: %v (log in %s)", what, p.Name, p.Wait(0), r.dir)
			}
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("%s: not within %v; %s", what, within, r.statuses())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (r *run) statuses() string {
	s := ""
	for _, p := range r.procs {
		s += fmt.Sprintf("\n%s %+v", p.Name, p.Last())
	}
	return s
}

// crossed is the arrivals over every process (each process's count since
// its last start).
func (r *run) crossed() int64 {
	n := int64(0)
	for _, p := range r.procs {
		n += p.Last().Crossed
	}
	return n
}

// ticks are each process's ticks.
func (r *run) ticks() []int64 {
	out := make([]int64, len(r.procs))
	for i, p := range r.procs {
		out[i] = p.Last().Ticks
	}
	return out
}

// finish stops the drivers, waits until nothing is in flight anywhere
// and the stream is empty, quits every process (each saves) and counts
// the saves: the population, every id once, every pet on its owner's map,
// no transfer left.
func (r *run) finish() clustertest.Count {
	r.t.Helper()
	for _, p := range r.procs {
		if err := p.Send("stop"); err != nil {
			r.t.Fatal(err)
		}
	}
	var last int64 = -1
	quiet := 0
	r.waitFor(90*time.Second, "the transfers settle", func() bool {
		flight := int64(0)
		for _, p := range r.procs {
			flight += p.Last().InFlight
		}
		msgs, err := r.nats.StreamMsgs(r.t.Context(), "test_transfers")
		if err != nil || flight > 0 || msgs > 0 || r.crossed() != last {
			last, quiet = r.crossed(), 0
			return false
		}
		quiet++
		return quiet >= 15 // 1.5 s with nothing arriving
	})
	for _, p := range r.procs {
		if err := p.Send("quit"); err != nil {
			r.t.Fatal(err)
		}
	}
	for _, p := range r.procs {
		if err := p.Wait(60 * time.Second); err != nil {
			r.t.Fatalf("%s: %v (log in %s)", p.Name, err, r.dir)
		}
	}
	var saves []string
	for _, path := range r.paths {
		cfg, err := config.Load(path)
		if err != nil {
			r.t.Fatal(err)
		}
		saves = append(saves, cfg.Shard.SaveFile)
		// A clean stop saves last: the journal keeps nothing the save holds.
		if b, err := os.ReadFile(cfg.Shard.SaveFile + ".journal"); err != nil || len(b) != len("SHCJRNL\x01") {
			r.t.Errorf("%s's journal after a clean stop: %d bytes, %v; want its header alone", cfg.Cluster.Self, len(b), err)
		}
	}
	c, err := clustertest.CountSaves(saves)
	if err != nil {
		r.t.Fatal(err)
	}
	r.t.Logf("after %d arrivals: %d mobiles (%v), %d pets; expected %d", r.crossed(), c.Mobiles, c.PerMap, c.Pets, r.expect)
	if int64(c.Mobiles) != r.expect || len(c.Twice) > 0 || len(c.Astray) > 0 || c.Outbox > 0 {
		r.t.Fatalf("the saves hold %d mobiles, want %d; %d ids twice %v; %d pets away from their owners %v; %d transfers unsent",
			c.Mobiles, r.expect, len(c.Twice), head(c.Twice), len(c.Astray), head(c.Astray), c.Outbox)
	}
	return c
}

func head(ids []uint64) []uint64 { return ids[:min(len(ids), 8)] }

// crossings is how many arrivals a run waits for: 10,000 mobiles (5,000
// leaders with their pets), fewer under -short.
func crossings() int64 {
	if testing.Short() {
		return 2000
	}
	return 10000
}

// TestHandoverTwoProcesses: two processes, maps 0 and 1, moongates both
// ways on twelve stations of each map; leaders with their pets cross until
// 10,000 mobiles have crossed; then nothing is lost, nothing doubled, and
// every pet is on its owner's map.
func TestHandoverTwoProcesses(t *testing.T) {
	r := newRun(t, [][]int{{0}, {1}})
	r.waitFor(3*time.Minute, fmt.Sprintf("%d crossings", crossings()), func() bool { return r.crossed() >= crossings() })
	r.finish()
}

// TestHandoverThreeProcesses: maps 0, 1 and 2 over three processes, each
// map's stations with gates to both others.
func TestHandoverThreeProcesses(t *testing.T) {
	r := newRun(t, [][]int{{0}, {1}, {2}})
	r.waitFor(3*time.Minute, fmt.Sprintf("%d crossings", crossings()), func() bool { return r.crossed() >= crossings() })
	c := r.finish()
	for _, m := range []world.MapID{0, 1, 2} {
		if c.PerMap[m] == 0 {
			t.Errorf("map %d is empty after the run", m)
		}
	}
}

// TestHandoverDestinationKilled: while transfers flow both ways, process 1
// (map 1, the destination of map 0's gates) is killed with SIGKILL; map 0
// keeps sending; process 1 restarts from its save and journal and takes
// what waited in the stream: nothing lost, nothing doubled.
func TestHandoverDestinationKilled(t *testing.T) {
	r := newRun(t, [][]int{{0}, {1}})
	r.waitFor(2*time.Minute, "1,000 crossings, and transfers in flight at process 1", func() bool {
		return r.crossed() >= 1000 && r.procs[1].Last().InFlight > 0
	})
	r.procs[1].Kill()
	before := r.procs[0].Last()
	time.Sleep(2 * time.Second) // map 0 keeps sending to map 1
	if after := r.procs[0].Last(); after.Out <= before.Out {
		t.Errorf("process 0 sent nothing while process 1 was down: %+v then %+v", before, after)
	}
	r.start(1, false)
	r.opened(1, false)
	base := r.crossed()
	r.waitFor(2*time.Minute, "1,000 crossings after the restart", func() bool { return r.crossed() >= base+1000 })
	r.finish()
}

// TestHandoverNATSDown: NATS stops for 10 s mid-run: both maps keep
// ticking, the transfers wait (in flight), and once NATS is back (the same
// store) they resume; nothing is lost or doubled.
func TestHandoverNATSDown(t *testing.T) {
	r := newRun(t, [][]int{{0}, {1}})
	r.waitFor(2*time.Minute, "1,000 crossings", func() bool { return r.crossed() >= 1000 })
	r.nats.Stop()
	before := r.ticks()
	time.Sleep(10 * time.Second)
	after := r.ticks()
	flight := int64(0)
	for i, p := range r.procs {
		flight += p.Last().InFlight
		if after[i]-before[i] < 200 { // 1,250 ticks of 8 ms; a loaded machine runs fewer, none would be a stall
			t.Errorf("%s ran %d ticks in the 10 s without NATS", p.Name, after[i]-before[i])
		}
	}
	if flight == 0 {
		t.Errorf("no transfer waited while NATS was down: %s", r.statuses())
	}
	if err := r.nats.Start(); err != nil {
		t.Fatal(err)
	}
	base := r.crossed()
	r.waitFor(2*time.Minute, "1,000 crossings after NATS is back", func() bool { return r.crossed() >= base+1000 })
	r.finish()
}
