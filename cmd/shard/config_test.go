package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/config"
)

func defaultText(t *testing.T) string {
	t.Helper()
	var b bytes.Buffer
	if err := config.WriteDefault(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestConfigInitWritesRefusesAndForces(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "server.toml")
	var out, errb bytes.Buffer
	if err := runConfig(ctx, []string{"init", "--out", path}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil || string(data) != defaultText(t) {
		t.Fatalf("written file differs from WriteDefault (%v)", err)
	}
	if err := os.WriteFile(path, []byte("# mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = runConfig(ctx, []string{"init", "--out", path}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("second init without --force: %v, want a refusal naming --force", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "# mine\n" {
		t.Fatal("refused init still changed the file")
	}
	if err := runConfig(ctx, []string{"init", "--force", "--out", path}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != defaultText(t) {
		t.Fatal("--force did not overwrite")
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestConfigInitStdout(t *testing.T) {
	var out, errb bytes.Buffer
	if err := runConfig(context.Background(), []string{"init", "--out", "-"}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	if out.String() != defaultText(t) {
		t.Error("--out - did not print the default file")
	}
}

func TestConfigCheck(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	good := filepath.Join(dir, "good.toml")
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(good, []byte("[shard]\ntickMs = 16\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("[shard]\ntick = 16\n[log]\nlevel = \"x\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if err := runConfig(ctx, []string{"check", good}, &out, &errb); err != nil || !strings.Contains(out.String(), "ok") {
		t.Errorf("check good: %v %q", err, out.String())
	}
	err := runConfig(ctx, []string{"check", bad}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), bad+":2:1:") || !strings.Contains(err.Error(), bad+":4:1:") {
		t.Errorf("check bad: %v, want both problems with lines", err)
	}
	var ce *config.Error
	if !errors.As(err, &ce) {
		t.Errorf("check error %v does not wrap a *config.Error", err)
	}
}

func TestConfigUsage(t *testing.T) {
	var out, errb bytes.Buffer
	var ue *usageError
	if err := runConfig(context.Background(), nil, &out, &errb); !errors.As(err, &ue) {
		t.Errorf("no subcommand: %v, want a usage error", err)
	}
	if err := runConfig(context.Background(), []string{"--help"}, &out, &errb); !errors.Is(err, flag.ErrHelp) || !strings.Contains(out.String(), "config check") {
		t.Errorf("--help: %v, usage %q", err, out.String())
	}
	if err := runConfig(context.Background(), []string{"frob"}, &out, &errb); err == nil {
		t.Error("unknown subcommand accepted")
	}
	if err := runConfig(context.Background(), []string{"init", "extra"}, &out, &errb); err == nil {
		t.Error("stray argument accepted")
	}
}

// TestConfigCheckRefusesWhatRunRefusesForMaps: `config check` refuses the
// maps `run` would refuse: a map the default profile does not generate, and
// a map whose files a data directory lacks (named); the same data directory
// with the map it has passes.
func TestConfigCheckRefusesWhatRunRefusesForMaps(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var out, errb bytes.Buffer
	err := runConfig(ctx, []string{"check", write("two.toml", "[world]\nmaps = [0, 1]\n")}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "two.toml:2:1:") || !strings.Contains(err.Error(), "only map 0") {
		t.Errorf("default profile with maps [0, 1]: %v", err)
	}
	data := filepath.Join(dir, "uo")
	if err := cmdGenWorld(ctx, []string{"--profile", "britannia", "--out", data, "--map", "4", "--size", "256x256"}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	cfg := fmt.Sprintf("[world]\ndataDir = %q\nmaps = [4, 2]\n", data)
	err = runConfig(ctx, []string{"check", write("missing.toml", cfg)}, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "map 2") || !strings.Contains(err.Error(), "map2.mul") {
		t.Errorf("map 2 missing from the folder: %v", err)
	}
	out.Reset()
	cfg = fmt.Sprintf("[world]\ndataDir = %q\nmaps = [4]\n", data)
	if err := runConfig(ctx, []string{"check", write("ok.toml", cfg)}, &out, &errb); err != nil || !strings.Contains(out.String(), "ok") {
		t.Errorf("map 4 of the folder: %v %q", err, out.String())
	}
}
