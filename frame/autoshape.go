package frame

import "math"

// Automatic chunk and block shapes follow python-blosc2's
// compute_chunks_blocks with its host-dependent inputs fixed, so that the
// same array gets the same layout on every machine:
//
//   - the block target is AutoBlockBytes (python-blosc2 probes the CPU
//     caches: 4 x L1 or L2/4 on x86-64, 32 KiB without cache information);
//   - the chunk target is 32 blocks, at least 4 MiB (get_chunksize without
//     L3 information), rounded down to whole blocks.
//
// Each shape is then python-blosc2's compute_partition: from the last
// dimension to the first, an extent is the whole dimension when the
// remaining item budget allows it, else the budget, snapped to a divisor of
// the dimension when one lies within a factor of two; chunks are then
// rounded up to whole blocks (capped by the array).
const (
	AutoBlockBytes    = 128 << 10
	autoChunkBlocks   = 32
	autoChunkMinBytes = 4 << 20
)

// AutoShapes completes the chunk and block shapes of an array of shape with
// itemsize-byte items: a nil chunks or blocks is computed (see
// AutoBlockBytes), a given one is kept. Zero extents (empty arrays) get
// chunk and block extent 1. The result is checked with NDMeta.Validate.
func AutoShapes(shape, chunks, blocks []int64, itemsize int) (c, b []int64, err error) {
	nd := len(shape)
	bad := func(reason string) error {
		return &FormatError{Where: "b2nd", Offset: -1, Reason: reason, Err: ErrRange}
	}
	if itemsize <= 0 {
		return nil, nil, bad("item size " + itoa(int64(itemsize)) + " is not positive")
	}
	if (chunks != nil && len(chunks) != nd) || (blocks != nil && len(blocks) != nd) {
		return nil, nil, bad("chunk or block shape of another dimension count than the shape")
	}
	ext := make([]int64, nd)
	for i, s := range shape {
		if s < 0 {
			return nil, nil, bad("negative extent " + itoa(s))
		}
		ext[i] = max64(s, 1)
	}
	isz := int64(itemsize)
	if blocks == nil {
		maxshape := ext
		if chunks != nil {
			maxshape = make([]int64, nd)
			for i := range maxshape {
				maxshape[i] = max64(1, min64(ext[i], chunks[i]))
			}
		}
		bsize := max64(int64(AutoBlockBytes), isz)
		blocks = partition(bsize/isz, maxshape, nil)
	} else {
		blocks = append([]int64(nil), blocks...)
	}
	if chunks == nil {
		bbytes := isz
		for _, v := range blocks {
			bbytes = satMul(bbytes, v)
		}
		csize := max64(satMul(bbytes, autoChunkBlocks), autoChunkMinBytes)
		if csize > math.MaxInt32 {
			csize = math.MaxInt32
		}
		csize = max64(csize/bbytes*bbytes, bbytes)
		chunks = partition(csize/isz, ext, blocks)
		for i := range chunks {
			if bl := blocks[i]; bl > 0 && chunks[i]%bl != 0 {
				chunks[i] = (chunks[i]/bl + 1) * bl
			}
			chunks[i] = max64(min64(chunks[i], ext[i]), min64(blocks[i], ext[i]))
		}
	} else {
		chunks = append([]int64(nil), chunks...)
	}
	m := NDMeta{Shape: shape, ChunkShape: make([]int32, nd), BlockShape: make([]int32, nd)}
	for i := 0; i < nd; i++ {
		if chunks[i] < 1 || chunks[i] > math.MaxInt32 || blocks[i] < 1 || blocks[i] > math.MaxInt32 {
			return nil, nil, bad("chunk and block extents must be in 1.." + itoa(math.MaxInt32))
		}
		m.ChunkShape[i], m.BlockShape[i] = int32(chunks[i]), int32(blocks[i])
	}
	if _, err := m.Validate(isz); err != nil {
		return nil, nil, err
	}
	return chunks, blocks, nil
}

// partition is python-blosc2's compute_partition: extents for nitems items
// within maxshape, each at least minpart (nil: 1), from the last dimension.
func partition(nitems int64, maxshape, minpart []int64) []int64 {
	nd := len(maxshape)
	part := make([]int64, nd)
	for i := range part {
		part[i] = 1
	}
	left := nitems
	for i := nd - 1; i >= 0; i-- {
		if left <= 1 {
			break
		}
		size, minsize := maxshape[i], int64(1)
		if minpart != nil {
			minsize = minpart[i]
		}
		r := max64(size, minsize)
		if r <= left {
			if size%r != 0 {
				r = nearestDivisor(size, r, false, 0)
			}
		} else {
			r = max64(left, minsize)
			nr := r
			if size%r != 0 {
				// Only a divisor above r/2 is used: stop the search there.
				nr = nearestDivisor(size, r, true, r/2)
			}
			if r/2 < nr && nr < r*2 {
				r = nr
			}
		}
		part[i] = r
		left /= r
	}
	return part
}

// nearestDivisor is python-blosc2's nearest_divisor: the divisor of a
// closest to b (the smaller on a tie), or, when a is large or strict is
// set, the largest divisor of a not above b (searched down to lo only:
// 1 when none lies above lo).
func nearestDivisor(a, b int64, strict bool, lo int64) int64 {
	if a > 100000 || strict {
		for i := min64(b, a); i > lo && i > 0; i-- {
			if a%i == 0 {
				return i
			}
		}
		return 1
	}
	best, dist := int64(1), int64(math.MaxInt64)
	for i := int64(1); i <= a; i++ {
		if a%i != 0 {
			continue
		}
		d := i - b
		if d < 0 {
			d = -d
		}
		if d < dist {
			best, dist = i, d
		}
	}
	return best
}

// satMul multiplies non-negative values, saturating at math.MaxInt64.
func satMul(a, b int64) int64 {
	if a != 0 && b > math.MaxInt64/a {
		return math.MaxInt64
	}
	return a * b
}
