package codec

import "errors"

// ErrCorrupt: a record (or its file's code) fails a structural check. The
// .swb package returns it as swb.ErrCorrupt, the same value.
var ErrCorrupt = errors.New("swb: corrupt")
