// Command shard runs, bakes, verifies and benchmarks a shardcore shard.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// command is one subcommand: a one-line summary and its entry point.
type command struct {
	summary string
	run     func(ctx context.Context, args []string) error
}

func commands() map[string]command {
	return map[string]command{
		"run":       {"run the shard (default world unless configured)", cmdRun},
		"gen-world": {"write a generated world (default or britannia) as UO client files", cmdGenWorld},
		"movingai":  {"solve Moving AI scenarios and check optimality", cmdMovingAI},
		"verify":    {"compare every step-cache answer with the live rules", cmdVerify},
		"bake":      {"bake a map's step cache into a .swb file", cmdBake},
		"swb":       {"inspect .swb files (swb info FILE)", cmdSWB},
		"bench":     {"benchmark searches against classic A* (bench paths)", cmdBench},
		"replay":    {"re-run a recorded search log and print its figures", cmdReplay},
		"render":    {"draw the world, paths and cache as a PNG", cmdRender},
		"config":    {"config init: write the default server.toml", cmdConfig},
	}
}

func usage() {
	cmds := commands()
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprintln(os.Stderr, "usage: shard COMMAND [flags]")
	for _, n := range names {
		fmt.Fprintf(os.Stderr, "  %-10s %s\n", n, cmds[n].summary)
	}
}

func main() {
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	c, ok := commands()[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "shard: unknown command %q\n", os.Args[1])
		usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := c.run(ctx, os.Args[2:])
	stop()
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(2)
		}
		fmt.Fprintf(os.Stderr, "shard %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
}
