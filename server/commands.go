package server

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// cmdReq is an admin command on its way to the tick goroutine; reply is nil
// for stdin commands (the reply is printed).
type cmdReq struct {
	line  string
	reply chan cmdReply
}

type cmdReply struct {
	out string
	err error
}

// commandHelp lists the admin commands.
var commandHelp = []string{
	"cache stats [MAP]        resident chunks, lookups by kind, hit ratio: all maps, then each",
	"cache clear [MAP]        drop every resident chunk (of every map, or of MAP)",
	"cache save [MAP]         bake every map (or MAP) and write its .swb (background)",
	"cache load               open and attach each map's .swb",
	"bake MAP                 bake map MAP and write its .swb (background)",
	"maps                     each map's figures, one line each",
	"record on|off|flush|status  the search recorder",
	"teleport MOBILE MAP X Y Z  put a mobile (and its followers) at a point of a map of the shard, another process's too",
	"save [FILE]              save the shard now (to shard.saveFile, or FILE) and say where",
	"quit                     save (when shard.saveFile is set), then stop the shard cleanly",
	"help                     this list",
}

// ErrUnknownCommand is returned (wrapped) for a command not in the list.
var ErrUnknownCommand = errors.New("unknown command")

// Command runs an admin command and returns its reply; it is safe from any
// goroutine. While Run runs it is queued to the tick goroutine and executed
// at the next tick start; before Run it runs on the caller's goroutine,
// excluding a Run that starts meanwhile.
func (s *Server) Command(line string) (string, error) {
	if !s.loop.running.Load() || s.loop.stepping.Load() {
		s.mu.Lock()
		if !s.loop.running.Load() || s.loop.stepping.Load() { // not run by Run's loop: run it here, between ticks
			defer s.mu.Unlock()
			return s.exec(line)
		}
		s.mu.Unlock()
	}
	req := cmdReq{line: line, reply: make(chan cmdReply, 1)}
	select {
	case s.cmdCh <- req:
	case <-s.loop.done:
		return "", errors.New("server: command: the shard has stopped")
	}
	select {
	case r := <-req.reply:
		return r.out, r.err
	case <-s.loop.done:
		return "", errors.New("server: command: the shard stopped before running it")
	}
}

// exec runs one command on the owning goroutine.
func (s *Server) exec(line string) (string, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", nil
	}
	arg := func(i int) string {
		if i < len(f) {
			return f[i]
		}
		return ""
	}
	switch f[0] {
	case "help":
		return strings.Join(commandHelp, "\n"), nil
	case "cache":
		return s.cacheCmd(arg(1), arg(2))
	case "bake":
		me, err := s.mapArg("bake", arg(1), false)
		if err != nil {
			return "", err
		}
		return s.bakeCmd(me[0].id)
	case "maps":
		var lines []string
		for _, m := range s.Snapshot().Maps {
			lines = append(lines, m.Line())
		}
		return strings.Join(lines, "\n"), nil
	case "record":
		return s.recordCmd(arg(1))
	case "save":
		path := arg(1)
		if path == "" {
			path = s.saves.path
		}
		if path == "" {
			return "", errors.New("save: no file: set shard.saveFile, or say `save FILE`")
		}
		s.saves.wait()
		r, err := s.saveTo(path)
		if err != nil {
			return "", err
		}
		return r.Line(), nil
	case "teleport":
		return s.teleportCmd(f[1:])
	case "quit":
		if !s.loop.running.Load() || s.loop.stepping.Load() {
			return "", errors.New("quit: the shard's loop is not running (Run)")
		}
		s.loop.quit = true
		if s.saves.path == "" {
			return "quitting after this tick (no shard.saveFile: nothing is saved)", nil
		}
		return fmt.Sprintf("quitting after this tick; saving to %s", s.saves.path), nil
	}
	return "", fmt.Errorf("%w %q; commands:\n%s", ErrUnknownCommand, line, strings.Join(commandHelp, "\n"))
}

