//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// stuckEnv makes the test binary a child that takes the interrupt context
// and then never returns, as a command stuck in a call that ignores it.
const stuckEnv = "SHARDCORE_INTERRUPT_CHILD"

// TestSecondInterruptEndsTheProcess: the first Ctrl-C cancels the
// command's context and says so; a second ends a process that does not stop
// (before, every further Ctrl-C was swallowed).
func TestSecondInterruptEndsTheProcess(t *testing.T) {
	if os.Getenv(stuckEnv) != "" {
		ctx, _ := interruptible(os.Stderr)
		os.Stdout.WriteString("READY\n")
		<-ctx.Done()
		os.Stdout.WriteString("CANCELLED\n")
		select {} // stuck: only the second interrupt ends it
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSecondInterruptEndsTheProcess$")
	cmd.Env = append(os.Environ(), stuckEnv+"=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	lines := bufio.NewScanner(out)
	expect := func(want string) {
		t.Helper()
		if !lines.Scan() || lines.Text() != want {
			t.Fatalf("child said %q, want %q (stderr %s)", lines.Text(), want, stderr.String())
		}
	}
	expect("READY")
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	expect("CANCELLED")
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGINT {
			t.Errorf("child ended with %v, want killed by SIGINT", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the second interrupt did not end the process")
	}
	if !strings.Contains(stderr.String(), "interrupt again to exit at once") {
		t.Errorf("stderr: %q", stderr.String())
	}
}
