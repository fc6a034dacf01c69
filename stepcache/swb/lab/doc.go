// Package lab measures the .swb format rather than implementing it: the
// stage-by-stage size table (what each encoding idea buys, on real records
// of every option set the codec has, down to the file stepcache/swb
// writes), a comparison the file does not use (a zstd frame per record),
// and a reference encoder of the v9 format of the shard this design comes
// from, to measure against.
//
// It does not read or write .swb files for the shard (stepcache/swb does).
// The shard's offline commands print its figures beside the file's (`shard
// bake`, `shard gen-sample` and `shard swb info` the reference size, `shard
// swb info --stages` the stage table); the running shard does not: package
// server does not import it (tests/layers_test.go checks).
package lab
