package gen

import (
	"context"
	"testing"
)

func BenchmarkGenerateDefault(b *testing.B) {
	for b.Loop() {
		if _, err := Default(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGenerateLarge(b *testing.B) {
	for b.Loop() {
		if _, err := Generate(context.Background(), Options{Seed: 1, Width: 7168, Height: 4096}); err != nil {
			b.Fatal(err)
		}
	}
}
