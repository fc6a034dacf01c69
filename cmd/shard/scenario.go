package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/shardcore/shardcore/scenario"
)

// errScenariosFailed is run's error when a scenario failed (its lines
// say which; the exit code is 1).
var errScenariosFailed = errors.New("scenarios failed")

// cmdScenario runs scenario files: `shard scenario run FILE...`.
func cmdScenario(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return subcommand("scenario", args, stdout, stderr, map[string]func([]string) error{
		"run": func(a []string) error {
			fs := newFlags("scenario run", stdout, stderr, "shard scenario run [--work DIR] FILE...",
				"Runs each scenario file (TOML: a world, mobiles and their orders, expectations; see tests/scenarios)",
				"and prints a line per expectation, PASS or FAIL, then last:",
				"  scenarios N passed N failed N",
				"A scenario that does not load or run counts as failed; the exit code is 1 when any failed.")
			work := fs.String("work", "", "folder for the generated worlds' client files (default: a temp dir, removed after)")
			if err := fs.parse(a); err != nil {
				return err
			}
			if fs.NArg() == 0 {
				return fs.usageErr("want at least one FILE")
			}
			return runScenarios(ctx, stdout, *work, fs.Args())
		},
	}, "shard scenario run [--work DIR] FILE...")
}

// runScenarios runs files and prints their lines and the summary.
func runScenarios(ctx context.Context, w io.Writer, work string, files []string) error {
	if work == "" {
		dir, err := os.MkdirTemp("", "shardcore-scenarios-*")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		work = dir
	}
	var reps []*scenario.Report
	broken := 0
	for _, f := range files {
		rep, err := scenario.RunFile(ctx, f, scenario.Options{WorkDir: work})
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			broken++
			fmt.Fprintf(w, "FAIL %v\n", err) // its errors name the file
			continue
		}
		reps = append(reps, rep)
		for _, l := range rep.Lines() {
			fmt.Fprintln(w, l)
		}
		fmt.Fprintf(w, "scenario %s: %d ticks in %.1fs\n", rep.Scenario, rep.Ticks, rep.Took.Seconds())
	}
	fmt.Fprintln(w, scenario.Summary(reps, broken))
	for _, r := range reps {
		if !r.Passed() {
			return errScenariosFailed
		}
	}
	if broken > 0 {
		return errScenariosFailed
	}
	return nil
}
