package config

import (
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
)

// Metrics is the [metrics] table: the endpoint a monitoring stack scrapes.
type Metrics struct {
	// Listen is the HOST:PORT the shard serves Prometheus metrics
	// (/metrics) and the Go profiler (/debug/pprof/) on while it runs; ""
	// serves nothing. Port 0 takes a free port (the shard logs which). It
	// must be a loopback address (127.0.0.1, [::1], localhost) unless
	// AllowRemote is set: the profiler shows the process's memory and
	// command line to whoever reaches it.
	Listen string `toml:"listen"`
	// AllowRemote lets Listen be any address: every interface (":9464",
	// "0.0.0.0:9464") or a host's. Off, such an address is an error.
	AllowRemote bool `toml:"allowRemote"`
}

// Loopback reports whether host (of a HOST:PORT) is a loopback address:
// "localhost", or an IP address in 127.0.0.0/8 or ::1. The empty host,
// every interface, is not.
func Loopback(host string) bool {
	if strings.EqualFold(strings.TrimSuffix(host, "."), "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// listenAddr checks that addr is "" or HOST:PORT: a numeric port 0..65535
// and a host that is empty (every interface), an IP address or a host name,
// loopback unless remote is allowed. Whether the address can be listened
// on is known only when the shard starts.
func (v *validator) listenAddr(key, addr string, remote bool) {
	if addr == "" {
		return
	}
	bad := func(why string) {
		v.add(key, fmt.Sprintf("%s = %q: %s; want HOST:PORT such as \"127.0.0.1:9464\" or \":9464\" (every interface), or \"\" for off",
			key, addr, why))
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		var ae *net.AddrError
		if errors.As(err, &ae) {
			bad(ae.Err)
		} else {
			bad(err.Error())
		}
		return
	}
	if n, err := strconv.Atoi(port); err != nil || strings.TrimLeft(port, "0123456789") != "" || n > 65535 {
		bad(fmt.Sprintf("port %q is not a number 0..65535", port))
		return
	}
	if host != "" && net.ParseIP(host) == nil && !isHostName(host) {
		bad(fmt.Sprintf("host %q is neither an IP address nor a host name", host))
		return
	}
	if !remote && !Loopback(host) {
		where := fmt.Sprintf("host %q", host)
		if host == "" || net.ParseIP(host) != nil && net.ParseIP(host).IsUnspecified() {
			where = "every interface"
		}
		v.add(key, fmt.Sprintf("%s = %q: serves /metrics and the Go profiler (/debug/pprof/: memory, command line) on %s, beyond this machine; listen on a loopback address such as \"127.0.0.1:9464\", or set metrics.allowRemote = true to serve the network",
			key, addr, where))
	}
}

// isHostName reports whether s is a syntactically valid DNS host name:
// dot-separated labels of 1..63 letters, digits and inner hyphens, at most
// 253 characters.
func isHostName(s string) bool {
	if len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(strings.TrimSuffix(s, "."), ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if !(r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
				return false
			}
		}
	}
	return true
}
