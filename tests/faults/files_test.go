package faults

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/server"
)

// startOnSeed starts a shard whose cache dir holds a valid .swb (opened at
// boot) and returns it with its stats once it has read from the file.
func startOnSeed(t *testing.T, cfg config.Config, opts server.Options) (*shard, stats) {
	t.Helper()
	seedSWB(t, cfg, swbPath(cfg))
	return startServing(t, cfg, opts)
}

// startServing starts a shard on a cache dir that holds a valid .swb and
// returns it with its stats once it has read from the file.
func startServing(t *testing.T, cfg config.Config, opts server.Options) (*shard, stats) {
	t.Helper()
	h := startShard(t, cfg, opts)
	if h.logs.count(`"message":"swb opened"`) != 1 {
		t.Fatalf("the seed file did not open:\n%s", h.logs)
	}
	st := h.until(func(st stats) bool { return st.loaded > 0 && st.verified > 0 }, "reads from the file")
	if !st.attached || st.mismatches != 0 {
		t.Fatalf("the shard should serve its file: %+v", st)
	}
	return h, st
}

// TestOverwrittenInPlace: another bake of the same world (other records at
// other offsets) copied over the open file in place, as cp does, while the
// shard keeps reading it: reads of the changed bytes fail their checksums
// (or fault past the truncation) and are built live; the new file is
// reopened once it has settled.
func TestOverwrittenInPlace(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t.TempDir())
	h, before := startOnSeed(t, cfg, server.Options{})
	other := filepath.Join(t.TempDir(), "map0.swb")
	_, want := world(t, cfg)
	rewrite(t, swbPath(cfg), other, func(cx, cy int) bool { return (cx+cy)%3 != 0 }, 0, want.Fingerprint)
	copyInPlace(t, other, swbPath(cfg))
	h.waitLog("reopened the new file", 1)
	st := h.checkTicking(before)
	if !st.attached || h.logs.count("refused") != 0 || h.logs.count("bake started") != 0 {
		t.Fatalf("the new file should be attached without a rebake: %+v\n%s", st, h.logs)
	}
	h.stop()
	t.Logf("corrupt reads %d", st.corrupt)
	if !checkFile(t, swbPath(cfg), want) {
		t.Fatal("file gone")
	}
}

// TestTruncatedToHalf: the open file cut to half its size: reads past the
// cut fault and are recovered, the cut file is refused when reopened, the
// map is rebaked in the background and the new file attached.
func TestTruncatedToHalf(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t.TempDir())
	h, before := startOnSeed(t, cfg, server.Options{})
	fi, err := os.Stat(swbPath(cfg))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(swbPath(cfg), fi.Size()/2); err != nil {
		t.Fatal(err)
	}
	h.waitLog("the new file is refused (corrupt header or index)", 1)
	h.checkTicking(before)
	h.waitLog(`"message":"bake written"`, 1)
	st := h.checkTicking(before)
	if !st.attached {
		t.Fatalf("the rebaked file is not attached: %+v\n%s", st, h.logs)
	}
	h.stop()
	_, want := world(t, cfg)
	if !checkFile(t, swbPath(cfg), want) {
		t.Fatal("no file after the rebake")
	}
}

// TestDeleted: the open file deleted: detached, chunks build live; the map
// is not in prebakeMaps, so (as at boot) it is not rebaked.
func TestDeleted(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t.TempDir())
	h, before := startOnSeed(t, cfg, server.Options{})
	if err := os.Remove(swbPath(cfg)); err != nil {
		t.Fatal(err)
	}
	h.waitLog("swb deleted under the shard; chunks build live on demand", 1)
	st := h.checkTicking(before)
	if st.attached || h.logs.count("bake started") != 0 {
		t.Fatalf("a deleted file should leave live builds, no bake: %+v\n%s", st, h.logs)
	}
	h.stop()
	_, want := world(t, cfg)
	if checkFile(t, swbPath(cfg), want) {
		t.Fatal("the deleted file is back")
	}
}

// TestReplacedByAnotherMapsFile: another map's file renamed over the path
// (as mv does) is refused as baked for another map and rebaked.
func TestReplacedByAnotherMapsFile(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t.TempDir())
	h, before := startOnSeed(t, cfg, server.Options{})
	_, want := world(t, cfg)
	rewrite(t, swbPath(cfg), swbPath(cfg), all, 1, want.Fingerprint)
	h.waitLog("the new file is refused (baked for another map)", 1)
	h.waitLog(`"message":"bake written"`, 1)
	if st := h.checkTicking(before); !st.attached {
		t.Fatalf("the rebaked file is not attached: %+v\n%s", st, h.logs)
	}
	h.stop()
	if !checkFile(t, swbPath(cfg), want) {
		t.Fatal("no file after the rebake")
	}
}

// TestReplacedByAnotherWorldsFile: a file baked from other client files (its
// fingerprint differs) copied over the path in place is refused as stale
// and rebaked.
func TestReplacedByAnotherWorldsFile(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t.TempDir())
	h, before := startOnSeed(t, cfg, server.Options{})
	_, want := world(t, cfg)
	other := filepath.Join(t.TempDir(), "map0.swb")
	rewrite(t, swbPath(cfg), other, all, 0, want.Fingerprint^1)
	copyInPlace(t, other, swbPath(cfg))
	h.waitLog("the new file is refused (stale fingerprint", 1)
	h.waitLog(`"message":"bake written"`, 1)
	if st := h.checkTicking(before); !st.attached {
		t.Fatalf("the rebaked file is not attached: %+v\n%s", st, h.logs)
	}
	h.stop()
	if !checkFile(t, swbPath(cfg), want) {
		t.Fatal("no file after the rebake")
	}
}

// TestMadeUnreadable: the open file's permissions removed: the shard keeps
// serving from the file it holds open (its bytes did not change).
func TestMadeUnreadable(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t.TempDir())
	h, before := startOnSeed(t, cfg, server.Options{})
	if err := os.Chmod(swbPath(cfg), 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(swbPath(cfg), 0o644)
	h.churn(1500 * time.Millisecond) // past a check period
	st := h.checkTicking(before)
	if !st.attached || st.loaded <= before.loaded || h.logs.count("changed under the shard") != 0 {
		t.Fatalf("the open file should keep serving: %+v\n%s", st, h.logs)
	}
	h.stop()
	if err := os.Chmod(swbPath(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	_, want := world(t, cfg)
	checkFile(t, swbPath(cfg), want)
}
