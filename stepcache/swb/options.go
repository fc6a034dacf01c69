package swb

// Predictor chooses what the Z values of a full record are stored against.
type Predictor uint8

// Predictors.
const (
	// PredictOwn: each cell's SourceZ is stored as is; a direction's Z is
	// predicted as the cell's own SourceZ where its mask bit is set, else 0
	// (the C# original's v6 predictor).
	PredictOwn Predictor = iota
	// PredictNeighbour: SourceZ is predicted from the cell's left, upper and
	// upper-left neighbours (median edge detector); a direction's Z from the
	// SourceZ of the neighbour in that direction (coordinates clamped into
	// the chunk at its edge), where its mask bit is set, else 0.
	PredictNeighbour
)

// Layout chooses how a full record's planes are laid out before entropy coding.
type Layout uint8

// Layouts.
const (
	// LayoutArrays: 256-byte planes and 256-byte Z residual arrays with a
	// 16-bit mask of the arrays stored (arrays of zero residuals omitted).
	LayoutArrays Layout = iota
	// LayoutPacked: planes as constant / base+exceptions / raw, Z residuals as
	// a bitmap of cells with any nonzero residual and per such cell a
	// direction mask and the nonzero residuals.
	LayoutPacked
)

// Options select the encoding of records. Any combination decodes: the
// record's own flags say which was used. Write uses DefaultOptions; the others
// exist to measure what each stage buys.
type Options struct {
	Predictor Predictor
	Layout    Layout
	// Zstd compresses each full record's body with zstd when that is strictly
	// smaller.
	Zstd bool
	// Huff codes each full record's body with a huff0 (Huffman) block, its
	// table included, when that is strictly smaller: a fraction of zstd's
	// decode setup.
	Huff bool
}

// DefaultOptions is the encoding Write uses: neighbour predictor, packed
// layout, zstd per record when smaller (huff0 per record measured slower to
// read: its table rebuild costs more than a zstd frame's setup).
var DefaultOptions = Options{Predictor: PredictNeighbour, Layout: LayoutPacked, Zstd: true}
