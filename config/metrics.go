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
	// serves nothing. Port 0 takes a free port (the shard logs which).
	Listen string `toml:"listen"`
}

// listenAddr checks that addr is "" or HOST:PORT: a numeric port 0..65535
// and a host that is empty (every interface), an IP address or a host name.
// Whether the address can be listened on is known only when the shard
// starts.
func (v *validator) listenAddr(key, addr string) {
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
