package uo

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/shardcore/shardcore/world"
)

func TestTileDataSizes(t *testing.T) {
	for f, want := range map[world.TileFormat]int{
		world.TileFormatOld16K: TileDataSizeOld16K,
		world.TileFormatOld32K: TileDataSizeOld32K,
		world.TileFormatNew:    TileDataSizeNew,
	} {
		if got := TileDataSize(f); got != want {
			t.Errorf("format %d: derived size %d, constant %d", f, got, want)
		}
		if got, ok := DetectTileFormat(int64(want)); !ok || got != f {
			t.Errorf("size %d detected as %d %v, want %d", want, got, ok, f)
		}
	}
	for _, n := range []int64{0, TileDataSizeNew - 7, TileDataSizeNew + 1, TileDataSizeOld32K - 1, TileDataSizeOld16K + 3} {
		if f, ok := DetectTileFormat(n); ok {
			t.Errorf("size %d detected as layout %d; only the exact sizes are layouts", n, f)
		}
	}
}

// TestTileDataWrongSize: a tiledata.mul a few bytes short (or long) is an
// error naming the file, its size and the sizes accepted, never decoded with
// a smaller layout's flags.
func TestTileDataWrongSize(t *testing.T) {
	td := randomTileData(rand.New(rand.NewPCG(3, 4)), world.TileFormatNew)
	var buf bytes.Buffer
	if err := WriteTileData(&buf, td); err != nil {
		t.Fatal(err)
	}
	for _, data := range [][]byte{buf.Bytes()[:buf.Len()-7], append(buf.Bytes(), 0)} {
		path := filepath.Join(t.TempDir(), "tiledata.mul")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadTileData(path)
		wantErr(t, err, "tiledata.mul", strconv.Itoa(len(data))+" bytes", "3188736", "1644544", "1036288")
	}
}

func TestTileDataRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	dir := t.TempDir()
	for _, f := range []world.TileFormat{world.TileFormatOld16K, world.TileFormatOld32K, world.TileFormatNew} {
		td := randomTileData(r, f)
		path := filepath.Join(dir, "tiledata.mul")
		writeTileDataFile(t, path, td)
		got, err := ReadTileData(path)
		if err != nil {
			t.Fatalf("format %d: %v", f, err)
		}
		if got.Format != f || got.Land != td.Land || len(got.Items) != len(td.Items) {
			t.Fatalf("format %d: read back format %d, land equal %v, %d items", f, got.Format, got.Land == td.Land, len(got.Items))
		}
		for i := range td.Items {
			if got.Items[i] != td.Items[i] {
				t.Fatalf("format %d item %#x: %+v vs %+v", f, i, got.Items[i], td.Items[i])
			}
		}
		// Group headers are zero and the size is exact.
		var buf bytes.Buffer
		if err := WriteTileData(&buf, got); err != nil {
			t.Fatal(err)
		}
		if buf.Len() != TileDataSize(f) {
			t.Fatalf("format %d: wrote %d bytes, want %d", f, buf.Len(), TileDataSize(f))
		}
	}
}

func TestTileDataFlagsAreTheClientBits(t *testing.T) {
	td := world.NewTileData(world.TileFormatOld16K)
	td.Items[5].Flags = world.FlagImpassable | world.FlagSurface
	td.Items[5].Height = 7
	var buf bytes.Buffer
	if err := WriteTileData(&buf, td); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	// item 5 sits after the land table, one group header and five entries.
	off := 512*(4+32*26) + 4 + 5*37
	if b[off] != 0x40 || b[off+1] != 0x02 || b[off+4+12] != 7 {
		t.Fatalf("item 5 bytes % x", b[off:off+37])
	}
}

func TestTileDataTruncated(t *testing.T) {
	td := world.NewTileData(world.TileFormatOld16K)
	var buf bytes.Buffer
	if err := WriteTileData(&buf, td); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 1, 100, buf.Len() - 1} {
		_, err := DecodeTileData(buf.Bytes()[:n], "tiledata.mul")
		wantErr(t, err, "tiledata.mul", "offset")
	}
	_, err := ReadTileData(filepath.Join(t.TempDir(), "nope.mul"))
	wantErr(t, err, "nope.mul")
}

func TestTileDataWriteRejects(t *testing.T) {
	td := world.NewTileData(world.TileFormatNew)
	td.Items[3].Name = "a name much longer than twenty bytes"
	wantErr(t, WriteTileData(&bytes.Buffer{}, td), "item 0x3", "longer than 20")
	td = world.NewTileData(world.TileFormatNew)
	td.Land[2].Name = "a\x00b"
	wantErr(t, WriteTileData(&bytes.Buffer{}, td), "land 0x2", "NUL")
	td = world.NewTileData(world.TileFormatNew)
	td.Items = td.Items[:10]
	wantErr(t, WriteTileData(&bytes.Buffer{}, td), "10 items")
}
