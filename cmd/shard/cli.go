package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/shardcore/shardcore/config"
)

// cmdFlags is a subcommand's flag set: its usage lines, its flags, and the
// writers its help goes to. Every subcommand parses its arguments with one,
// so -h and --help print the usage on stdout (exit 0) and a bad flag or
// argument is a usageError (the usage on stderr, exit 2).
type cmdFlags struct {
	*flag.FlagSet
	name           string   // "shard run", "shard config init"
	lines          []string // synopsis, then notes printed before the flags
	stdout, stderr io.Writer
}

// newFlags returns the flag set of command name ("run", "config init")
// whose usage is lines: the synopsis first (without "usage: "), then any
// notes.
func newFlags(name string, stdout, stderr io.Writer, lines ...string) *cmdFlags {
	f := &cmdFlags{FlagSet: flag.NewFlagSet(name, flag.ContinueOnError), name: "shard " + name,
		lines: lines, stdout: stdout, stderr: stderr}
	f.SetOutput(io.Discard) // parse reports errors and help itself
	return f
}

// parse parses args. Asked for help, it prints the usage on stdout and
// returns flag.ErrHelp; on a bad flag it returns a usageError.
func (f *cmdFlags) parse(args []string) error {
	err := f.Parse(args)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		f.printUsage(f.stdout)
		return flag.ErrHelp
	}
	return &usageError{flags: f, msg: err.Error()}
}

// printUsage writes the usage lines and the flags with their defaults.
func (f *cmdFlags) printUsage(w io.Writer) {
	for i, l := range f.lines {
		if i == 0 {
			l = "usage: " + l
		}
		fmt.Fprintln(w, l)
	}
	hasFlags := false
	f.VisitAll(func(*flag.Flag) { hasFlags = true })
	if hasFlags {
		f.SetOutput(w)
		f.PrintDefaults()
		f.SetOutput(io.Discard)
	}
}

// usageErr is a usageError: arguments the command cannot run with.
func (f *cmdFlags) usageErr(format string, a ...any) error {
	return &usageError{flags: f, msg: fmt.Sprintf(format, a...)}
}

// usageError is a command line the command cannot run: the message and the
// flag set whose usage explains it (runMain prints both, exit 2).
type usageError struct {
	flags *cmdFlags
	msg   string
}

func (e *usageError) Error() string { return e.msg }

// subcommand dispatches a command with subcommands ("config init"): the
// first argument names one; none, an unknown one, -h or --help print the
// command's usage.
func subcommand(name string, args []string, stdout, stderr io.Writer, subs map[string]func([]string) error, lines ...string) error {
	f := newFlags(name, stdout, stderr, lines...)
	if len(args) == 0 {
		return f.usageErr("missing subcommand")
	}
	if run, ok := subs[args[0]]; ok {
		err := run(args[1:])
		var ue *usageError
		if err == nil || errors.Is(err, flag.ErrHelp) || errors.As(err, &ue) {
			return err
		}
		return &subError{name: name + " " + args[0], err: err}
	}
	if err := f.parse(args[:1]); err != nil {
		return err
	}
	return f.usageErr("unknown subcommand %q", args[0])
}

// shardConfig registers --config and --population and returns the loader of
// the configuration they name: --config FILE, else ./server.toml when
// present, else the defaults; then the population override.
func (f *cmdFlags) shardConfig() func() (config.Config, error) {
	path := f.String("config", "", "server.toml to use (default: ./server.toml if present, else the defaults)")
	pop := f.String("population", "", "override the population: pets=N,patrols=N,swimmers=N (pets are player+pet pairs)")
	return func() (config.Config, error) {
		var cfg config.Config
		var err error
		if *path != "" {
			cfg, err = config.Load(*path)
		} else {
			cfg, _, err = config.LoadOptional("server.toml")
		}
		if err != nil {
			return cfg, err
		}
		if *pop != "" {
			if err := parsePopulation(*pop, &cfg.Shard.Population); err != nil {
				return cfg, f.usageErr("%v", err)
			}
		}
		return cfg, nil
	}
}

// parsePopulation applies "pets=N,patrols=N,swimmers=N" (any subset, each
// kind once) to p.
func parsePopulation(s string, p *config.Population) error {
	seen := map[string]bool{}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		n, err := strconv.Atoi(v)
		if !ok || err != nil || n < 0 {
			return fmt.Errorf("--population %q: want pets=N,patrols=N,swimmers=N with N ≥ 0", s)
		}
		if seen[k] {
			return fmt.Errorf("--population %q: %s given twice", s, k)
		}
		seen[k] = true
		switch k {
		case "pets":
			p.Pets = n
		case "patrols":
			p.Patrols = n
		case "swimmers":
			p.Swimmers = n
		default:
			return fmt.Errorf("--population: unknown kind %q (want pets, patrols, swimmers)", k)
		}
	}
	return nil
}