// teleportCmd runs `teleport MOBILE MAP X Y Z`.
func (s *Server) teleportCmd(args []string) (string, error) {
	var n [5]int
	bad := len(args) != len(n)
	for i := 0; !bad && i < len(n); i++ {
		v, err := strconv.Atoi(args[i])
		n[i], bad = v, err != nil
	}
	if bad || n[0] <= 0 || n[1] < 0 || n[1] > 255 {
		return "", fmt.Errorf("teleport %q: want teleport MOBILE MAP X Y Z (a mobile id, a map id 0..255, a point)", strings.Join(args, " "))
	}
	if err := s.teleport(uint64(n[0]), world.MapID(n[1]), n[2], n[3], n[4]); err != nil {
		return "", fmt.Errorf("teleport: %w", err)
	}
	return fmt.Sprintf("mobile %d sent to map %d (%d,%d,%d)", n[0], n[1], n[2], n[3], n[4]), nil
}

// mapArg resolves a command's MAP argument: one loaded map, or with all
// and no argument every map.
func (s *Server) mapArg(cmd, arg string, all bool) ([]*mapEntry, error) {
	if arg == "" && all {
		return s.maps, nil
	}
	id, err := strconv.Atoi(arg)
	if err != nil || id < 0 || id > 255 {
		return nil, fmt.Errorf("%s %q: want a map id 0..255", cmd, arg)
	}
	me := s.entry(world.MapID(id))
	if me == nil {
		return nil, fmt.Errorf("%s: map %d is not loaded (world.maps %v)", cmd, id, s.MapIDs())
	}
	return []*mapEntry{me}, nil
}

// cacheCmd runs `cache stats|clear|save|load [MAP]`.
func (s *Server) cacheCmd(sub, arg string) (string, error) {
	if sub == "load" {
		return s.loadCmd(), nil
	}
	if sub != "stats" && sub != "clear" && sub != "save" {
		return "", fmt.Errorf("cache %q: want cache stats|clear|save|load", sub)
	}
	maps, err := s.mapArg("cache "+sub, arg, true)
	if err != nil {
		return "", err
	}
	switch sub {
	case "stats":
		return s.cacheStats(maps), nil
	case "clear":
		n := 0
		for _, me := range maps {
			s.onMap(me, func() {
				n += me.cache.Stats().Resident
				me.cache.Clear()
			})
		}
		return fmt.Sprintf("cleared %d resident chunks", n), nil
	}
	var lines []string
	for _, me := range maps {
		out, err := s.bakeCmd(me.id)
		if err != nil {
			return "", err
		}
		lines = append(lines, out)
	}
	return strings.Join(lines, "\n"), nil
}

// cacheStats is `cache stats`: the maps' caches summed in two lines, then
// one line per map (its own figures and its .swb).
func (s *Server) cacheStats(maps []*mapEntry) string {
	stats := make([]stepcache.Stats, len(maps))
	states := make([]string, len(maps))
	for i, me := range maps {
		s.onMap(me, func() {
			stats[i] = me.cache.Stats()
			states[i] = "none"
			if me.reader != nil {
				states[i] = "attached"
			}
			if me.baking {
				states[i] += ", baking"
			}
		})
	}
	var st stepcache.Stats
	for _, c := range stats {
		addStats(&st, c)
	}
	var b strings.Builder
	writeStats(&b, st)
	for i, me := range maps {
		c := stats[i]
		fmt.Fprintf(&b, "\nmap %d resident %d budget %d built %d loaded %d corrupt %d evicted %d lookups %d hit_ratio %.3f swb %s (%s)",
			me.id, c.Resident, me.budget, c.Built, c.Loaded, c.Corrupt, c.Evicted, c.Lookups(), c.HitRatio(), me.swbPath, states[i])
	}
	return b.String()
}

