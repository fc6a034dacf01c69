package hugepages

import (
	"bytes"
	"os"
	"strconv"
	"testing"
)

// anonHugeKB reads the process's AnonHugePages from smaps_rollup.
func anonHugeKB(t *testing.T) int {
	b, err := os.ReadFile("/proc/self/smaps_rollup")
	if err != nil {
		t.Skipf("no smaps_rollup: %v", err)
	}
	for _, l := range bytes.Split(b, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(l, []byte("AnonHugePages:")); ok {
			f := bytes.Fields(rest)
			if len(f) > 0 {
				n, err := strconv.Atoi(string(f[0]))
				if err == nil {
					return n
				}
			}
		}
	}
	t.Skip("no AnonHugePages line")
	return 0
}

// TestAdviseCollapsesHeap touches 64 MiB of heap and asks for huge pages:
// the advice covers it, and where the kernel collapses (Linux 6.1+, THP
// not "never"), the process then holds huge pages.
func TestAdviseCollapsesHeap(t *testing.T) {
	if !Supported() {
		t.Skip("transparent huge pages are off on this kernel")
	}
	buf := make([]byte, 64<<20)
	for i := 0; i < len(buf); i += 4096 {
		buf[i] = 1
	}
	before := anonHugeKB(t)
	advised, collapsed, err := Advise(true)
	if err != nil {
		t.Fatalf("Advise: %v", err)
	}
	if advised < int64(len(buf))/2 {
		t.Fatalf("advised %d bytes, want at least half the %d touched", advised, len(buf))
	}
	if collapsed == 0 {
		t.Skip("the kernel collapsed nothing (MADV_COLLAPSE unsupported or refused)")
	}
	if after := anonHugeKB(t); after <= before {
		t.Fatalf("AnonHugePages %d kB after collapsing %d bytes, %d kB before", after, collapsed, before)
	}
	buf[0]++
}

// TestSpansAligned checks the spans are 2 MiB-aligned and non-empty.
func TestSpansAligned(t *testing.T) {
	ss, err := spans()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range ss {
		if s.lo%hugeSize != 0 || s.hi%hugeSize != 0 || s.hi <= s.lo {
			t.Fatalf("span %#x-%#x not 2 MiB-aligned and non-empty", s.lo, s.hi)
		}
	}
}
