package movingai

import (
	"fmt"
	"io"
	"math"
	"path"
	"strconv"
	"strings"
)

// Scenario is one problem of a .scen file.
type Scenario struct {
	Bucket int
	// Map is the map's file name without any folder (resolve it by name:
	// the column's folder prefix is not reliable).
	Map            string
	Width, Height  int
	StartX, StartY int
	GoalX, GoalY   int
	Optimal        float64 // octile length, no corner cutting
	// Decimals is the most digits after the point of any length in the
	// file (2 for bg512, 5 elsewhere): the file's precision.
	Decimals int
	Line     int // line of the .scen file it came from
}

// RelTolerance and AbsTolerance are how close a length must be to the
// file's optimum (PROVENANCE.md): relative for files giving lengths to 3 or
// more decimals, absolute (half a unit of the last place) for files of 2
// decimals or fewer such as bg512.
const (
	RelTolerance = 1e-4
	AbsTolerance = 0.005
)

// roundingSlack absorbs floating-point noise in a length summed from √2
// steps when a rounded optimum sits exactly half a unit away.
const roundingSlack = 1e-9

// Tolerance is the allowed difference between a computed length and
// s.Optimal: AbsTolerance for files of 2 decimals or fewer, else
// RelTolerance times the optimum (times 1 for optima below 1).
func (s Scenario) Tolerance() float64 {
	if s.Decimals <= 2 {
		return AbsTolerance + roundingSlack
	}
	return RelTolerance * math.Max(s.Optimal, 1)
}

// IsOptimal reports whether length matches s.Optimal within Tolerance.
func (s Scenario) IsOptimal(length float64) bool {
	return math.Abs(length-s.Optimal) <= s.Tolerance()
}

// ParseScen reads a .scen file: a "version 1" (or "version 1.0") line, then
// one scenario per line of 9 fields separated by tabs or spaces (bucket, map
// path, width, height, start x, start y, goal x, goal y, optimal length).
// Blank lines are skipped and CRLF endings accepted. name labels errors.
func ParseScen(r io.Reader, name string) ([]Scenario, error) {
	lr := newLineReader(r)
	var out []Scenario
	sawVersion := false
	for {
		s, ok, err := lr.next()
		if err != nil {
			return nil, fmt.Errorf("movingai: %s: %w", name, err)
		}
		if !ok {
			break
		}
		f := strings.Fields(s)
		if len(f) == 0 {
			continue
		}
		if !sawVersion {
			if len(f) != 2 || f[0] != "version" {
				return nil, fmt.Errorf("movingai: %s: line %d: want \"version 1\", got %q", name, lr.line, s)
			}
			if v, err := strconv.ParseFloat(f[1], 64); err != nil || v != 1 {
				return nil, fmt.Errorf("movingai: %s: line %d: unsupported version %q (want 1)", name, lr.line, f[1])
			}
			sawVersion = true
			continue
		}
		sc, err := parseScenLine(f)
		if err != nil {
			return nil, fmt.Errorf("movingai: %s: line %d: %w", name, lr.line, err)
		}
		sc.Line = lr.line
		out = append(out, sc)
	}
	if !sawVersion {
		return nil, fmt.Errorf("movingai: %s: no \"version\" line", name)
	}
	prec := 0
	for _, sc := range out {
		prec = max(prec, sc.Decimals)
	}
	for i := range out {
		out[i].Decimals = prec
	}
	return out, nil
}

// parseScenLine parses the 9 fields of one scenario line.
func parseScenLine(f []string) (Scenario, error) {
	if len(f) != 9 {
		return Scenario{}, fmt.Errorf("%d fields, want 9 (bucket map width height sx sy gx gy length)", len(f))
	}
	var n [7]int
	cols := [7]int{0, 2, 3, 4, 5, 6, 7}
	names := [7]string{"bucket", "width", "height", "start x", "start y", "goal x", "goal y"}
	for i, c := range cols {
		v, err := strconv.Atoi(f[c])
		if err != nil || v < 0 {
			return Scenario{}, fmt.Errorf("%s %q is not a non-negative integer", names[i], f[c])
		}
		n[i] = v
	}
	opt, err := strconv.ParseFloat(f[8], 64)
	if err != nil || opt < 0 || math.IsInf(opt, 0) || math.IsNaN(opt) {
		return Scenario{}, fmt.Errorf("optimal length %q is not a finite non-negative number", f[8])
	}
	sc := Scenario{Bucket: n[0], Map: mapName(f[1]), Width: n[1], Height: n[2],
		StartX: n[3], StartY: n[4], GoalX: n[5], GoalY: n[6], Optimal: opt, Decimals: decimals(f[8])}
	if sc.Map == "" || sc.Map == "." || sc.Map == ".." {
		return Scenario{}, fmt.Errorf("map path %q has no file name", f[1])
	}
	if sc.StartX >= sc.Width || sc.GoalX >= sc.Width || sc.StartY >= sc.Height || sc.GoalY >= sc.Height {
		return Scenario{}, fmt.Errorf("start (%d,%d) or goal (%d,%d) outside the %dx%d map",
			sc.StartX, sc.StartY, sc.GoalX, sc.GoalY, sc.Width, sc.Height)
	}
	return sc, nil
}

// mapName is the file name of a map path with '/' or '\' separators.
func mapName(p string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	if strings.HasSuffix(p, "/") {
		return ""
	}
	return path.Base(p)
}

// decimals counts the digits after the decimal point of a number's text.
func decimals(s string) int {
	i := strings.IndexByte(s, '.')
	if i < 0 {
		return 0
	}
	n := 0
	for _, c := range s[i+1:] {
		if c < '0' || c > '9' {
			break
		}
		n++
	}
	return n
}
