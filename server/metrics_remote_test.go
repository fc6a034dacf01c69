package server

import (
	"strings"
	"testing"
)

// TestMetricsBeyondLoopback: metrics.listen on every interface is refused
// by New unless metrics.allowRemote (it used to serve pprof to the network
// with one info line); allowed, it listens with a warning saying what is
// open.
func TestMetricsBeyondLoopback(t *testing.T) {
	cfg := testConfig(t.TempDir())
	cfg.Metrics.Listen = ":0"
	if err := newErr(cfg); err == nil || !strings.Contains(err.Error(), "metrics.allowRemote = true") {
		t.Fatalf("every interface without allowRemote: %v", err)
	}
	cfg.Metrics.AllowRemote = true
	s, logs := newTestServer(t, cfg, Options{})
	defer s.Close()
	if s.MetricsAddr() == "" || logs.count("metrics listening beyond loopback") != 1 || logs.count(`"level":"warn"`) < 1 {
		t.Errorf("allowed: addr %q, log:\n%s", s.MetricsAddr(), logs)
	}
}
