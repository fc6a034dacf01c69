package faults

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/rs/zerolog"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/server"
	"github.com/shardcore/shardcore/server/savefile"
)

// saveChildEnv names the dir a TestKilledMidSave child saves into.
const saveChildEnv = "SHARDCORE_FAULTS_SAVE_CHILD_DIR"

// TestKilledMidSave: a shard process killed (SIGKILL) while its background
// save writes (shard.saveEveryS = 1) leaves the last good save whole and
// readable, a half-written temporary beside it; a shard started on that
// folder restores the good save.
func TestKilledMidSave(t *testing.T) {
	t.Parallel()
	if dir := os.Getenv(saveChildEnv); dir != "" {
		saveUntilKilled(t, dir)
		return
	}
	dir := t.TempDir()
	cfg := saveConfig(dir)
	world(t, cfg) // the client files, before the child reads them
	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledMidSave$")
	cmd.Env = append(os.Environ(), saveChildEnv+"="+dir)
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
	if err := cmd.Process.Kill(); err != nil { // SIGKILL, while the second save writes
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if _, err := savefile.ReadFile(tmp); err == nil {
		t.Fatalf("the killed save's temporary %s reads as a save: it should be half-written", tmp)
	}
	good, err := savefile.ReadFile(cfg.Shard.SaveFile)
	if err != nil {
		t.Fatalf("the last good save: %v", err)
	}
	if maps, mobiles, _ := good.Counts(); maps != 1 || mobiles == 0 {
		t.Fatalf("the last good save holds %d maps, %d mobiles", maps, mobiles)
	}
	logs := &logBuf{}
	srv, err := server.NewWithOptions(t.Context(), cfg, zerolog.New(logs), server.Options{Unpaced: true, MaxTicks: 5})
	if err != nil {
		t.Fatal(err)
	}
	if logs.count("shard restored from its save") != 1 || srv.Ticks() != good.Tick {
		t.Fatalf("restored at tick %d, the save's %d:\n%s", srv.Ticks(), good.Tick, logs)
	}
	if err := srv.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// saveConfig is testConfig saving every second to dir/shard.save.
func saveConfig(dir string) config.Config {
	cfg := testConfig(dir)
	cfg.Shard.SaveFile = filepath.Join(dir, "shard.save")
	cfg.Shard.SaveEveryS = 1
	return cfg
}

// saveUntilKilled is the child: a shard on dir saving every second, whose
// first save is written whole and whose second stalls half-way, printing
// STALLED and the temporary's path, until killed.
func saveUntilKilled(t *testing.T, dir string) {
	cfg := saveConfig(dir)
	saves := 0
	stall := func(path string, b []byte) error {
		if saves++; saves == 1 {
			return savefile.WriteBytes(path, b)
		}
		tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp-*")
		if err != nil {
			return err
		}
		if _, err := tmp.Write(b[:len(b)/2]); err != nil {
			return err
		}
		tmp.Sync()
		fmt.Printf("STALLED %s\n", tmp.Name())
		select {} // until killed
	}
	srv, err := server.NewWithOptions(context.Background(), cfg, zerolog.Nop(), server.Options{SaveWrite: stall})
	if err != nil {
		t.Fatal(err)
	}
	_ = srv.Run(context.Background())
	select {}
}
