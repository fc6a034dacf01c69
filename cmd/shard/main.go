// Command shard runs, bakes, verifies and benchmarks a shardcore shard.
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
	"syscall"
)

// command is one subcommand: a one-line summary and its entry point, which
// writes its output to stdout and its progress and diagnostics to stderr.
type command struct {
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

func commands() map[string]command {
	return map[string]command{
		"run":       {"run the shard (default world unless configured)", cmdRun},
		"gen-world": {"write a generated world (default or britannia) as UO client files", cmdGenWorld},
		"movingai":  {"solve Moving AI scenarios and check optimality", runMovingAI},
		"verify":    {"compare every step-cache answer with the live rules", cmdVerify},
		"bake":      {"bake a map's step cache into a .swb file", cmdBake},
		"swb":       {"inspect .swb files (swb info FILE)", cmdSWB},
		"bench":     {"benchmark searches against classic A* (bench paths)", cmdBench},
		"replay":    {"re-run a recorded search log and print its figures", cmdReplay},
		"render":    {"draw the world, paths and cache as a PNG", cmdRender},
		"config":    {"write the default server.toml (config init) or check one (config check)", runConfig},
		"version":   {"print the module version and VCS revision", cmdVersion},
		"help":      {"print this list, or a command's usage (help COMMAND)", nil},
	}
}

// usage prints the command list.
func usage(w io.Writer) {
	cmds := commands()
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	slices.Sort(names)
	fmt.Fprintln(w, "usage: shard COMMAND [flags]    (shard COMMAND --help: the command's flags)")
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, cmds[n].summary)
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

// exitCode reports err as runMain does and returns its exit code.
func exitCode(err error, name string, stderr io.Writer) int {
	var ue *usageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "shard %s: %s\n", name, ue.msg)
		ue.flags.printUsage(stderr)
		return exitUsage
	}
	fmt.Fprintf(stderr, "shard %s: %v\n", name, err)
	return exitError
}
