package swbcodec

import (
	"shardcore/stepcache"
)

// appendFull appends the full body of c: the flag byte, the SourceZ plane,
// the halo, the Walk, Wet and Info planes, the Z residuals and the strata.
func (e *Encoder) appendFull(dst []byte, c *stepcache.Chunk) []byte {
	neighbour := e.opts.Predictor == PredictNeighbour
	packed := e.opts.Layout == LayoutPacked
	swim := HasSwim(c)
	flags := fullFlags(swim, c.StrataStart != nil, neighbour, packed)
	dst = append(dst, flags)

	var zs [stepcache.ChunkCells]int8
	for i := range c.Cells {
		zs[i] = c.Cells[i].Z
	}
	for i := range c.Cells {
		e.plane[i] = byte(zs[i])
		if neighbour {
			e.plane[i] -= byte(predictSource(&zs, i))
		}
	}
	dst = e.appendPlaneOf(dst, packed)
	fillPad(&zs, &e.pad)
	if flags&flagHalo != 0 {
		dst = e.appendHalo(dst, c)
	}
	dst = e.appendCellPlane(dst, c, packed, func(x *stepcache.Cell) byte { return x.Walk })
	if swim {
		dst = e.appendCellPlane(dst, c, packed, func(x *stepcache.Cell) byte { return x.Wet })
	}
	dst = e.appendCellPlane(dst, c, packed, func(x *stepcache.Cell) byte { return x.Info })
	dst = e.appendResiduals(dst, c, false, neighbour, packed)
	if swim {
		dst = e.appendResiduals(dst, c, true, neighbour, packed)
	}
	if c.StrataStart != nil {
		dst = e.appendStrata(dst, c, packed)
	}
	return dst
}

// fullFlags is a full body's flag byte; the halo goes with the neighbour
// predictor in the packed layout.
func fullFlags(swim, strata, neighbour, packed bool) byte {
	var flags byte
	if swim {
		flags |= flagSwim
	}
	if strata {
		flags |= flagStrata
	}
	if neighbour {
		flags |= flagNeighbour
	}
	if packed {
		flags |= flagPacked
	}
	if neighbour && packed {
		flags |= flagHalo
	}
	return flags
}

// appendPlaneOf appends e.plane in the layout's form.
func (e *Encoder) appendPlaneOf(dst []byte, packed bool) []byte {
	if packed {
		return appendPlane(dst, &e.plane)
	}
	return append(dst, e.plane[:]...)
}

// appendCellPlane appends one byte per cell of c, taken by get.
func (e *Encoder) appendCellPlane(dst []byte, c *stepcache.Chunk, packed bool, get func(*stepcache.Cell) byte) []byte {
	for i := range c.Cells {
		e.plane[i] = get(&c.Cells[i])
	}
	return e.appendPlaneOf(dst, packed)
}

// appendResiduals appends the walk (swim false) or swim Z residuals: sparse
// when packed, else a mask of the directions stored and their 256-byte arrays.
func (e *Encoder) appendResiduals(dst []byte, c *stepcache.Chunk, swim, neighbour, packed bool) []byte {
	e.residuals(c, swim, neighbour)
	if packed {
		return appendSparse(dst, &e.res)
	}
	var m byte
	for d := 0; d < 8; d++ {
		for i := range e.res {
			if e.res[i][d] != 0 {
				m |= 1 << d
				break
			}
		}
	}
	dst = append(dst, m)
	for d := 0; d < 8; d++ {
		if m&(1<<d) == 0 {
			continue
		}
		for i := range e.res {
			dst = append(dst, e.res[i][d])
		}
	}
	return dst
}

// residuals fills e.res with Z − prediction for the walk (swim=false) or swim Zs.
func (e *Encoder) residuals(c *stepcache.Chunk, swim, neighbour bool) {
	pad := &e.pad
	for i := range c.Cells {
		base := (i/stepcache.ChunkSize+1)*padW + i%stepcache.ChunkSize + 1
		cell := &c.Cells[i]
		mask, zs := cell.Walk, &cell.WalkZ
		if swim {
			mask, zs = cell.Wet, &cell.SwimZ
		}
		for d := 0; d < 8; d++ {
			var p int8
			if mask&(1<<d) != 0 {
				p = cell.Z
				if neighbour {
					p = int8(pad[base+padOff[d]])
				}
			}
			e.res[i][d] = byte(zs[d]) - byte(p)
		}
	}
}