// addStats adds c's counters and sizes to st.
func addStats(st *stepcache.Stats, c stepcache.Stats) {
	st.Resident += c.Resident
	st.Distinct += c.Distinct
	st.Bytes += c.Bytes
	st.Built += c.Built
	st.Loaded += c.Loaded
	st.Corrupt += c.Corrupt
	st.Evicted += c.Evicted
	st.Gate.NotAdmitted += c.Gate.NotAdmitted
	st.Tracked += c.Tracked
	st.Verified += c.Verified
	st.Mismatches += c.Mismatches
	for k, n := range c.Kinds {
		st.Kinds[k] += n
	}
}

// writeStats writes the two lines of `cache stats` for st.
func writeStats(b *strings.Builder, st stepcache.Stats) {
	fmt.Fprintf(b, "resident %d distinct %d bytes %d built %d loaded %d corrupt %d evicted %d not_admitted %d tracked %d verified %d mismatches %d\n",
		st.Resident, st.Distinct, st.Bytes, st.Built, st.Loaded, st.Corrupt, st.Evicted, st.Gate.NotAdmitted, st.Tracked, st.Verified, st.Mismatches)
	fmt.Fprintf(b, "lookups %d hit_ratio %.3f", st.Lookups(), st.HitRatio())
	for k, n := range st.Kinds {
		if n > 0 {
			fmt.Fprintf(b, " %s %d", chunk.HitKind(k), n)
		}
	}
}

// bakeCmd queues a bake of map id (on the map's goroutine while Run runs).
func (s *Server) bakeCmd(id world.MapID) (string, error) {
	me := s.entry(id)
	if me == nil {
		return "", fmt.Errorf("bake: map %d is not loaded (world.maps)", id)
	}
	var out string
	s.onMap(me, func() {
		switch {
		case me.baking:
			out = fmt.Sprintf("map %d is already baking", id)
		case !s.loop.running.Load():
			s.queueBake(id)
			out = fmt.Sprintf("bake of map %d queued for when the shard runs", id)
		default:
			s.queueBake(id)
			out = fmt.Sprintf("baking map %d into %s in the background", id, me.swbPath)
		}
	})
	return out, nil
}

// loadCmd opens each map's .swb and its static connectivity here, off the
// maps' goroutines (tens of ms for a large map), then attaches each on its
// map's goroutine.
func (s *Server) loadCmd() string {
	files := make([]openedSWB, len(s.maps))
	for i, me := range s.maps {
		files[i] = openSWBFile(me.swbPath, me.expect())
	}
	lines := make([]string, len(s.maps))
	s.onMaps(func(me *mapEntry) {
		i := slices.Index(s.maps, me)
		if err := s.useSWB(me, files[i], false); err != nil {
			lines[i] = fmt.Sprintf("map %d: %v", me.id, err)
			return
		}
		lines[i] = fmt.Sprintf("map %d: attached %s (%d chunks)", me.id, me.swbPath, me.reader.Header().ChunkCount)
	})
	return strings.Join(lines, "\n")
}

func (s *Server) recordCmd(sub string) (string, error) {
	r := s.rec
	switch sub {
	case "on":
		if err := r.Start(); err != nil {
			return "", err
		}
		return "recording to " + r.Path(), nil
	case "off":
		if err := r.Stop(); err != nil {
			return "", err
		}
		return fmt.Sprintf("recording off (%d lines in %s)", r.Lines(), r.Path()), nil
	case "flush":
		if err := r.Flush(); err != nil {
			return "", err
		}
		return fmt.Sprintf("flushed %d lines to %s", r.Lines(), r.Path()), nil
	case "status":
		state := "off"
		if r.Enabled() {
			state = "on"
		}
		msg := fmt.Sprintf("recording %s, %d lines, %s", state, r.Lines(), r.Path())
		if err := r.Err(); err != nil {
			msg += fmt.Sprintf(" (stopped by: %v)", err)
		}
		return msg, nil
	}
	return "", fmt.Errorf("record %q: want record on|off|flush|status", sub)
}
