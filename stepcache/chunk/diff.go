package chunk

import "fmt"

// Diff describes the first difference between chunks a and b (a cell
// and the field that differs), or "" when they are equal byte for byte:
// records, strata offsets and strata.
func Diff(a, b *Chunk) string {
	for i := range a.Cells {
		if a.Cells[i] != b.Cells[i] {
			return fmt.Sprintf("cell %d (%d,%d): %+v vs %+v", i, i%Size, i/Size, a.Cells[i], b.Cells[i])
		}
	}
	if (a.StrataStart == nil) != (b.StrataStart == nil) {
		return fmt.Sprintf("strata offsets: present %v vs %v", a.StrataStart != nil, b.StrataStart != nil)
	}
	if a.StrataStart != nil {
		for i := range a.StrataStart {
			if a.StrataStart[i] != b.StrataStart[i] {
				return fmt.Sprintf("strata offset of cell %d: %d vs %d", i, a.StrataStart[i], b.StrataStart[i])
			}
		}
	}
	if len(a.Strata) != len(b.Strata) {
		return fmt.Sprintf("%d strata vs %d", len(a.Strata), len(b.Strata))
	}
	for i := range a.Strata {
		if a.Strata[i] != b.Strata[i] {
			return fmt.Sprintf("stratum %d: %+v vs %+v", i, a.Strata[i], b.Strata[i])
		}
	}
	return ""
}
