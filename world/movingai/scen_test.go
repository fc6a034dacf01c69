package movingai

import (
	"strings"
	"testing"
)

const tabScen = "version 1\n" +
	"0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n" +
	"1\tmaps/dao/arena.map\t49\t49\t1\t12\t4\t10\t4.82842712\n"

func TestParseScen(t *testing.T) {
	got, err := ParseScen(strings.NewReader(tabScen), "arena.map.scen")
	if err != nil {
		t.Fatal(err)
	}
	want := []Scenario{
		{Bucket: 0, Map: "arena.map", Width: 49, Height: 49, StartX: 1, StartY: 11, GoalX: 1, GoalY: 12, Optimal: 1, Decimals: 8, Line: 2},
		{Bucket: 1, Map: "arena.map", Width: 49, Height: 49, StartX: 1, StartY: 12, GoalX: 4, GoalY: 10, Optimal: 4.82842712, Decimals: 8, Line: 3},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d scenarios, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("scenario %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestParseScenQuirks: every quirk of the benchmark files gives the same
// scenarios (apart from the line numbers and precision).
func TestParseScenQuirks(t *testing.T) {
	for name, text := range map[string]string{
		"version 1.0":  strings.Replace(tabScen, "version 1\n", "version 1.0\n", 1),
		"spaces":       strings.ReplaceAll(tabScen, "\t", " "),
		"mixed":        strings.ReplaceAll(tabScen, "\t", " \t  "),
		"crlf":         strings.ReplaceAll(tabScen, "\n", "\r\n"),
		"blank lines":  strings.Replace(tabScen, "\n", "\n\n  \n\r\n", 2) + "\n\n",
		"no prefix":    strings.ReplaceAll(tabScen, "maps/dao/", ""),
		"backslash":    strings.ReplaceAll(tabScen, "maps/dao/", `maps\dao\`),
		"bgmaps dir":   strings.ReplaceAll(tabScen, "maps/dao/", "maps/bgmaps/"),
		"no final eol": strings.TrimSuffix(tabScen, "\n"),
	} {
		got, err := ParseScen(strings.NewReader(text), "q.scen")
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(got) != 2 {
			t.Errorf("%s: %d scenarios, want 2", name, len(got))
			continue
		}
		for i, s := range got {
			if s.Map != "arena.map" || s.Width != 49 || s.Height != 49 || s.StartX != 1 {
				t.Errorf("%s: scenario %d = %+v", name, i, s)
			}
		}
		if got[1].Optimal != 4.82842712 || got[1].GoalX != 4 || got[1].GoalY != 10 || got[1].Bucket != 1 {
			t.Errorf("%s: second scenario %+v", name, got[1])
		}
	}
}

func TestParseScenTolerance(t *testing.T) {
	bg := "version 1.0\n61 maps/bgmaps/AR0011SR.map 512 512 210 395 87 201 244.95\n" +
		"33 maps/bgmaps/AR0011SR.map 512 512 244 370 359 376 132.40\n"
	s, err := ParseScen(strings.NewReader(bg), "bg.scen")
	if err != nil {
		t.Fatal(err)
	}
	if s[0].Decimals != 2 || s[1].Optimal != 132.4 {
		t.Fatalf("got %+v", s)
	}
	// 2-decimal files: 0.005 absolute.
	if !s[0].IsOptimal(244.954) || !s[0].IsOptimal(244.946) || s[0].IsOptimal(244.97) {
		t.Errorf("bg512 tolerance wrong: %v", s[0].Tolerance())
	}
	ok, err := ParseScen(strings.NewReader(tabScen), "t.scen")
	if err != nil {
		t.Fatal(err)
	}
	// 8-decimal files: 1e-4 relative.
	o := ok[1].Optimal
	if !ok[1].IsOptimal(o*(1+0.9e-4)) || ok[1].IsOptimal(o*(1+2e-4)) || ok[1].IsOptimal(o-0.005) {
		t.Errorf("relative tolerance wrong: %v", ok[1].Tolerance())
	}
}

func TestParseScenErrors(t *testing.T) {
	line := "0\ta.map\t10\t10\t1\t1\t2\t2\t1.41421\n"
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "no \"version\" line"},
		{"no version", line, "line 1: want \"version 1\""},
		{"version 2", "version 2\n" + line, "line 1: unsupported version"},
		{"few fields", "version 1\n0 a.map 10 10 1 1 2 2\n", "line 2: 8 fields, want 9"},
		{"bad int", "version 1\n0 a.map 10 ten 1 1 2 2 1\n", "line 2: height \"ten\""},
		{"negative", "version 1\n\n0 a.map 10 10 -1 1 2 2 1\n", "line 3: start x \"-1\""},
		{"bad length", "version 1\n0 a.map 10 10 1 1 2 2 NaN\n", "line 2: optimal length"},
		{"outside", "version 1\n0 a.map 10 10 1 1 10 2 9\n", "line 2: start (1,1) or goal (10,2) outside the 10x10 map"},
		{"no name", "version 1\n0 maps/ 10 10 1 1 2 2 1\n", "line 2: map path \"maps/\" has no file name"},
	} {
		_, err := ParseScen(strings.NewReader(c.text), "bad.scen")
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "bad.scen") {
			t.Errorf("%s: error %q, want it to name bad.scen and contain %q", c.name, err, c.want)
		}
	}
}
