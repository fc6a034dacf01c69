package main

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
)

// cmdVersion prints the module version and the VCS revision the binary was
// built from: `shard version`.
func cmdVersion(_ context.Context, args []string, stdout, stderr io.Writer) error {
	f := newFlags("version", stdout, stderr, "shard version",
		"Prints the module version, the VCS revision and time the binary was built from, and the Go version.")
	if err := f.parse(args); err != nil {
		return err
	}
	if f.NArg() > 0 {
		return f.usageErr("unexpected argument %q", f.Arg(0))
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return fmt.Errorf("version: the binary carries no build information")
	}
	fmt.Fprintln(stdout, versionLine(info))
	return nil
}

// versionLine is the version as one line: module path and version, then
// the VCS revision (with "+dirty" when built from modified files) and its
// time, then the Go version. Unknown parts read "unknown".
func versionLine(info *debug.BuildInfo) string {
	rev, at, dirty := "unknown", "unknown", ""
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	path, version := info.Main.Path, info.Main.Version
	if path == "" {
		path = "github.com/shardcore/shardcore"
	}
	if version == "" {
		version = "(devel)"
	}
	return fmt.Sprintf("%s %s revision %s%s (%s) %s", path, version, rev, dirty, at, info.GoVersion)
}
