package faults

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/shardcore/shardcore/server"
	"github.com/shardcore/shardcore/stepcache/swb"
)

// TestCacheDirReadOnly: a bake into a cache dir that turned read-only fails
// at once (before building), with one log line; the shard keeps serving
// the file it has.
func TestCacheDirReadOnly(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t.TempDir())
	h, before := startOnSeed(t, cfg, server.Options{SWBFS: readOnlyFS{}})
	old, _ := os.ReadFile(swbPath(cfg))
	if err := os.Chmod(cfg.Pathfinding.CacheDir, 0o555); err != nil { // as well, where it binds (not root)
		t.Fatal(err)
	}
	defer os.Chmod(cfg.Pathfinding.CacheDir, 0o755)
	h.cmd("cache save")
	h.waitLog("bake failed", 1)
	if !strings.Contains(h.logs.String(), "read-only file system") {
		t.Fatalf("the failure does not say why:\n%s", h.logs)
	}
	if st := h.checkTicking(before); !st.attached {
		t.Fatalf("the old file should stay attached: %+v", st)
	}
	h.stop()
	checkSameFile(t, swbPath(cfg), old)
}

// TestDiskFullDuringBake: the disk fills up part-way through writing the
// new file: the bake fails with ENOSPC, its temporary is removed, the old
// file stays byte-identical and attached.
func TestDiskFullDuringBake(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t.TempDir())
	h, before := startOnSeed(t, cfg, server.Options{SWBFS: fullDiskFS{room: 8 << 10}})
	old, _ := os.ReadFile(swbPath(cfg))
	h.cmd("cache save")
	h.waitLog("bake failed", 1)
	if !strings.Contains(h.logs.String(), "no space left on device") {
		t.Fatalf("the failure does not say why:\n%s", h.logs)
	}
	if st := h.checkTicking(before); !st.attached {
		t.Fatalf("the old file should stay attached: %+v", st)
	}
	h.stop()
	checkSameFile(t, swbPath(cfg), old)
}

// checkSameFile asserts path still holds old, valid for the world, with no
// temporary beside it.
func checkSameFile(t *testing.T, path string, old []byte) {
	t.Helper()
	if now, err := os.ReadFile(path); err != nil || !bytes.Equal(now, old) {
		t.Fatalf("the old file changed (%v)", err)
	}
	_, want := world(t, testConfig(filepath.Dir(filepath.Dir(path))))
	checkFile(t, path, want)
}

// childEnv names the cache dir a TestKilledMidBake child bakes into.
const childEnv = "SHARDCORE_FAULTS_CHILD_DIR"

// TestKilledMidBake: a shard process killed (SIGKILL) while it writes a
// bake leaves the old file byte-identical and valid and a half-written
// temporary beside it; the next start opens the old file and removes the
// temporary.
func TestKilledMidBake(t *testing.T) {
	t.Parallel()
	if dir := os.Getenv(childEnv); dir != "" {
		bakeUntilKilled(t, dir)
		return
	}
	dir := t.TempDir()
	cfg := testConfig(dir)
	seedSWB(t, cfg, swbPath(cfg))
	world(t, cfg) // the client files, before the child reads them
	old, _ := os.ReadFile(swbPath(cfg))
	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledMidBake$")
	cmd.Env = append(os.Environ(), childEnv+"="+dir)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	tmp := waitStalled(t, out)
	if err := cmd.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if _, err := swb.Open(tmp, swb.Expect{AnyIdentity: true}); err == nil {
		t.Fatalf("the killed bake's temporary %s opens: it should be half-written", tmp)
	}
	if now, _ := os.ReadFile(swbPath(cfg)); !bytes.Equal(now, old) {
		t.Fatal("the old file changed")
	}
	h, before := startServing(t, cfg, server.Options{})
	if h.logs.count("removed temporaries of an interrupted bake") != 1 {
		t.Errorf("the next start did not clean up:\n%s", h.logs)
	}
	h.checkTicking(before)
	h.stop()
	checkSameFile(t, swbPath(cfg), old)
}

// waitStalled reads the child's output until it reports its bake stalled
// mid-write and returns the temporary's path.
func waitStalled(t *testing.T, out interface{ Read([]byte) (int, error) }) string {
	t.Helper()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	deadline := time.After(4 * time.Minute)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatal("the child exited before its bake stalled")
			}
			if p, found := strings.CutPrefix(l, "STALLED "); found {
				go func() {
					for range lines {
					}
				}()
				return p
			}
		case <-deadline:
			t.Fatal("the child's bake never reached its write")
		}
	}
}

// bakeUntilKilled is the child: a shard on dir that starts a bake whose
// write stalls half-way (stallFS), and waits to be killed.
func bakeUntilKilled(t *testing.T, dir string) {
	cfg := testConfig(dir)
	srv, err := server.NewWithOptions(context.Background(), cfg, zerolog.Nop(),
		server.Options{BakeWorkers: 2, SWBFS: stallFS{out: os.Stdout}})
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Run(context.Background()) }()
	if _, err := srv.Command("cache save"); err != nil {
		t.Fatal(err)
	}
	select {} // until killed
}
