// Package clustertest is a harness for tests of shards over several
// processes: an embedded NATS server with JetStream on a loopback port
// that can be stopped and started again on its store, a plan that writes
// small britannia maps and each process's config with moongates both ways
// between every pair of neighbouring maps, a driver that keeps leaders and
// their pets walking through the gates, shard processes run as children of
// the test binary (started, asked, stopped, killed), and the count of a
// finished run from the processes' saves. It owns no production code and
// is imported only by tests and the scale script's test.
package clustertest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// NATS is an embedded NATS server with JetStream, on a loopback port,
// keeping its streams in a folder so that it can stop and start again
// with them.
type NATS struct {
	opts *natsserver.Options
	srv  *natsserver.Server
}

// StartNATS starts a NATS server with JetStream on a free loopback port,
// its store under dir.
func StartNATS(dir string) (*NATS, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	n := &NATS{opts: &natsserver.Options{Host: "127.0.0.1", Port: port, JetStream: true, StoreDir: dir,
		NoLog: true, NoSigs: true}}
	return n, n.Start()
}

// Start starts the server (again, on the same port and store).
func (n *NATS) Start() error {
	if n.srv != nil {
		return errors.New("clustertest: NATS is running")
	}
	srv, err := natsserver.NewServer(n.opts)
	if err != nil {
		return fmt.Errorf("clustertest: NATS: %w", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		return errors.New("clustertest: NATS did not start in 10 s")
	}
	n.srv = srv
	return nil
}

// Stop stops the server; its streams stay in its store.
func (n *NATS) Stop() {
	if n.srv == nil {
		return
	}
	n.srv.Shutdown()
	n.srv.WaitForShutdown()
	n.srv = nil
}

// URL is the server's client URL.
func (n *NATS) URL() string { return "nats://127.0.0.1:" + strconv.Itoa(n.opts.Port) }

// StreamMsgs returns how many messages the stream holds (a work queue: the
// transfers not yet acknowledged by the process of their map).
func (n *NATS) StreamMsgs(ctx context.Context, stream string) (uint64, error) {
	nc, err := nats.Connect(n.URL())
	if err != nil {
		return 0, err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return 0, err
	}
	s, err := js.Stream(ctx, stream)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	info, err := s.Info(ctx)
	if err != nil {
		return 0, err
	}
	return info.State.Msgs, nil
}
