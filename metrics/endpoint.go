package metrics

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Handler serves the shard's series on /metrics (client_golang's
// exposition: text, OpenMetrics or protobuf as the scraper asks), the Go
// profiler on /debug/pprof/ (net/http/pprof's handlers on this mux only,
// not on http.DefaultServeMux), and a short index on /.
func (s *Shard) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(s.reg, promhttp.HandlerOpts{MaxRequestsInFlight: 4}))
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintln(w, "shardcore shard: /metrics (Prometheus), /debug/pprof/ (Go profiler)")
	})
	return mux
}

// Endpoint is an HTTP server on a listening address.
type Endpoint struct {
	ln   net.Listener
	srv  *http.Server
	done chan error
}

// Listen listens on addr (HOST:PORT) and serves h there until Close. An
// address that cannot be listened on (a port in use, a host that is not
// this machine's), or that listens beyond loopback unless remote, is an
// error naming it, returned before anything is served.
func Listen(addr string, h http.Handler, remote bool) (*Endpoint, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("metrics.listen = %q: cannot listen: %w", addr, err)
	}
	if ip, ok := ln.Addr().(*net.TCPAddr); ok && !ip.IP.IsLoopback() && !remote { // a host name taken for loopback that resolved elsewhere
		_ = ln.Close()
		return nil, fmt.Errorf("metrics.listen = %q listens on %s, not a loopback address: set metrics.allowRemote = true to serve the network", addr, ln.Addr())
	}
	e := &Endpoint{ln: ln, done: make(chan error, 1),
		srv: &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}}
	go func() { e.done <- e.srv.Serve(ln) }()
	return e, nil
}

// Addr is the address listened on (with the port taken when addr's was 0).
func (e *Endpoint) Addr() string { return e.ln.Addr().String() }

// Loopback reports whether the endpoint listens on a loopback address only.
func (e *Endpoint) Loopback() bool {
	ip, ok := e.ln.Addr().(*net.TCPAddr)
	return ok && ip.IP.IsLoopback()
}

// Close stops listening and waits, until ctx ends, for requests under way
// (a CPU profile runs for its seconds); then it closes what is left.
func (e *Endpoint) Close(ctx context.Context) error {
	err := e.srv.Shutdown(ctx)
	if err != nil {
		err = errors.Join(fmt.Errorf("metrics: shut down %s: %w", e.Addr(), err), e.srv.Close())
	}
	if serr := <-e.done; serr != nil && !errors.Is(serr, http.ErrServerClosed) {
		err = errors.Join(err, fmt.Errorf("metrics: serve %s: %w", e.Addr(), serr))
	}
	return err
}
