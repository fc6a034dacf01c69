package server

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shardcore/shardcore/config"
)

func TestLoggerFormatChoice(t *testing.T) {
	cases := []struct {
		format  string
		tty     bool
		console bool
	}{
		{"auto", false, false}, {"auto", true, true},
		{"json", true, false}, {"json", false, false},
		{"console", false, true}, {"console", true, true},
	}
	for _, c := range cases {
		var b bytes.Buffer
		l, err := newLogger(config.Log{Level: "info", Format: c.format}, &b, c.tty)
		if err != nil {
			t.Fatal(err)
		}
		l.Info().Int("ticks", 7).Msg("hello")
		line := b.String()
		var m map[string]any
		isJSON := json.Unmarshal([]byte(line), &m) == nil
		if isJSON == c.console {
			t.Errorf("format %s tty %v: got %q, want console=%v", c.format, c.tty, line, c.console)
		}
		if isJSON {
			if m["message"] != "hello" || m["level"] != "info" || m["ticks"] != 7.0 || m["time"] == nil {
				t.Errorf("JSON line %q lacks message, level, field or time", line)
			}
		} else if !strings.Contains(line, "hello") || !strings.Contains(line, "ticks=") || !strings.HasSuffix(line, "7\n") {
			t.Errorf("console line %q lacks message or field", line)
		}
		if !c.tty && strings.Contains(line, "\x1b[") {
			t.Errorf("colour codes written to a non-terminal: %q", line)
		}
	}
}

func TestLoggerLevels(t *testing.T) {
	for _, c := range []struct {
		level string
		want  string // which of debug, info, warn, error get through
	}{{"debug", "DIWE"}, {"info", "IWE"}, {"warn", "WE"}, {"error", "E"}} {
		var b bytes.Buffer
		l, err := newLogger(config.Log{Level: c.level, Format: "json"}, &b, false)
		if err != nil {
			t.Fatal(err)
		}
		l.Debug().Msg("D")
		l.Info().Msg("I")
		l.Warn().Msg("W")
		l.Error().Msg("E")
		var got string
		for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
			var m map[string]any
			if err := json.Unmarshal([]byte(line), &m); err == nil {
				got += m["message"].(string)
			}
		}
		if got != c.want {
			t.Errorf("level %s logged %q, want %q", c.level, got, c.want)
		}
	}
}

func TestLoggerRejectsBadSettings(t *testing.T) {
	for _, cfg := range []config.Log{{Level: "loud", Format: "json"}, {Level: "info", Format: "xml"}, {}} {
		if _, err := newLogger(cfg, io.Discard, false); err == nil {
			t.Errorf("newLogger(%+v) accepted bad settings", cfg)
		}
	}
	if _, err := NewLogger(config.Default().Log, nil); err == nil {
		t.Error("NewLogger(nil file) succeeded")
	}
}

func TestNewLoggerOnFileIsJSON(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "log.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := NewLogger(config.Default().Log, f)
	if err != nil {
		t.Fatal(err)
	}
	l.Warn().Str("map", "Felucca").Msg("stale .swb")
	data, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil || m["map"] != "Felucca" {
		t.Errorf("file got %q (%v), want one JSON line", data, err)
	}
}

func TestJSONLoggerDoesNotAllocate(t *testing.T) {
	l, err := newLogger(config.Log{Level: "info", Format: "json"}, io.Discard, false)
	if err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(200, func() {
		l.Info().Int("tick", 42).Float64("p99ms", 3.5).Str("phase", "path").Msg("tick")
		l.Debug().Int("dropped", 1).Msg("below level")
	})
	if allocs != 0 {
		t.Errorf("JSON log event: %.1f allocs, want 0", allocs)
	}
}

func BenchmarkLogger(b *testing.B) {
	for _, format := range []string{"json", "console"} {
		b.Run(format, func(b *testing.B) {
			l, err := newLogger(config.Log{Level: "info", Format: format}, io.Discard, false)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				l.Info().Int("tick", 42).Str("phase", "path").Msg("tick")
			}
		})
	}
}
