package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
)

// command is one subcommand: a one-line summary, the names of its own
// subcommands ("paths" of "bench paths"; none for most), and its entry
// point, which writes its output to stdout and its progress and
// diagnostics to stderr.
type command struct {
	summary string
	subs    []string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

func commands() map[string]command {
	return map[string]command{
		"run":       {"run the shard (default world unless configured)", nil, cmdRun},
		"gen-world": {"write a generated world (default or britannia) as UO client files", nil, cmdGenWorld},
		"movingai":  {"solve Moving AI scenarios and check optimality", nil, runMovingAI},
		"verify":    {"compare every step-cache answer with the live rules", nil, cmdVerify},
		"bake":      {"bake a map's step cache into a .swb file", nil, cmdBake},
		"swb":       {"inspect a .swb file", []string{"info"}, cmdSWB},
		"save":      {"inspect a shard's save file", []string{"info"}, cmdSave},
		"scenario":  {"run scenario files as tests", []string{"run"}, cmdScenario},
		"bench":     {"benchmark the searches against classic A*, the fast chunk builds against the reference, or the machine's stalls", []string{"paths", "bake", "host"}, cmdBench},
		"replay":    {"re-run a recorded search log and print its figures", nil, cmdReplay},
		"render":    {"draw the world, paths and cache as a PNG", nil, cmdRender},
		"config":    {"write the default server.toml or check one", []string{"init", "check"}, runConfig},
		"version":   {"print the module version and VCS revision", nil, cmdVersion},
		"help":      {"print this list, or a command's usage (help COMMAND)", nil, nil},
	}
}

// usage prints the command list, each command with its subcommands.
func usage(w io.Writer) {
	cmds := commands()
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	slices.Sort(names)
	fmt.Fprintln(w, "usage: shard COMMAND [flags]    (shard COMMAND --help: the command's flags)")
	for _, n := range names {
		c := cmds[n]
		fmt.Fprintf(w, "  %-10s %s\n", n, c.summary)
		for _, sub := range c.subs {
			fmt.Fprintf(w, "  %-10s   %s %s\n", "", n, sub)
		}
	}
}

func main() {
	ctx, stop := interruptible(os.Stderr)
	code := runMain(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// interruptible returns a context the first interrupt (Ctrl-C) or SIGTERM
// cancels, saying so on stderr; from then on the signals' default action
// is back, so a second Ctrl-C ends the process at once whatever it is
// waiting on. stop releases the signals.
func interruptible(stderr io.Writer) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-sigs:
			signal.Stop(sigs)
			fmt.Fprintf(stderr, "shard: %v: stopping (interrupt again to exit at once)\n", sig)
			cancel()
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel()
	}
}

// Exit codes of runMain.
const (
	exitOK    = 0
	exitError = 1 // the command failed
	exitUsage = 2 // unknown command or flag, bad arguments
)

// runMain runs the command line args (without the program name) and
// returns the process's exit code: help asked for prints usage on stdout
// and is 0; an unknown command, flag or argument prints what is wrong and
// the usage on stderr and is 2; a command that fails prints its error and
// is 1.
func runMain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		usage(stdout)
		return exitOK
	case "help":
		if len(args) == 1 {
			usage(stdout)
			return exitOK
		}
		name, args = args[1], []string{args[1], "--help"}
	}
	c, ok := commands()[name]
	if !ok || c.run == nil {
		fmt.Fprintf(stderr, "shard: unknown command %q\n", name)
		usage(stderr)
		return exitUsage
	}
	return exitCode(c.run(ctx, args[1:], stdout, stderr), name, stderr)
}

// exitCode reports err as runMain does and returns its exit code. An
// error is printed once, after "shard COMMAND:" (the subcommand's name
// too, when a subcommand failed), without the prefixes the layers it
// passed through repeat (errorText).
func exitCode(err error, name string, stderr io.Writer) int {
	var ue *usageError
	var se *subError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "shard %s: %s\n", name, ue.msg)
		ue.flags.printUsage(stderr)
		return exitUsage
	case errors.As(err, &se):
		name, err = se.name, se.err
	}
	fmt.Fprintf(stderr, "shard %s: %s\n", name, errorText(name, err))
	return exitError
}

// subError is the error of subcommand name ("bench paths").
type subError struct {
	name string
	err  error
}

func (e *subError) Error() string { return e.name + ": " + e.err.Error() }
func (e *subError) Unwrap() error { return e.err }

// errorText is err's message for the line "shard NAME: ...". On its
// first line a leading "NAME: " is dropped, and so is every later bare
// prefix ("swb: ", "replay: ") that name or an earlier part already says,
// so `swb: open F: swb: bad magic` under "shard swb" reads `open F: bad
// magic`. Later lines (a list of problems) are kept as they are.
func errorText(name string, err error) string {
	first, rest, multi := strings.Cut(err.Error(), "\n")
	seen := map[string]bool{name: true}
	for _, w := range strings.Fields(name) {
		seen[w] = true
	}
	parts := strings.Split(first, ": ")
	out := parts[:0]
	for i, p := range parts {
		if i < len(parts)-1 && (p == name || isPrefixWord(p)) {
			if seen[p] {
				continue
			}
			seen[p] = true
		}
		out = append(out, p)
	}
	text := strings.Join(out, ": ")
	if multi {
		text += "\n" + rest
	}
	return text
}

// isPrefixWord reports whether p looks like a package's prefix in an
// error ("swb", "uo", "replay"): one word of lower-case letters, digits
// and dashes.
func isPrefixWord(p string) bool {
	if p == "" {
		return false
	}
	for _, r := range p {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}
