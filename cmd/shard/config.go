package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/server"
)

// runConfig runs "shard config init" (write the default server.toml) and
// "shard config check" (decode a file strictly and report every problem).
func runConfig(_ context.Context, args []string, stdout, stderr io.Writer) error {
	return subcommand("config", args, stdout, stderr, map[string]func([]string) error{
		"init":  func(a []string) error { return configInit(a, stdout, stderr) },
		"check": func(a []string) error { return configCheck(a, stdout, stderr) },
	}, "shard config init [--out FILE] [--force] | shard config check [FILE]",
		"  init   write the default server.toml (every key, its default and a comment)",
		"  check  decode FILE (default ./server.toml) strictly and report every problem")
}

func configInit(args []string, stdout, stderr io.Writer) error {
	fl := newFlags("config init", stdout, stderr, "shard config init [--out FILE] [--force]")
	out := fl.String("out", "server.toml", "file to write, or - for stdout")
	force := fl.Bool("force", false, "overwrite an existing file")
	if err := fl.parse(args); err != nil {
		return err
	}
	if fl.NArg() > 0 {
		return fl.usageErr("config init: unexpected argument %q", fl.Arg(0))
	}
	var b bytes.Buffer
	if err := config.WriteDefault(&b); err != nil {
		return fmt.Errorf("config init: %w", err)
	}
	if *out == "-" {
		_, err := stdout.Write(b.Bytes())
		return err
	}
	if err := writeNew(*out, b.Bytes(), *force); err != nil {
		return fmt.Errorf("config init: %w", err)
	}
	fmt.Fprintf(stderr, "wrote %s\n", *out)
	return nil
}

// writeNew writes data to path through a temporary file in the same
// directory renamed into place; without force an existing path is refused.
func writeNew(path string, data []byte, force bool) error {
	if !force {
		if _, err := os.Lstat(path); err == nil {
			return fmt.Errorf("%s already exists (use --force to overwrite)", path)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("check %s: %w", path, err)
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".server.toml.*")
	if err != nil {
		return fmt.Errorf("create temp file: %w", err)
	}
	name := tmp.Name()
	_, werr := tmp.Write(data)
	if werr == nil {
		werr = tmp.Sync()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(name, 0o644)
	}
	if werr == nil {
		werr = os.Rename(name, path)
	}
	if werr != nil {
		_ = os.Remove(name)
		return fmt.Errorf("write %s: %w", path, werr)
	}
	return nil
}

func configCheck(args []string, stdout, stderr io.Writer) error {
	fl := newFlags("config check", stdout, stderr, "shard config check [FILE]",
		"Decodes FILE (default ./server.toml) strictly: unknown keys, wrong types and out-of-range values are errors with their lines.",
		"Then checks, without loading them, that every map of world.maps can be loaded (a data directory's files, their sizes).")
	if err := fl.parse(args); err != nil {
		return err
	}
	path := "server.toml"
	switch fl.NArg() {
	case 0:
	case 1:
		path = fl.Arg(0)
	default:
		return fl.usageErr("want at most one FILE, got %d", fl.NArg())
	}
	cfg, err := config.Load(path)
	var es config.Errors
	switch {
	case errors.As(err, &es):
		return fmt.Errorf("%s: %d problems:\n%w", path, len(es), err)
	case err != nil:
		return err
	}
	if err := server.CheckWorld(cfg); err != nil {
		return fmt.Errorf("%s:\n%w", path, err)
	}
	fmt.Fprintf(stdout, "%s: ok\n", path)
	return nil
}
