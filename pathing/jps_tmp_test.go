package pathing

import (
	"os"
	"strconv"
	"testing"
	"time"
)

func TestJPSTmpPerMap(t *testing.T) {
	for i := range loadBench(t) {
		if n := os.Getenv("JPSMAP"); n != "" && loadBench(t)[i].name != n {
			continue
		}
		maps := loadBench(t)
		bm := &maps[i]
		s := jpsMaker(t, bm, bm.rules).(*JPS)
		if v := os.Getenv("FREED"); v != "" {
			f, _ := strconv.Atoi(v)
			s.freeDiag = int32(f)
		}
		if v := os.Getenv("FREE"); v != "" {
			s.freeRun, _ = strconv.Atoi(v)
		}
		if v := os.Getenv("SLACK"); v != "" {
			s.slack, _ = strconv.ParseFloat(v, 64)
		}
		var res Result
		for _, sc := range bm.scens { // warm canon
			req := ScenarioRequest(sc, Octile, bm.w, bm.h)
			s.Find(&req, &res)
		}
		s.ResetStats()
		exp := 0
		t0 := time.Now()
		for _, sc := range bm.scens {
			req := ScenarioRequest(sc, Octile, bm.w, bm.h)
			s.Find(&req, &res)
			exp += res.Expansions
		}
		el := time.Since(t0)
		st := s.Stats()
		n := len(bm.scens)
		t.Logf("%-20s n %5d us/q %8.1f exp/q %7.1f jump/q %7.1f full/q %6.1f rays/q %7.1f seg/q %8.1f diag/q %7.1f scans/q %7.1f", bm.name, n, float64(el.Microseconds())/float64(n), float64(exp)/float64(n), float64(st.JumpNodes)/float64(n), float64(st.FullNodes)/float64(n), float64(st.Rays)/float64(n), float64(st.Segments)/float64(n), float64(st.DiagSteps)/float64(n), float64(st.Scans)/float64(n))
	}
}
