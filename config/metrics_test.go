package config

import (
	"strings"
	"testing"
)

// TestMetricsListen: metrics.listen is off by default, accepts HOST:PORT
// (an IP, a host name, an IPv6 literal, every interface, port 0, with
// allowRemote), and refuses anything else naming the key, its line and the
// form wanted.
func TestMetricsListen(t *testing.T) {
	if d := Default().Metrics.Listen; d != "" {
		t.Errorf("default metrics.listen = %q, want off", d)
	}
	for _, ok := range []string{"127.0.0.1:9464", ":9464", "localhost:9464", "[::1]:9464", "0.0.0.0:0", "metrics.example.internal:80"} {
		cfg, err := Decode([]byte("[metrics]\nlisten = \""+ok+"\"\nallowRemote = true\n"), "server.toml")
		if err != nil {
			t.Errorf("%q: %v", ok, err)
		} else if cfg.Metrics.Listen != ok {
			t.Errorf("%q decoded as %q", ok, cfg.Metrics.Listen)
		}
	}
	for bad, frag := range map[string]string{
		"9464":             "missing port",
		"127.0.0.1":        "missing port",
		"127.0.0.1:http":   `port "http"`,
		"127.0.0.1:70000":  `port "70000"`,
		"127.0.0.1:-1":     `port "-1"`,
		"bad_host!:9464":   `host "bad_host!"`,
		"::1:9464":         "too many colons",
		"http://host:9464": "too many colons",
	} {
		e := one(t, "[metrics]\nlisten = \""+bad+"\"\n")
		wantErr(t, e, KindRange, "metrics.listen", 2, frag, `HOST:PORT such as "127.0.0.1:9464"`)
	}
	e := one(t, "[metrics]\nlistn = \":1\"\n")
	if !strings.Contains(e.Msg, `did you mean "metrics.listen"`) {
		t.Errorf("unknown key message %q: want the suggestion", e.Msg)
	}
	e = one(t, "[metrics]\nlisten = 9464\n")
	wantErr(t, e, KindType, "metrics.listen", 2, "wrong type: got integer, want string")
}

// TestMetricsRemoteNeedsAllowRemote: an address beyond loopback (every
// interface, another host) is refused naming what it exposes and the key
// that allows it, unless metrics.allowRemote = true; loopback addresses
// need nothing (before, ":19466" served pprof to the network and config
// check said ok).
func TestMetricsRemoteNeedsAllowRemote(t *testing.T) {
	if Default().Metrics.AllowRemote {
		t.Error("allowRemote on by default")
	}
	for _, addr := range []string{"127.0.0.1:9464", "127.1.2.3:0", "localhost:9464", "LOCALHOST.:9464", "[::1]:9464"} {
		if _, err := Decode([]byte("[metrics]\nlisten = \""+addr+"\"\n"), "server.toml"); err != nil {
			t.Errorf("loopback %q: %v", addr, err)
		}
	}
	for addr, where := range map[string]string{":19466": "every interface", "0.0.0.0:9464": "every interface", "[::]:9464": "every interface",
		"10.0.0.5:9464": `host "10.0.0.5"`, "metrics.example.internal:80": `host "metrics.example.internal"`} {
		e := one(t, "[metrics]\nlisten = \""+addr+"\"\n")
		wantErr(t, e, KindRange, "metrics.listen", 2, where, "/debug/pprof/", "metrics.allowRemote = true")
	}
}
