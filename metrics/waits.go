package metrics

import (
	"math/bits"
	"sync"

	"github.com/prometheus/client_golang/prometheus"
)

// WaitBounds are shard_path_wait_ticks' bucket upper bounds, in ticks.
var WaitBounds = [...]float64{0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}

// Waits counts served searches by how many ticks their request waited, in
// WaitBounds' buckets (the last counts the waits above them). Plain
// counts: one goroutine's.
type Waits struct {
	Counts [len(WaitBounds) + 1]uint64 // per bucket, not cumulative
	Sum    uint64
}

// Observe counts one wait of ticks: a few instructions, no allocation.
func (w *Waits) Observe(ticks uint64) {
	i := 0
	if ticks > 0 {
		i = min(bits.Len64(ticks-1)+1, len(WaitBounds))
	}
	w.Counts[i]++
	w.Sum += ticks
}

// mapWaits is one map's published waits, read at scrape time.
type mapWaits struct {
	label string
	mu    sync.Mutex
	w     Waits
}

func (m *mapWaits) set(w *Waits) {
	m.mu.Lock()
	m.w = *w
	m.mu.Unlock()
}

// waitCollector serves shard_path_wait_ticks, one histogram per map, built
// at scrape time from each map's published Waits (client_golang's
// histograms take one observation at a time; the waits are counted per
// search by the map and published once per tick).
type waitCollector struct {
	desc *prometheus.Desc
	mu   sync.Mutex
	maps []*mapWaits
}

func newWaitCollector() *waitCollector {
	return &waitCollector{desc: prometheus.NewDesc("shard_path_wait_ticks",
		"Ticks a served path request waited in the queue.", []string{labelMap}, nil)}
}

// add makes the published waits of the map labelled label.
func (c *waitCollector) add(label string) *mapWaits {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.maps {
		if m.label == label {
			return m
		}
	}
	m := &mapWaits{label: label}
	c.maps = append(c.maps, m)
	return m
}

// Describe implements prometheus.Collector.
func (c *waitCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

// Collect implements prometheus.Collector.
func (c *waitCollector) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	maps := append([]*mapWaits(nil), c.maps...)
	c.mu.Unlock()
	for _, m := range maps {
		m.mu.Lock()
		w := m.w
		m.mu.Unlock()
		buckets := make(map[float64]uint64, len(WaitBounds))
		var n uint64
		for i, le := range WaitBounds {
			n += w.Counts[i]
			buckets[le] = n
		}
		n += w.Counts[len(WaitBounds)]
		ch <- prometheus.MustNewConstHistogram(c.desc, n, float64(w.Sum), buckets, m.label)
	}
}
