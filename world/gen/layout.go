package gen

import "math"

// layout is where the features of a W×H world go. Everything scales with
// the map except the town, houses and sewer, which have fixed sizes.
type layout struct {
	w, h int

	oceanW int // coast line base x
	beachW int

	riverX, riverW, riverAmp int
	riverPeriod, riverPhase  float64
	bridgeY                  [2]int // first row of each 3-row bridge

	hillX, hillY, hillR       int
	lakeX, lakeY, lakeR       int
	forestX, forestY, forestR int

	townX, townY int // town centre
	townW, townH int
}

const (
	townW = 96
	townH = 80
)

func newLayout(w, h int, seed uint64) layout {
	l := layout{w: w, h: h}
	m := min(w, h)
	l.oceanW = max(64, w/8)
	l.beachW = 6
	l.riverX = l.oceanW + (w-l.oceanW)/2
	l.riverW = max(8, min(16, w/96))
	l.riverAmp = l.riverW/2 + 2
	l.riverPeriod = 280
	l.riverPhase = unit(mix(seed^0x51)) * 2 * math.Pi
	l.bridgeY = [2]int{h / 3, 2 * h / 3}
	l.hillX = l.riverX + (w-l.riverX)/2
	l.hillY = h / 3
	l.hillR = m * 12 / 100
	l.lakeX = l.hillX
	l.lakeY = h * 7 / 10
	l.lakeR = m * 7 / 100
	l.townX = (l.oceanW + l.riverX) / 2
	l.forestX, l.forestY, l.forestR = l.townX, h*82/100, m*8/100
	l.townY = h / 2
	l.townW, l.townH = townW, townH
	return l
}

// coastX is the first land column of row y.
func (l *layout) coastX(seed uint64, y int) int {
	return l.oceanW + int(math.Round(8*valueNoise(seed^0xC0A57, 0, float64(y), 40)-4))
}

// riverSpan is the water columns [x0, x1] of row y.
func (l *layout) riverSpan(y int) (x0, x1 int) {
	c := l.riverX + int(math.Round(float64(l.riverAmp)*math.Sin(2*math.Pi*float64(y)/l.riverPeriod+l.riverPhase)))
	return c - l.riverW/2, c - l.riverW/2 + l.riverW - 1
}

// townRect is the wall ring [x0, x1]×[y0, y1].
func (l *layout) townRect() (x0, y0, x1, y1 int) {
	x0, y0 = l.townX-l.townW/2, l.townY-l.townH/2
	return x0, y0, x0 + l.townW - 1, y0 + l.townH - 1
}
