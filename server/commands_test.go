package server

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// TestCommandsOffLoop runs each admin command on the owning goroutine.
func TestCommandsOffLoop(t *testing.T) {
	s, _ := newTestServer(t, testConfig(t.TempDir()), Options{MaxTicks: 20, Unpaced: true})
	defer s.Close()
	want := map[string]string{
		"help":          "record on|off|flush|status",
		"cache stats":   "hit_ratio",
		"cache load":    "map 0:",
		"record status": "recording off",
		"record on":     "recording to",
		"record flush":  "flushed 0 lines",
		"record off":    "recording off (0 lines",
		"bake 0":        "queued",
		"cache save":    "queued",
	}
	for _, line := range []string{"help", "cache stats", "cache load", "record status", "record on", "record flush", "record off", "bake 0", "cache save"} {
		out, err := s.Command(line)
		if err != nil {
			t.Errorf("%q: %v", line, err)
			continue
		}
		if !strings.Contains(out, want[line]) {
			t.Errorf("%q = %q, want it to contain %q", line, out, want[line])
		}
	}
	if s.entry(0).baking || len(s.bakes.pending) != 1 {
		t.Errorf("bake 0 and cache save should queue one bake, pending %v", s.bakes.pending)
	}
	for _, line := range []string{"bake 7", "bake x", "cache nope", "record maybe"} {
		if _, err := s.Command(line); err == nil {
			t.Errorf("%q: want an error", line)
		}
	}
	_, err := s.Command("frobnicate")
	if !errors.Is(err, ErrUnknownCommand) || !strings.Contains(err.Error(), "cache stats") {
		t.Errorf("unknown command error %v: want ErrUnknownCommand listing the commands", err)
	}
	if out, _ := s.Command(""); out != "" {
		t.Errorf("empty line = %q", out)
	}
}

// TestCommandsOnTickGoroutine sends commands while Run runs, on stdin and
// through Command, and checks cache clear and record on take effect.
func TestCommandsOnTickGoroutine(t *testing.T) {
	dir := t.TempDir()
	synctest.Test(t, func(t *testing.T) {
		cfg := testConfig(dir)
		pr, pw := io.Pipe()
		out := &syncBuf{}
		s, _ := newTestServer(t, cfg, Options{Stdin: pr, Out: out})
		ctx, cancel := context.WithCancel(t.Context())
		errc := make(chan error, 1)
		go func() { errc <- s.Run(ctx) }()
		if _, err := s.Command("record on"); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * 8 * time.Millisecond) // fake time: 200 ticks
		if got, _ := s.Command("cache stats"); !strings.HasPrefix(got, "resident ") || strings.HasPrefix(got, "resident 0 ") {
			t.Errorf("after 200 ticks want resident chunks: %q", got)
		}
		if got, err := s.Command("cache clear"); err != nil || !strings.HasPrefix(got, "cleared ") {
			t.Errorf("cache clear = %q, %v", got, err)
		}
		if got, _ := s.Command("record status"); !strings.Contains(got, "recording on") {
			t.Errorf("record status = %q", got)
		}
		if _, err := io.WriteString(pw, "help\nbogus\n"); err != nil {
			t.Fatal(err)
		}
		// The write returns once the scanner has the bytes; the lines still
		// pass two goroutines before they are queued: wait for them.
		synctest.Wait()
		if _, err := s.Command("record status"); err != nil { // queued after them: stdin lines ran
			t.Fatal(err)
		}
		if o := out.String(); !strings.Contains(o, "record on|off|flush|status") || !strings.Contains(o, `error: unknown command "bogus"`) {
			t.Errorf("stdin replies:\n%s", o)
		}
		_ = pw.Close()
		cancel()
		if err := <-errc; err != nil {
			t.Fatal(err)
		}
		if _, err := s.Command("help"); err == nil {
			t.Error("Command after shutdown: want an error")
		}
		if s.Recorder().Lines() == 0 {
			t.Error("record on recorded nothing")
		}
	})
}

// TestStdinReaderEndsWithRun: Run returns while stdin has nothing to read
// (the command reader ends with it, and Run waits for that), and a line
// that arrives after Run ended is not queued: the goroutine blocked in the
// Read ends with it.
func TestStdinReaderEndsWithRun(t *testing.T) {
	dir := t.TempDir()
	synctest.Test(t, func(t *testing.T) {
		pr, pw := io.Pipe()
		s, _ := newTestServer(t, testConfig(dir), Options{Stdin: pr, MaxTicks: 5, Unpaced: true})
		if err := s.Run(t.Context()); err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(pw, "cache clear\n"); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		if n := len(s.cmdCh); n != 0 {
			t.Fatalf("%d commands queued after Run ended", n)
		}
		_ = pw.Close()
	})
}
