package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSeparateModule builds and runs this program as a game server would:
// in a module of its own that requires shardcore (replaced by this
// checkout), so only the exported API is in reach.
func TestSeparateModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a separate module")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	mod := "module example.com/embed\n\ngo 1.26\n\nrequire github.com/shardcore/shardcore v0.0.0\n\nreplace github.com/shardcore/shardcore => " + root + "\n"
	for name, b := range map[string][]byte{"go.mod": []byte(mod), "main.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.CommandContext(t.Context(), goBin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run("mod", "tidy")
	out := run("run", ".")
	for _, want := range []string{"mobile 1 arrived at (430,512)", "follow mobile 1", "mobile 1 teleported to (360,232)", "mobile 2: no such mobile"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestREADMEShowsThisProgram: the README's Embedding section shows this
// program's main as it is.
func TestREADMEShowsThisProgram(t *testing.T) {
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	body := string(src[strings.Index(string(src), "func main() {"):])
	if !strings.Contains(string(readme), "```go\n"+body+"```") {
		t.Fatal("README.md's Embedding section does not show examples/embed/main.go's main as it is: copy it over")
	}
}
