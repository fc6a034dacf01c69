package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/testkit/repo"
)

// readme returns the repository's README.md.
func readme(t *testing.T) string {
	t.Helper()
	root, err := repo.Root()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// firstCells returns the first cell of every table row of text, the
// row's leading "| " and trailing " |" cut.
func firstCells(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "| ") {
			continue
		}
		cell := strings.TrimPrefix(l, "| ")
		// A cell ends at the first " |" not escaped as "\|".
		for i := 0; i+1 < len(cell); i++ {
			if cell[i] == ' ' && cell[i+1] == '|' && (i == 0 || cell[i-1] != '\\') {
				cell = cell[:i]
				break
			}
		}
		out = append(out, cell)
	}
	return out
}

var flagName = regexp.MustCompile(`--([a-z][a-z0-9-]*)`)

// flagNames returns the --flags text names, sorted, each once.
func flagNames(text string) []string {
	var out []string
	for _, m := range flagName.FindAllStringSubmatch(text, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	sort.Strings(out)
	return out
}

// commandPaths returns every runnable command: "run", "bench paths", ….
func commandPaths() []string {
	var out []string
	for name, c := range commands() {
		if c.run == nil {
			continue
		}
		if len(c.subs) == 0 {
			out = append(out, name)
		}
		for _, sub := range c.subs {
			out = append(out, name+" "+sub)
		}
	}
	sort.Strings(out)
	return out
}

// helpFlags runs `shard PATH --help` and returns its synopsis (the first
// line) and the flags it defines.
func helpFlags(t *testing.T, path string) (synopsis string, flags []string) {
	t.Helper()
	code, out, errs := shardCmd(append(strings.Fields(path), "--help")...)
	if code != 0 {
		t.Fatalf("shard %s --help: exit %d, %s", path, code, errs)
	}
	synopsis, _, _ = strings.Cut(out, "\n")
	for _, m := range regexp.MustCompile(`(?m)^  -([a-z][a-z0-9-]*)`).FindAllStringSubmatch(out, -1) {
		flags = append(flags, m[1])
	}
	sort.Strings(flags)
	return synopsis, flags
}

// TestREADMECommandsMatchTheirFlags: every command has a row in the
// README's command table, and the row, the command's usage line and its
// flags name the same flags, so the three cannot drift apart.
func TestREADMECommandsMatchTheirFlags(t *testing.T) {
	rows := map[string]string{}
	for _, cell := range firstCells(readme(t)) {
		if !strings.HasPrefix(cell, "`shard ") {
			continue
		}
		words := strings.Fields(strings.Trim(cell, "`"))
		path := words[1]
		if len(words) > 2 && slices.Contains(commandPaths(), path+" "+words[2]) {
			path += " " + words[2]
		}
		rows[path] = cell
	}
	for _, path := range commandPaths() {
		synopsis, flags := helpFlags(t, path)
		row, ok := rows[path]
		if !ok {
			t.Errorf("README has no row for shard %s", path)
			continue
		}
		if got := flagNames(row); !slices.Equal(got, flags) {
			t.Errorf("shard %s: README row names flags %v, the command has %v", path, got, flags)
		}
		if got := flagNames(synopsis); !slices.Equal(got, flags) {
			t.Errorf("shard %s: usage line %q names flags %v, the command has %v", path, synopsis, got, flags)
		}
	}
	for path := range rows {
		if !slices.Contains(commandPaths(), path) {
			t.Errorf("README has a row for shard %s, which is no command", path)
		}
	}
}

// TestREADMEConfigKeys: every key `shard config init` writes has a row in
// the README's configuration table, and every row is a key.
func TestREADMEConfigKeys(t *testing.T) {
	cfg := config.Default()
	cfg.Shard.Population.Maps = []config.MapShare{{ID: 0, Share: 1}} // so the arrays of tables are written
	cfg.Shard.Moongates = []config.Moongate{{}}
	cfg.Cluster.Processes = []config.Process{{Name: "a", Maps: []int{0}}}
	var b bytes.Buffer
	if err := config.Write(&b, cfg); err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if _, err := toml.Decode(b.String(), &raw); err != nil {
		t.Fatal(err)
	}
	keys := flatKeys("", raw)
	var cells []string
	for _, c := range firstCells(readme(t)) {
		if strings.HasPrefix(c, "`") && !strings.HasPrefix(c, "`shard ") {
			cells = append(cells, c)
		}
	}
	documented := func(k string) bool {
		for _, c := range cells {
			if c == "`"+k+"`" {
				return true
			}
			// An array of tables: "`[[a.b]]` `leaf`, `leaf2`".
			if i := strings.LastIndex(k, "."); i > 0 && strings.HasPrefix(c, "`[["+k[:i]+"]]`") && strings.Contains(c, "`"+k[i+1:]+"`") {
				return true
			}
		}
		return false
	}
	for _, k := range keys {
		if !documented(k) {
			t.Errorf("config key %s has no row in the README's configuration table", k)
		}
	}
	for _, c := range cells {
		if strings.HasPrefix(c, "`[[") {
			continue
		}
		if k := strings.Trim(c, "`"); strings.Contains(k, ".") && !slices.Contains(keys, k) {
			t.Errorf("README's configuration table has a row for %s, which config init does not write", k)
		}
	}
}

// flatKeys returns the dotted keys of the values in t (tables walked into,
// arrays of tables by their first table), sorted.
func flatKeys(prefix string, t map[string]any) []string {
	var out []string
	for k, v := range t {
		key := k
		if prefix != "" {
			key = prefix + "." + k
		}
		switch v := v.(type) {
		case map[string]any:
			out = append(out, flatKeys(key, v)...)
		case []map[string]any:
			if len(v) > 0 {
				out = append(out, flatKeys(key, v[0])...)
			}
		default:
			out = append(out, key)
		}
	}
	sort.Strings(out)
	return out
}
