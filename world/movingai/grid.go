package movingai

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// MaxSide is the largest width or height ParseMap accepts.
const MaxSide = 1 << 14

// maxLine bounds one line of a .map or .scen file.
const maxLine = 1 << 20

// Grid is one parsed .map: Width×Height cells, row-major, each the map's
// character ('.', 'G', 'S', '@', 'O', 'T' or 'W').
type Grid struct {
	Name          string // as given to ParseMap (usually the file name)
	Width, Height int
	Cells         []byte // len Width*Height; cell (x, y) at y*Width+x
}

// At returns the character of cell (x, y), or '@' (out of bounds) off the grid.
func (g *Grid) At(x, y int) byte {
	if x < 0 || y < 0 || x >= g.Width || y >= g.Height {
		return '@'
	}
	return g.Cells[y*g.Width+x]
}

// Passable reports whether a walker may stand on (x, y): '.', 'G' or 'S'.
func (g *Grid) Passable(x, y int) bool { return Walkable(g.At(x, y)) }

// Walkable reports whether a map character is passable for walkers.
func Walkable(c byte) bool { return c == '.' || c == 'G' || c == 'S' }

// known reports whether c is one of the benchmark's map characters.
func known(c byte) bool {
	switch c {
	case '.', 'G', 'S', '@', 'O', 'T', 'W':
		return true
	}
	return false
}

// lineReader yields lines with '\r' stripped and counts them from 1.
type lineReader struct {
	sc   *bufio.Scanner
	line int
}

func newLineReader(r io.Reader) *lineReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	return &lineReader{sc: sc}
}

// next returns the next line; ok is false at the end (err says why if not EOF).
func (lr *lineReader) next() (s string, ok bool, err error) {
	if !lr.sc.Scan() {
		if err := lr.sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				return "", false, fmt.Errorf("line %d: longer than %d bytes: %w", lr.line+1, maxLine, err)
			}
			return "", false, fmt.Errorf("line %d: %w", lr.line+1, err)
		}
		return "", false, nil
	}
	lr.line++
	return strings.TrimRight(lr.sc.Text(), "\r"), true, nil
}

// ParseMap reads a .map file: the header lines "type octile", "height H",
// "width W" (height and width in either order) and "map", then H rows of
// exactly W characters. Line endings may be LF or CRLF; blank lines after the
// last row are ignored. name labels errors and the Grid.
func ParseMap(r io.Reader, name string) (*Grid, error) {
	lr := newLineReader(r)
	g := &Grid{Name: name}
	if err := parseHeader(lr, g); err != nil {
		return nil, fmt.Errorf("movingai: %s: %w", name, err)
	}
	// Grow with the input rather than trusting the header's size.
	g.Cells = make([]byte, 0, min(g.Width*g.Height, 1<<20))
	for y := 0; y < g.Height; y++ {
		row, ok, err := lr.next()
		if err != nil {
			return nil, fmt.Errorf("movingai: %s: %w", name, err)
		}
		if !ok {
			return nil, fmt.Errorf("movingai: %s: line %d: file ends after %d of %d rows", name, lr.line+1, y, g.Height)
		}
		if len(row) != g.Width {
			return nil, fmt.Errorf("movingai: %s: line %d: row %d has %d characters, want %d", name, lr.line, y, len(row), g.Width)
		}
		for x := 0; x < len(row); x++ {
			if !known(row[x]) {
				return nil, fmt.Errorf("movingai: %s: line %d: row %d column %d: unknown map character %q", name, lr.line, y, x, row[x])
			}
		}
		g.Cells = append(g.Cells, row...)
	}
	for {
		s, ok, err := lr.next()
		if err != nil {
			return nil, fmt.Errorf("movingai: %s: %w", name, err)
		}
		if !ok {
			return g, nil
		}
		if strings.TrimSpace(s) != "" {
			return nil, fmt.Errorf("movingai: %s: line %d: unexpected text after the %d map rows", name, lr.line, g.Height)
		}
	}
}

// parseHeader reads the four header lines into g's size.
func parseHeader(lr *lineReader, g *Grid) error {
	g.Width, g.Height = -1, -1
	sawType := false
	for {
		s, ok, err := lr.next()
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("line %d: file ends inside the header (want type, height, width, map)", lr.line+1)
		}
		f := strings.Fields(s)
		if len(f) == 0 {
			return fmt.Errorf("line %d: blank line in the header", lr.line)
		}
		switch f[0] {
		case "type":
			if len(f) != 2 || f[1] != "octile" {
				return fmt.Errorf("line %d: header %q: want \"type octile\"", lr.line, s)
			}
			sawType = true
		case "height", "width":
			if len(f) != 2 {
				return fmt.Errorf("line %d: header %q: want \"%s N\"", lr.line, s, f[0])
			}
			n, err := strconv.Atoi(f[1])
			if err != nil || n <= 0 || n > MaxSide {
				return fmt.Errorf("line %d: header %q: %s must be an integer in 1..%d", lr.line, s, f[0], MaxSide)
			}
			if f[0] == "height" {
				g.Height = n
			} else {
				g.Width = n
			}
		case "map":
			if len(f) != 1 {
				return fmt.Errorf("line %d: header %q: want \"map\"", lr.line, s)
			}
			if !sawType || g.Width < 0 || g.Height < 0 {
				return fmt.Errorf("line %d: \"map\" before type, height and width were all given", lr.line)
			}
			return nil
		default:
			return fmt.Errorf("line %d: unknown header line %q", lr.line, s)
		}
	}
}
