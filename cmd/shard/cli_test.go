package main

import (
	"bytes"
	"context"
	"runtime/debug"
	"strings"
	"testing"
)

// shardCmd runs a command line through runMain.
func shardCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = runMain(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestHelpExitsZero: every way of asking for help prints usage on stdout
// and exits 0.
func TestHelpExitsZero(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--help"}, "usage: shard COMMAND"},
		{[]string{"-h"}, "usage: shard COMMAND"},
		{[]string{"help"}, "usage: shard COMMAND"},
		{[]string{"help", "run"}, "usage: shard run"},
		{[]string{"run", "--help"}, "usage: shard run"},
		{[]string{"run", "-h"}, "-population"},
		{[]string{"help", "config"}, "usage: shard config init"},
		{[]string{"config", "init", "--help"}, "-force"},
		{[]string{"config", "check", "-h"}, "usage: shard config check"},
		{[]string{"swb", "info", "--help"}, "-stages"},
		{[]string{"bench", "--help"}, "usage: shard bench paths"},
		{[]string{"replay", "--help"}, "usage: shard replay FILE"},
		{[]string{"movingai", "--help"}, "-maps"},
		{[]string{"verify", "--help"}, "usage: shard verify"},
		{[]string{"bake", "--help"}, "-workers"},
		{[]string{"gen-world", "--help"}, "-out"},
		{[]string{"render", "--help"}, "-paths"},
		{[]string{"version", "--help"}, "usage: shard version"},
	}
	for _, c := range cases {
		code, out, errs := shardCmd(c.args...)
		if code != 0 || !strings.Contains(out, c.want) || errs != "" {
			t.Errorf("shard %s: exit %d, stdout %q (want %q), stderr %q", strings.Join(c.args, " "), code, out, c.want, errs)
		}
	}
}

// TestBadCommandLinesExitTwo: no command, an unknown command, flag or
// argument prints what is wrong and the usage on stderr, and exits 2.
func TestBadCommandLinesExitTwo(t *testing.T) {
	cases := []struct {
		args []string
		want []string
	}{
		{nil, []string{"usage: shard COMMAND"}},
		{[]string{"frob"}, []string{`unknown command "frob"`, "usage: shard COMMAND"}},
		{[]string{"help", "frob"}, []string{`unknown command "frob"`}},
		{[]string{"run", "--frob"}, []string{"shard run: flag provided but not defined: -frob", "usage: shard run"}},
		{[]string{"run", "extra"}, []string{`unexpected argument "extra"`, "usage: shard run"}},
		{[]string{"run", "--ticks", "x"}, []string{"invalid value", "-ticks"}},
		{[]string{"run", "--population", "dragons=3"}, []string{"unknown kind", "usage: shard run"}},
		{[]string{"config"}, []string{"missing subcommand", "usage: shard config"}},
		{[]string{"config", "frob"}, []string{`unknown subcommand "frob"`}},
		{[]string{"config", "init", "extra"}, []string{"unexpected argument"}},
		{[]string{"swb"}, []string{"missing subcommand", "usage: shard swb info"}},
		{[]string{"swb", "info"}, []string{"want one FILE", "-stages"}},
		{[]string{"bench", "maps"}, []string{`unknown subcommand "maps"`}},
		{[]string{"replay"}, []string{"missing the recording FILE"}},
		{[]string{"gen-world"}, []string{"--out DIR is required"}},
		{[]string{"movingai", "--maps", "x"}, []string{"need --maps DIR and --scen DIR"}},
		{[]string{"verify", "--map", "300"}, []string{"--map 300: want 0..255"}},
		{[]string{"gen-world", "--out", "x", "--profile", "mars"}, []string{`--profile "mars"`}},
		{[]string{"version", "extra"}, []string{"unexpected argument"}},
	}
	for _, c := range cases {
		code, out, errs := shardCmd(c.args...)
		if code != exitUsage || out != "" {
			t.Errorf("shard %s: exit %d, stdout %q; want exit 2 and nothing on stdout", strings.Join(c.args, " "), code, out)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("shard %s: stderr lacks %q:\n%s", strings.Join(c.args, " "), w, errs)
			}
		}
	}
}

// TestFailingCommandExitsOne: a command that fails (a missing config file)
// prints its error and exits 1.
func TestFailingCommandExitsOne(t *testing.T) {
	code, _, errs := shardCmd("config", "check", "no-such-file.toml")
	if code != exitError || !strings.Contains(errs, "shard config check:") || !strings.Contains(errs, "no-such-file.toml") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
}

// TestVersion: shard version prints the module and, when the binary carries
// them, the VCS revision and time.
func TestVersion(t *testing.T) {
	code, out, _ := shardCmd("version")
	if code != 0 || !strings.HasPrefix(out, "github.com/shardcore/shardcore ") || !strings.Contains(out, "revision ") {
		t.Fatalf("exit %d, output %q", code, out)
	}
	info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/shardcore/shardcore", Version: "v1.2.3"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2026-01-02T03:04:05Z"},
			{Key: "vcs.modified", Value: "true"}}}
	if got, want := versionLine(info), "github.com/shardcore/shardcore v1.2.3 revision abc123+dirty (2026-01-02T03:04:05Z) go1.26.8"; got != want {
		t.Fatalf("versionLine = %q, want %q", got, want)
	}
	if got := versionLine(&debug.BuildInfo{}); got != "github.com/shardcore/shardcore (devel) revision unknown (unknown) " {
		t.Fatalf("without build info: %q", got)
	}
}
