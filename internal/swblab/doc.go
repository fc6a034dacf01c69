// Package swblab measures the .swb format rather than implementing it: the
// stage-by-stage size table (what each encoding idea buys, on real records
// of every option set the codec has, down to the file stepcache/swb
// writes; `shard swb info --stages`), a comparison the file does not use (a
// zstd frame per record), and a reference encoder of the v9 format of the shard this design comes from
// layout to measure against (`shard bake`, `shard swb info`).
//
// It does not read or write .swb files for the shard (stepcache/swb does),
// and nothing the shard runs depends on it.
package swblab
