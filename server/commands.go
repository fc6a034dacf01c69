package server

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"shardcore/stepcache"
	"shardcore/world"
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
	"cache stats              resident chunks, lookups by kind, hit ratio",
	"cache clear              drop every resident chunk",
	"cache save               bake the simulated map and write its .swb (background)",
	"cache load               open and attach each map's .swb",
	"bake MAP                 bake map MAP and write its .swb (background)",
	"record on|off|flush|status",
	"help                     this list",
}

// ErrUnknownCommand is returned (wrapped) for a command not in the list.
var ErrUnknownCommand = errors.New("unknown command")

// Command runs an admin command and returns its reply; it is safe from any
// goroutine. While Run runs it is queued to the tick goroutine and executed
// at the next tick start; before Run it runs on the caller's goroutine,
// excluding a Run that starts meanwhile.
func (s *Server) Command(line string) (string, error) {
	if !s.running.Load() {
		s.mu.Lock()
		if !s.running.Load() {
			defer s.mu.Unlock()
			return s.exec(line)
		}
		s.mu.Unlock()
	}
	req := cmdReq{line: line, reply: make(chan cmdReply, 1)}
	select {
	case s.cmdCh <- req:
	case <-s.done:
		return "", errors.New("server: command: the shard has stopped")
	}
	select {
	case r := <-req.reply:
		return r.out, r.err
	case <-s.done:
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
		switch arg(1) {
		case "stats":
			return s.cacheStats(), nil
		case "clear":
			n := s.cache.Stats().Resident
			s.cache.Clear()
			return fmt.Sprintf("cleared %d resident chunks", n), nil
		case "save":
			return s.bakeCmd(s.main.id)
		case "load":
			return s.loadCmd(), nil
		}
		return "", fmt.Errorf("cache %q: want cache stats|clear|save|load", arg(1))
	case "bake":
		id, err := strconv.Atoi(arg(1))
		if err != nil || id < 0 || id > 255 {
			return "", fmt.Errorf("bake %q: want a map id 0..255", arg(1))
		}
		return s.bakeCmd(world.MapID(id))
	case "record":
		return s.recordCmd(arg(1))
	}
	return "", fmt.Errorf("%w %q; commands:\n%s", ErrUnknownCommand, line, strings.Join(commandHelp, "\n"))
}

func (s *Server) cacheStats() string {
	st := s.cache.Stats()
	var b strings.Builder
	fmt.Fprintf(&b, "resident %d distinct %d bytes %d built %d loaded %d corrupt %d evicted %d not_admitted %d tracked %d verified %d mismatches %d\n",
		st.Resident, st.Distinct, st.Bytes, st.Built, st.Loaded, st.Corrupt, st.Evicted, st.Gate.NotAdmitted, st.Tracked, st.Verified, st.Mismatches)
	fmt.Fprintf(&b, "lookups %d hit_ratio %.3f", st.Lookups(), st.HitRatio())
	for k, n := range st.Kinds {
		if n > 0 {
			fmt.Fprintf(&b, " %s %d", stepcache.HitKind(k), n)
		}
	}
	for _, me := range s.maps {
		state := "none"
		if me.reader != nil {
			state = "attached"
		}
		if me.baking {
			state += ", baking"
		}
		fmt.Fprintf(&b, "\nmap %d swb %s (%s)", me.id, me.swbPath, state)
	}
	return b.String()
}

func (s *Server) bakeCmd(id world.MapID) (string, error) {
	me := s.entry(id)
	if me == nil {
		return "", fmt.Errorf("bake: map %d is not loaded (world.maps)", id)
	}
	if me.baking {
		return fmt.Sprintf("map %d is already baking", id), nil
	}
	s.queueBake(id)
	if !s.running.Load() {
		return fmt.Sprintf("bake of map %d queued for when the shard runs", id), nil
	}
	return fmt.Sprintf("baking map %d into %s in the background", id, me.swbPath), nil
}

func (s *Server) loadCmd() string {
	var lines []string
	for _, me := range s.maps {
		if err := s.openSWB(me, false); err != nil {
			lines = append(lines, fmt.Sprintf("map %d: %v", me.id, err))
			continue
		}
		lines = append(lines, fmt.Sprintf("map %d: attached %s (%d chunks)", me.id, me.swbPath, me.reader.Header().ChunkCount))
	}
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
