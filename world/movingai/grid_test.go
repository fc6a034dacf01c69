package movingai

import (
	"strings"
	"testing"
)

const smallMap = "type octile\nheight 3\nwidth 4\nmap\n.GS@\nOTW.\n....\n"

func TestParseMap(t *testing.T) {
	g, err := ParseMap(strings.NewReader(smallMap), "small.map")
	if err != nil {
		t.Fatal(err)
	}
	if g.Name != "small.map" || g.Width != 4 || g.Height != 3 || string(g.Cells) != ".GS@OTW....." {
		t.Fatalf("got %+v (cells %q)", g, g.Cells)
	}
	if g.At(2, 1) != 'W' || g.At(-1, 0) != '@' || g.At(4, 0) != '@' || g.At(0, 3) != '@' {
		t.Fatalf("At: %q %q %q %q", g.At(2, 1), g.At(-1, 0), g.At(4, 0), g.At(0, 3))
	}
	for _, c := range []struct {
		x, y int
		want bool
	}{{0, 0, true}, {1, 0, true}, {2, 0, true}, {3, 0, false}, {0, 1, false}, {1, 1, false}, {2, 1, false}, {3, 1, true}} {
		if got := g.Passable(c.x, c.y); got != c.want {
			t.Errorf("Passable(%d,%d) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}

// TestParseMapQuirks: CRLF endings, width before height, extra spaces,
// trailing blank lines all give the same grid.
func TestParseMapQuirks(t *testing.T) {
	want, err := ParseMap(strings.NewReader(smallMap), "a")
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"crlf":          strings.ReplaceAll(smallMap, "\n", "\r\n"),
		"width first":   "type octile\nwidth 4\nheight 3\nmap\n.GS@\nOTW.\n....\n",
		"spaces":        "type  octile \nheight\t3\nwidth 4  \nmap \n.GS@\nOTW.\n....",
		"trailing":      smallMap + "\n\r\n  \n",
		"no final eol":  strings.TrimSuffix(smallMap, "\n"),
		"crlf trailing": strings.ReplaceAll(smallMap, "\n", "\r\n") + "\r\n",
	} {
		g, err := ParseMap(strings.NewReader(text), "a")
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if g.Width != want.Width || g.Height != want.Height || string(g.Cells) != string(want.Cells) {
			t.Errorf("%s: got %dx%d %q", name, g.Width, g.Height, g.Cells)
		}
	}
}

func TestParseMapErrors(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "line 1: file ends inside the header"},
		{"type", "type grid\nheight 1\nwidth 1\nmap\n.\n", "line 1: header \"type grid\""},
		{"height word", "type octile\nheight x\nwidth 1\nmap\n.\n", "line 2: header \"height x\""},
		{"zero width", "type octile\nheight 1\nwidth 0\nmap\n.\n", "line 3: header \"width 0\""},
		{"huge", "type octile\nheight 1\nwidth 99999\nmap\n.\n", "line 3"},
		{"missing width", "type octile\nheight 1\nmap\n.\n", "line 3: \"map\" before"},
		{"missing type", "height 1\nwidth 1\nmap\n.\n", "line 3: \"map\" before"},
		{"unknown key", "type octile\nheight 1\nwidth 1\ncolour red\nmap\n.\n", "line 4: unknown header line"},
		{"blank header", "type octile\n\nheight 1\nwidth 1\nmap\n.\n", "line 2: blank line"},
		{"short row", "type octile\nheight 2\nwidth 3\nmap\n...\n..\n", "line 6: row 1 has 2 characters, want 3"},
		{"long row", "type octile\nheight 1\nwidth 3\nmap\n....\n", "line 5: row 0 has 4 characters, want 3"},
		{"unknown char", "type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n", "line 6: row 1 column 1: unknown map character 'x'"},
		{"missing rows", "type octile\nheight 3\nwidth 1\nmap\n.\n", "line 6: file ends after 1 of 3 rows"},
		{"extra text", "type octile\nheight 1\nwidth 1\nmap\n.\n.\n", "line 6: unexpected text"},
	} {
		_, err := ParseMap(strings.NewReader(c.text), "bad.map")
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "bad.map") {
			t.Errorf("%s: error %q, want it to name bad.map and contain %q", c.name, err, c.want)
		}
	}
}
