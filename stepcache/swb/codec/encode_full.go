package codec

import "github.com/shardcore/shardcore/stepcache/chunk"

// appendFull appends the full body of c: the flag byte, the SourceZ plane,
// the halo, the Walk, Wet and Info planes (Walk and Wet as mask sections
// with the mask grid), the Z residuals and the strata.
func (e *Encoder) appendFull(dst []byte, c *chunk.Chunk) []byte {
	o := e.opts
	neighbour := o.Predictor == PredictNeighbour
	packed := o.Layout == LayoutPacked
	swim := HasSwim(c)
	flags := fullFlags(swim, c.StrataStart != nil, o)
	at := len(dst)
	dst = append(dst, flags)

	var zs [chunk.NumCells]int8
	for i := range c.Cells {
		zs[i] = c.Cells[i].Z
	}
	var grad bool
	dst, grad = e.appendSource(dst, &zs, flags)
	if !grad {
		flags &^= flagGradient
		dst[at] = flags
	}
	fillPad(&zs, &e.pad)
	if hasHalo(flags) {
		dst = e.appendHalo(dst, c)
	}
	dst = e.appendMasks(dst, c, swim, flags)
	dst = e.appendInfo(dst, c, flags)
	dst = e.appendResiduals(dst, c, false, neighbour, packed)
	if swim {
		dst = e.appendResiduals(dst, c, true, neighbour, packed)
	}
	switch {
	case c.StrataStart == nil:
	case flags&flagColumns != 0:
		dst = e.appendStrataColumns(dst, c)
	default:
		dst = e.appendStrata(dst, c, packed)
	}
	return dst
}

// appendSource appends the SourceZ plane: Z itself (own predictor), or Z
// against the cell above, or with flagGradient against the gradient when
// that plane is shorter (the encoder's choice per record: the gradient wins
// on rough land, the cell above on towns and terraces; plain length chose
// better than the zero-weighted estimate the mask sections use). grad
// reports whether the gradient was used.
func (e *Encoder) appendSource(dst []byte, zs *[chunk.NumCells]int8, flags byte) (_ []byte, grad bool) {
	packed := flags&flagPacked != 0
	if flags&flagNeighbour == 0 {
		for i, z := range zs {
			e.plane[i] = byte(z)
		}
		return e.appendPlaneOf(dst, packed), false
	}
	for k, g := range []bool{false, true} {
		if g && flags&flagGradient == 0 {
			break
		}
		for i, z := range zs {
			e.plane[i] = byte(z) - byte(predictSource(zs, i, g))
		}
		e.try[k] = e.appendPlaneOf(e.try[k][:0], packed)
	}
	if flags&flagGradient != 0 && len(e.try[1]) < len(e.try[0]) {
		return append(dst, e.try[1]...), true
	}
	return append(dst, e.try[0]...), false
}

// appendMasks appends the Walk plane and, with swim, the Wet plane: as
// mask sections when flags has flagMaskGrid, else as planes.
func (e *Encoder) appendMasks(dst []byte, c *chunk.Chunk, swim bool, flags byte) []byte {
	packed := flags&flagPacked != 0
	if flags&flagMaskGrid != 0 {
		var none, g maskGrid
		dst, g = e.appendMask(dst, c, false, packed, &none)
		if swim {
			dst, _ = e.appendMask(dst, c, true, packed, &g)
		}
		return dst
	}
	dst = e.appendCellPlane(dst, c, packed, func(x *chunk.Cell) byte { return x.Walk })
	if swim {
		dst = e.appendCellPlane(dst, c, packed, func(x *chunk.Cell) byte { return x.Wet })
	}
	return dst
}

// appendInfo appends the Info plane, XOR the prediction from the
// predictor grid (after the halo) and the Walk masks with flagInfoPred.
func (e *Encoder) appendInfo(dst []byte, c *chunk.Chunk, flags byte) []byte {
	packed := flags&flagPacked != 0
	if flags&flagInfoPred == 0 {
		return e.appendCellPlane(dst, c, packed, func(x *chunk.Cell) byte { return x.Info })
	}
	var walk, pred [chunk.NumCells]byte
	for i := range c.Cells {
		walk[i] = c.Cells[i].Walk
	}
	infoPred(&e.pad, &walk, &pred)
	for i := range c.Cells {
		e.plane[i] = c.Cells[i].Info ^ pred[i]
	}
	return e.appendPlaneOf(dst, packed)
}

// fullFlags is a full body's flag byte for a chunk (swim part, strata)
// under o; the gradient and the Info prediction go with the neighbour
// predictor, strata columns with strata in the packed layout.
func fullFlags(swim, strata bool, o Options) byte {
	neighbour := o.Predictor == PredictNeighbour
	packed := o.Layout == LayoutPacked
	var flags byte
	for _, f := range []struct {
		on  bool
		bit byte
	}{
		{swim, flagSwim}, {strata, flagStrata}, {neighbour, flagNeighbour}, {packed, flagPacked},
		{neighbour && o.InfoPred, flagInfoPred}, {neighbour && o.Gradient, flagGradient}, {o.MaskGrid, flagMaskGrid},
		{strata && packed && o.StrataColumns, flagColumns},
	} {
		if f.on {
			flags |= f.bit
		}
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
func (e *Encoder) appendCellPlane(dst []byte, c *chunk.Chunk, packed bool, get func(*chunk.Cell) byte) []byte {
	for i := range c.Cells {
		e.plane[i] = get(&c.Cells[i])
	}
	return e.appendPlaneOf(dst, packed)
}

// appendResiduals appends the walk (swim false) or swim Z residuals: sparse
// when packed, else a mask of the directions stored and their 256-byte arrays.
func (e *Encoder) appendResiduals(dst []byte, c *chunk.Chunk, swim, neighbour, packed bool) []byte {
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
func (e *Encoder) residuals(c *chunk.Chunk, swim, neighbour bool) {
	pad := &e.pad
	for i := range c.Cells {
		base := (i/chunk.Size+1)*padW + i%chunk.Size + 1
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
