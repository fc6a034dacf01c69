// Package codec is the record codec of the .swb step-cache file: it turns
// one chunk.Chunk into one record and back (uniform or full; full bodies
// as planes and sparse Z residuals against a neighbour predictor, the Walk
// and Wet planes against a grid of blocked cells, Info against the window
// its neighbours' heights predict, strata as columns, then the file's
// canonical Huffman code), builds a file's code from its records
// (RecordSet, which also stores identical records once), and decodes with
// three amd64 assembly kernels for its hot loops (cell writer, Huffman bulk
// loop, Info predictor; pure Go elsewhere and with the purego tag; the Go
// versions are the reference the tests and FuzzKernels compare them with).
//
// It serves stepcache/swb (the file: header, index, reader, writer) and
// stepcache/swb/lab (the stage table and the reference encoder, which
// measure the option sets other than DefaultOptions), and imports only the
// chunk model (stepcache/chunk). It does not know
// about files, offsets, indexes or checksums; the record layout is
// documented with the file layout in stepcache/swb's package doc.
package codec
