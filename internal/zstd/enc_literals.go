package zstd

// litHeader appends a raw (typ 0) or RLE (typ 1) literals section header
// for n literals.
func litHeader(out []byte, typ byte, n int) []byte {
	switch {
	case n < 32:
		return append(out, typ|byte(n)<<3)
	case n < 4096:
		return append(out, typ|1<<2|byte(n)<<4, byte(n>>4))
	default:
		return append(out, typ|3<<2|byte(n)<<4, byte(n>>4), byte(n>>12))
	}
}

// literals appends the literals section for lits to out: Huffman coded
// in one or four streams when that pays, else RLE or raw.
func (e *Encoder) literals(out []byte, lits []byte) []byte {
	n := len(lits)
	base := len(out)
	raw := func() []byte {
		return append(litHeader(out[:base], litRaw, n), lits...)
	}
	if n == 0 {
		return litHeader(out, litRaw, 0)
	}
	cnt := &e.litCnt
	// Few sequences for many literals: the literals may well be noise.
	// zstd then counts two samples first and stores the literals raw
	// when no byte value stands out in them (HUF_compress_internal's
	// suspectUncompressible sampling), which spares counting them all.
	// The samples' counts are kept: then only the literals between them
	// are left to count.
	if ns := len(e.seqs); (ns == 0 || n/ns >= suspectLitRatio) && n >= suspectSample*suspectSampleRatio {
		var tail [256]uint32
		histogram(cnt, &e.litCnt4, lits[:suspectSample])
		histogram(&tail, &e.litCnt4, lits[n-suspectSample:])
		if maxCount(cnt)+maxCount(&tail) <= (2*suspectSample)>>7+4 {
			return raw()
		}
		histogramAdd(cnt, &e.litCnt4, lits[suspectSample:n-suspectSample])
		for s, c := range &tail {
			cnt[s] += c
		}
	} else {
		histogram(cnt, &e.litCnt4, lits)
	}
	maxSym, used := 0, 0
	var largest uint32
	for s, c := range cnt {
		if c != 0 {
			maxSym = s
			used++
			largest = max(largest, c)
		}
	}
	if used == 1 {
		return append(litHeader(out, litRLE, n), lits[0])
	}
	// No symbol much more frequent than the rest: Huffman coding would
	// not save zstd's minimum gain (zstd's own heuristic).
	if n < 64 || int(largest) <= n>>7+4 {
		return raw()
	}
	h := &e.huf
	if !h.build(cnt[:], maxSym) {
		return raw()
	}
	minGain := n>>6 + 2
	est := len(h.desc) + h.estimate(cnt[:]) + 6
	if est >= n-minGain {
		return raw()
	}
	single := n < 256
	hdr := 5
	switch {
	case n < 1024 && single:
		hdr = 3
	case n < 1024:
		hdr = 3
	case n < 16384:
		hdr = 4
	}
	start := len(out)
	out = append(out, make([]byte, hdr)...)
	out = append(out, h.desc...)
	if single {
		out = h.stream(out, lits)
	} else {
		jt := len(out)
		out = append(out, 0, 0, 0, 0, 0, 0)
		seg := (n + 3) / 4
		for i := 0; i < 4; i++ {
			a, b := i*seg, (i+1)*seg
			if b > n {
				b = n
			}
			if a > b {
				a = b
			}
			s0 := len(out)
			out = h.stream(out, lits[a:b])
			if i < 3 {
				sz := len(out) - s0
				if sz > 0xFFFF {
					return raw()
				}
				out[jt+2*i] = byte(sz)
				out[jt+2*i+1] = byte(sz >> 8)
			}
		}
	}
	csize := len(out) - start - hdr
	if csize >= n-minGain {
		return raw()
	}
	sf := 0
	if !single {
		sf = 1
		if hdr == 4 {
			sf = 2
		} else if hdr == 5 {
			sf = 3
		}
	}
	// Type 2, size format, regenerated size, compressed size.
	v := uint64(litCompressed) | uint64(sf)<<2
	switch hdr {
	case 3:
		v |= uint64(n)<<4 | uint64(csize)<<14
	case 4:
		v |= uint64(n)<<4 | uint64(csize)<<18
	default:
		v |= uint64(n)<<4 | uint64(csize)<<22
	}
	for i := 0; i < hdr; i++ {
		out[start+i] = byte(v >> (8 * i))
	}
	return out
}

// zstd's bounds for the sampling of literals suspected to be noise:
// literals per sequence from which they are suspect, sample size, and
// how many samples long they must be.
const (
	suspectLitRatio    = 20
	suspectSample      = 4096
	suspectSampleRatio = 10
)

// maxCount returns the largest count of cnt.
func maxCount(cnt *[256]uint32) int {
	var m uint32
	for _, c := range cnt {
		m = max(m, c)
	}
	return int(m)
}
