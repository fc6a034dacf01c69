package hugepages

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"
	"syscall"
	"time"
)

const (
	madvHugepage = 14 // MADV_HUGEPAGE: fault this range in as 2 MiB pages
	madvCollapse = 25 // MADV_COLLAPSE (Linux 6.1): make what is resident 2 MiB pages now
	hugeSize     = 2 << 20
)

// Supported reports whether the kernel hands out transparent huge pages to
// memory that asks (the setting is "always" or "madvise").
func Supported() bool {
	b, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	return err == nil && !bytes.Contains(b, []byte("[never]"))
}

// span is a 2 MiB-aligned range of an anonymous writable mapping.
type span struct{ lo, hi uintptr }

// spans lists the 2 MiB-aligned parts of the process's anonymous
// read-write private mappings (the Go heap's arenas among them).
func spans() ([]span, error) {
	b, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return nil, fmt.Errorf("hugepages: %w", err)
	}
	var out []span
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := bytes.Fields(sc.Bytes())
		if len(f) != 5 || string(f[1]) != "rw-p" { // a sixth field names a file or [stack]/[heap]
			continue
		}
		lo, hi, ok := bytes.Cut(f[0], []byte("-"))
		if !ok {
			continue
		}
		l, err1 := strconv.ParseUint(string(lo), 16, 64)
		h, err2 := strconv.ParseUint(string(hi), 16, 64)
		if err1 != nil || err2 != nil {
			continue
		}
		l = (l + hugeSize - 1) &^ (hugeSize - 1)
		h &^= hugeSize - 1
		if h > l {
			out = append(out, span{uintptr(l), uintptr(h)})
		}
	}
	return out, nil
}

func madvise(s span, advice uintptr) syscall.Errno {
	_, _, e := syscall.Syscall(syscall.SYS_MADVISE, s.lo, s.hi-s.lo, advice)
	return e
}

// Advise marks every large anonymous writable mapping for huge pages
// (memory faulted in later comes as 2 MiB pages) and, with collapse,
// turns what is resident now into huge pages (synchronous: about 2–4 ms
// per MiB of kernel time). It returns the bytes marked and collapsed; an
// error says what the kernel refused (the rest is still done).
func Advise(collapse bool) (advised, collapsed int64, err error) {
	ss, err := spans()
	if err != nil {
		return 0, 0, err
	}
	for _, s := range ss {
		n := int64(s.hi - s.lo)
		if e := madvise(s, madvHugepage); e != 0 {
			if err == nil {
				err = fmt.Errorf("hugepages: madvise(HUGEPAGE) %#x+%d: %w", s.lo, n, e)
			}
			continue
		}
		advised += n
		if !collapse {
			continue
		}
		// One 2 MiB page at a time: the kernel refuses a whole range for
		// one page it cannot collapse (shared, busy, not faulted in),
		// which is not an error: that page keeps its size and the advice
		// stands.
		for p := s.lo; p < s.hi; p += hugeSize {
			if madvise(span{p, p + hugeSize}, madvCollapse) == 0 {
				collapsed += hugeSize
			}
		}
	}
	return advised, collapsed, err
}

// Keep calls Advise(false) every interval until ctx ends, so the heap's
// new arenas are marked before most of their pages are touched.
func Keep(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_, _, _ = Advise(false) // errors were reported by the first call
		}
	}
}
