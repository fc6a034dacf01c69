package gen

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	good := map[string][2]int{"1024x1024": {1024, 1024}, "7168x4096": {7168, 4096}, " 512X768 ": {512, 768}, "1448x520": {1448, 520}}
	for in, want := range good {
		w, h, err := ParseSize(in)
		if err != nil || w != want[0] || h != want[1] {
			t.Errorf("ParseSize(%q) = %d, %d, %v; want %v", in, w, h, err, want)
		}
	}
	bad := map[string]string{
		"100x7":     "outside",
		"1004x1024": "multiple of 8",
		"1024":      "WIDTHxHEIGHT",
		"axb":       "width",
		"1024x":     "height",
		"16384x512": "outside",
	}
	for in, msg := range bad {
		if _, _, err := ParseSize(in); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("ParseSize(%q) error = %v; want one mentioning %q", in, err, msg)
		}
	}
}

func TestGenerateRejectsBadOptions(t *testing.T) {
	for _, o := range []Options{{Width: 100, Height: 7}, {Width: 1030, Height: 1024}, {Width: 1024, Height: 256}} {
		if _, err := Generate(context.Background(), o); err == nil {
			t.Errorf("Generate(%+v) succeeded", o)
		}
	}
}

func TestGenerateDefaults(t *testing.T) {
	w := testWorld(t)
	if w.Map.Width != DefaultWidth || w.Map.Height != DefaultHeight || w.Options.Seed != DefaultSeed {
		t.Fatalf("default world is %dx%d seed %d", w.Map.Width, w.Map.Height, w.Options.Seed)
	}
}

func TestGenerateCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Generate(ctx, Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Generate on a cancelled context = %v, want context.Canceled", err)
	}
}
