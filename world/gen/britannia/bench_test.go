package britannia

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkGenerate generates each facet at its client size.
func BenchmarkGenerate(b *testing.B) {
	for _, s := range Maps() {
		b.Run(fmt.Sprintf("map%d-%s", s.ID, s.Name), func(b *testing.B) {
			for b.Loop() {
				if _, err := Generate(context.Background(), Options{Map: s.ID}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
