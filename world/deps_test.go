package world_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoUpwardImports fails when world or a world/* package depends (in
// non-test code, directly or not) on a package above it: the movement
// rules, the step cache, search, the ECS or the server.
func TestNoUpwardImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/shardcore/shardcore/world/...").CombinedOutput()
	if err != nil {
		t.Skipf("go list unavailable: %v: %s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if !strings.HasPrefix(p, "github.com/shardcore/shardcore/") {
			continue
		}
		if p != "github.com/shardcore/shardcore/world" && !strings.HasPrefix(p, "github.com/shardcore/shardcore/world/") && !strings.HasPrefix(p, "github.com/shardcore/shardcore/internal/") {
			t.Errorf("a world package depends on %s", p)
		}
	}
}
