package codec

// Predictor chooses what the Z values of a full record are stored against.
type Predictor uint8

// Predictors.
const (
	// PredictOwn: each cell's SourceZ is stored as is; a direction's Z is
	// predicted as the cell's own SourceZ where its mask bit is set, else 0
	// (the v6 predictor of the shard this design comes from).
	PredictOwn Predictor = iota
	// PredictNeighbour: SourceZ is predicted from the cell above (on the
	// first row from the cell to the left); a direction's Z from the SourceZ
	// of the neighbour in that direction (beyond the chunk's edge: the edge
	// extrapolated, corrected by stored residuals in the packed layout),
	// where its mask bit is set, else 0.
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
// record's own tag and flags say which was used. The .swb writer uses
// DefaultOptions; the others exist so the lab can measure what each stage
// buys with real records.
type Options struct {
	Predictor Predictor
	Layout    Layout
	// Huff codes each full record's body with the file's canonical Huffman
	// code when that is strictly smaller. A RecordSet builds the code from
	// every full body of the file; the reader turns it into decode tables
	// once, so a record pays no table setup.
	Huff bool
	// Gradient predicts SourceZ (with the neighbour predictor) as left +
	// above − above-left, exact on planar slopes, instead of the cell above.
	Gradient bool
	// MaskGrid stores the Walk and Wet planes against the prediction of a
	// grid of blocked cells (see maskgrid.go).
	MaskGrid bool
	// StrataColumns stores strata (in the packed layout) as columns over
	// all of a chunk's strata instead of stratum by stratum (see strata.go).
	StrataColumns bool
	// InfoPred stores Info (with the neighbour predictor) XOR the window
	// its neighbours' heights predict (see infopred.go).
	InfoPred bool
}

// DefaultOptions is the encoding .swb files use: neighbour predictor with
// the gradient and the Info prediction, packed layout, masks against a
// blocked-cell grid, strata as columns, the file's Huffman code.
var DefaultOptions = Options{Predictor: PredictNeighbour, Layout: LayoutPacked, Huff: true, Gradient: true, MaskGrid: true, StrataColumns: true, InfoPred: true}

// String names the option set, e.g. "neighbour+gradient+info/packed+maskgrid+columns+huffman".
func (o Options) String() string {
	p := map[Predictor]string{PredictOwn: "own", PredictNeighbour: "neighbour"}[o.Predictor]
	if o.Gradient {
		p += "+gradient"
	}
	if o.InfoPred {
		p += "+info"
	}
	l := map[Layout]string{LayoutArrays: "arrays", LayoutPacked: "packed"}[o.Layout]
	if o.MaskGrid {
		l += "+maskgrid"
	}
	if o.StrataColumns {
		l += "+columns"
	}
	if o.Huff {
		l += "+huffman"
	}
	return p + "/" + l
}
