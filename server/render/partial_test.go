package render

import (
	"image"
	"testing"
)

// TestChunkRectPartial: a partial chunk at the edge of a map whose sides are
// 8 mod 16 is drawn inside the image (its outline's far edges on the map's
// last cells), a whole chunk as before.
func TestChunkRectPartial(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 520*2, 392*2)) // 520x392 cells at scale 2
	if got, want := chunkRect(img, 32, 24, 2), image.Rect(1024, 768, 1040, 784); got != want {
		t.Errorf("partial corner chunk: %v, want %v", got, want)
	}
	if got, want := chunkRect(img, 3, 5, 2), image.Rect(96, 160, 128, 192); got != want {
		t.Errorf("whole chunk: %v, want %v", got, want)
	}
}
