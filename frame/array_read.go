package frame

// ReadRegion appends to dst, in C order, the items region selects (one
// Range per dimension; missing trailing ranges select whole dimensions, no
// ranges the whole array). Ranges with steps read, chunk by chunk, only
// the chunks holding selected items, so memory stays within one chunk
// besides the result.
func (a *Array) ReadRegion(dst []byte, region ...Range) ([]byte, error) {
	if a.lazy != nil {
		return dst, &LazyError{Lazy: a.lazy}
	}
	sp, n, err := resolveRegion(a.meta.Shape, region)
	if err != nil {
		return dst, err
	}
	if unitSteps(sp) {
		start, stop := slabBounds(sp)
		return a.ReadSlab(dst, start, stop)
	}
	isz := a.geo.Itemsize
	if err := fitsInt(n*isz, len(dst)); err != nil {
		return dst, err
	}
	n0 := len(dst)
	dst = grow(dst, int(n*isz))
	out := dst[n0:]
	if n == 0 {
		return dst, nil
	}
	nd := len(sp)
	// Per dimension, the chunks holding selected indices: their first
	// selected index, how many, and the ordinal of the first.
	type piece struct{ first, count, ord int64 }
	pieces := make([][]piece, nd)
	cnt := make([]int64, nd)
	for i, s := range sp {
		cs := int64(a.meta.ChunkShape[i])
		for k := int64(0); k < s.n; {
			idx := s.start + k*s.step
			end := (idx/cs + 1) * cs // first index of the next chunk
			c := (end - idx + s.step - 1) / s.step
			if c > s.n-k {
				c = s.n - k
			}
			pieces[i] = append(pieces[i], piece{first: idx, count: c, ord: k})
			k += c
		}
		cnt[i] = int64(len(pieces[i]))
	}
	ostride := make([]int64, nd)
	acc := int64(1)
	for i := nd - 1; i >= 0; i-- {
		ostride[i] = acc
		acc *= sp[i].n
	}
	start := make([]int64, nd)
	stop := make([]int64, nd)
	bshape := make([]int64, nd)
	sel := make([]int64, nd)
	var buf []byte
	var rerr error
	forEachIndex(cnt, func(t []int64) {
		if rerr != nil {
			return
		}
		for i := range t {
			p := pieces[i][t[i]]
			start[i] = p.first
			stop[i] = p.first + (p.count-1)*sp[i].step + 1
			bshape[i] = stop[i] - start[i]
			sel[i] = p.count
		}
		if buf, rerr = a.ReadSlab(buf[:0], start, stop); rerr != nil {
			return
		}
		bstride := stridesOf(bshape)
		forEachIndex(sel, func(u []int64) {
			src, d := int64(0), int64(0)
			for i, v := range u {
				src += v * sp[i].step * bstride[i]
				d += (pieces[i][t[i]].ord + v) * ostride[i]
			}
			copy(out[d*isz:(d+1)*isz], buf[src*isz:(src+1)*isz])
		})
	})
	if rerr != nil {
		return dst[:n0], rerr
	}
	return dst, nil
}

// typedCheck returns an error unless the array's items are Ts.
func typedCheck[T Element](a *Array) error {
	if a.lazy != nil {
		return &LazyError{Lazy: a.lazy}
	}
	if a.dtErr != nil {
		return a.dtErr
	}
	if !matchesElem[T](a.dt) {
		e := DtypeOf[T]()
		return &FormatError{Where: "b2nd", Offset: -1, Reason: "the array holds " + a.dt.String() + " items, not " + e.String() + " (the Go type asked for)", Err: ErrDtype}
	}
	return nil
}

// Read returns the items region selects (see ReadRegion; none: the whole
// array) in C order as Ts, converted from the array's byte order. T must
// match the dtype: float64 for "<f8" or ">f8", int32 for "<i4", bool for
// "|b1"... (see Element); a mismatch is an error wrapping ErrDtype.
func Read[T Element](a *Array, region ...Range) ([]T, error) {
	if err := typedCheck[T](a); err != nil {
		return nil, err
	}
	b, err := a.ReadRegion(nil, region...)
	if err != nil {
		return nil, err
	}
	out := make([]T, int64(len(b))/a.geo.Itemsize)
	decodeElems(out, b, orderOf(a.dt))
	return out, nil
}

// At returns the item at index (one per dimension; negative values count
// from the end, as in Python).
func At[T Element](a *Array, index ...int64) (T, error) {
	var z T
	if len(index) != len(a.meta.Shape) {
		return z, &FormatError{Where: "region", Offset: -1, Reason: itoa(int64(len(index))) + " indices for an array of " + itoa(int64(len(a.meta.Shape))) + " dimensions", Err: ErrRange}
	}
	r := make([]Range, len(index))
	for i, v := range index {
		ext := a.meta.Shape[i]
		if v >= ext || v < -ext {
			return z, &FormatError{Where: "region", Offset: -1, Reason: "dimension " + itoa(int64(i)) + ": index " + itoa(v) + " outside the extent " + itoa(ext), Err: ErrRange}
		}
		r[i] = Index(v)
	}
	v, err := Read[T](a, r...)
	if err != nil {
		return z, err
	}
	return v[0], nil
}

// ReadArrayFile opens the .b2nd file (or sparse b2nd directory) at path
// and returns its items as Ts with its shape: python-blosc2's
// blosc2.open(path)[:].
func ReadArrayFile[T Element](path string) ([]T, []int64, error) {
	a, err := OpenArrayFile(path)
	if err != nil {
		return nil, nil, err
	}
	defer a.Close()
	v, err := Read[T](a)
	if err != nil {
		return nil, nil, err
	}
	return v, a.Shape(), nil
}
