package zstd

import "math/bits"

// hufMaxBits is the longest Huffman code of a literals section (RFC 8878
// 4.2.1: Max_Number_of_Bits is at most 11).
const hufMaxBits = 11

// hufTable is a Huffman decoding table indexed by the next log bits of a
// stream: each entry is the symbol << 8 | the code length. Fixed-size so
// that masked indexes need no bounds checks.
type hufTable struct {
	dt  [1 << hufMaxBits]uint16
	log uint8

	// dt2 is the double-symbol table (built on demand by buildX2 when
	// x2 is false), indexed by the next hufMaxBits bits whatever log
	// is: each entry decodes one symbol, or two when the second code
	// fits in the bits left after the first. Its bytes from the low
	// end: bits consumed, symbols decoded (1 or 2), first symbol,
	// second symbol.
	dt2 [1 << hufMaxBits]uint32
	x2  bool

	// The weights as build sorted them, for buildX2: the symbols by
	// weight (weight 1 first, in order within a weight) and the number
	// of symbols of each weight.
	sorted [256]uint8
	rank   [hufMaxBits + 1]uint16
}

// readHufTable reads a Huffman tree description (RFC 8878 4.2.1) from b
// into t and returns its length. wt and norm are scratch.
func readHufTable(t *hufTable, b []byte, wt *fseTable, norm *[64]int16) (int, error) {
	if len(b) == 0 {
		return 0, reason("Huffman tree description truncated")
	}
	var w [256]uint8
	nw := 0
	hb := int(b[0])
	n := 0
	if hb < 128 {
		// FSE-compressed weights in hb bytes.
		n = 1 + hb
		if hb == 0 || n > len(b) {
			return 0, reason("Huffman weights truncated")
		}
		s := b[1:n]
		nc, log, m, err := readNCount(norm, s, hufMaxBits+1, 6)
		if err != nil {
			return 0, err
		}
		if err := wt.build(nc, log); err != nil {
			return 0, err
		}
		var br bitReader
		if err := br.init(s[m:]); err != nil {
			return 0, err
		}
		s1 := br.read(log)
		s2 := br.read(log)
		if br.overread() {
			return 0, reason("Huffman weights bitstream overread")
		}
		for {
			if nw > 253 {
				return 0, reason("too many Huffman weights")
			}
			e := wt.e[s1&511]
			w[nw] = e.sym
			nw++
			s1 = uint64(e.base) + br.read(e.nb)
			br.reload()
			if br.overread() {
				w[nw] = wt.e[s2&511].sym
				nw++
				break
			}
			e = wt.e[s2&511]
			w[nw] = e.sym
			nw++
			s2 = uint64(e.base) + br.read(e.nb)
			br.reload()
			if br.overread() {
				w[nw] = wt.e[s1&511].sym
				nw++
				break
			}
		}
	} else {
		// hb-127 weights of 4 bits each.
		nw = hb - 127
		n = 1 + (nw+1)/2
		if n > len(b) {
			return 0, reason("Huffman weights truncated")
		}
		for i := 0; i < nw; i += 2 {
			c := b[1+i/2]
			w[i] = c >> 4
			w[i+1] = c & 15 // w has room for the one past nw
		}
	}
	return n, t.build(w[:nw+1], nw)
}

// build builds the decoding table of the first nw weights of w; w has room
// for the last weight, which build deduces.
func (t *hufTable) build(w []uint8, nw int) error {
	// Four sets of counters, so that runs of one weight do not make a
	// chain of increments through memory.
	var ranks [4][16]int
	var or uint8
	ws := w[:nw]
	i := 0
	for ; i+4 <= len(ws); i += 4 {
		q := ws[i : i+4 : i+4]
		or |= q[0] | q[1] | q[2] | q[3]
		ranks[0][q[0]&15]++
		ranks[1][q[1]&15]++
		ranks[2][q[2]&15]++
		ranks[3][q[3]&15]++
	}
	for ; i < len(ws); i++ {
		or |= ws[i]
		ranks[0][ws[i]&15]++
	}
	if or > 15 {
		return reason("Huffman weight too large")
	}
	var rank [hufMaxBits + 2]int
	total := 0
	for x := range ranks[0] {
		r := ranks[0][x] + ranks[1][x] + ranks[2][x] + ranks[3][x]
		if x > hufMaxBits {
			if r != 0 {
				return reason("Huffman weight too large")
			}
			continue
		}
		rank[x] = r
		if x > 0 {
			total += r << (x - 1)
		}
	}
	if total == 0 {
		return reason("Huffman weights all zero")
	}
	log := bits.Len(uint(total))
	if log > hufMaxBits {
		return reason("Huffman code too long")
	}
	rest := 1<<log - total
	if rest&(rest-1) != 0 {
		return reason("Huffman weights do not sum to a power of 2")
	}
	last := bits.Len(uint(rest))
	w[nw] = uint8(last)
	rank[last]++
	if rank[1] < 2 || rank[1]&1 != 0 {
		return reason("bad Huffman weights")
	}
	// Codes of weight 1 (the longest) first, symbols in order within a
	// weight. The symbols are first sorted by weight, so that the fills
	// go weight by weight with one run length each (a switch per
	// symbol on its run length would mispredict on most symbols).
	sorted := &t.sorted
	var next [hufMaxBits + 2]int // where the next symbol of each weight goes in sorted
	p := 0
	for x := 1; x <= log; x++ {
		next[x] = p
		p += rank[x]
	}
	for s, x := range w[:nw+1] {
		if x != 0 {
			sorted[next[x]&255] = uint8(s)
			next[x]++
		}
	}
	dt := &t.dt
	k, i := 0, 0 // the next entry of dt, the next symbol of sorted
	for x := 1; x <= log; x++ {
		syms := sorted[i : i+rank[x]]
		i += rank[x]
		e := uint16(log + 1 - x) // the code length
		switch n := 1 << (x - 1); n {
		case 1:
			for _, s := range syms {
				dt[k&(len(dt)-1)] = uint16(s)<<8 | e
				k++
			}
		case 2:
			for _, s := range syms {
				v := uint16(s)<<8 | e
				d := dt[k&(len(dt)-2):][:2:2]
				d[0], d[1] = v, v
				k += 2
			}
		case 4:
			for _, s := range syms {
				v := uint16(s)<<8 | e
				d := dt[k&(len(dt)-4):][:4:4]
				d[0], d[1], d[2], d[3] = v, v, v, v
				k += 4
			}
		default:
			// Runs of 8 or more entries, in 8-entry steps.
			for _, s := range syms {
				v := uint16(s)<<8 | e
				for j := 0; j < n; j += 8 {
					d := dt[(k+j)&(len(dt)-8):][:8:8]
					d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = v, v, v, v, v, v, v, v
				}
				k += n
			}
		}
	}
	for x := range t.rank {
		t.rank[x] = uint16(rank[x])
	}
	t.log = uint8(log)
	t.x2 = false
	return nil
}

// buildX2 builds t.dt2 from the weights build sorted (t.sorted,
// t.rank), weight by weight as dt lists the codes (the longest first),
// so that each loop fills runs of one length. The entries of a first
// code of length l1 are the same for every symbol of that length but
// for the first symbol: they are built for the first symbol of the
// length (its single-symbol entries for the codes longer than the bits
// left, then a run per second symbol that fits), then copied with the
// symbol changed.
func (t *hufTable) buildX2() {
	log := int(t.log)
	dt2 := &t.dt2
	xmax := log // the largest weight: the shortest code
	for xmax > 1 && t.rank[xmax] == 0 {
		xmax--
	}
	lmin := log + 1 - xmax
	var first [hufMaxBits + 2]int // the first symbol of each weight in sorted
	for x, p := 1, 0; x <= log; x++ {
		first[x] = p
		p += int(t.rank[x])
	}
	i := 0 // the next entry of dt2
	for x1 := 1; x1 <= log; x1++ {
		syms := t.sorted[first[x1] : first[x1]+int(t.rank[x1])]
		if len(syms) == 0 {
			continue
		}
		l1 := log + 1 - x1
		r := hufMaxBits - l1 // the bits known after the first code
		run := 1 << r        // the entries that start with each code
		if r < lmin {
			// No code fits after these: single-symbol entries.
			fillRuns(dt2[i:i+len(syms)*run], syms, run, uint32(l1)|1<<8, 16)
			i += len(syms) * run
			continue
		}
		base := uint32(syms[0])<<16 | uint32(l1)
		tmpl := dt2[i : i+run]
		// The codes of weights below xmin are longer than r: their
		// (dt) entries, scaled to r bits, take single-symbol entries.
		xmin := max(log+1-r, 1)
		p := 0
		for y := 1; y < xmin; y++ {
			p += int(t.rank[y]) << (y - 1)
		}
		q := p << r >> log
		fillRuns(tmpl[:q], []uint8{0}, q, base|1<<8, 16)
		for x2 := xmin; x2 <= log; x2++ {
			s2 := t.sorted[first[x2] : first[x2]+int(t.rank[x2])]
			l2 := log + 1 - x2
			n := 1 << (r - l2)
			fillRuns(tmpl[q:q+len(s2)*n], s2, n, base+(2<<8|uint32(l2)), 24)
			q += len(s2) * n
		}
		i += run
		for _, s := range syms[1:] {
			d := uint32(s)<<16 - uint32(syms[0])<<16 // wraps: tmpl's entries hold syms[0]<<16
			sub := dt2[i : i+run]
			for j, e := range tmpl[:len(sub)] {
				sub[j] = e + d
			}
			i += run
		}
	}
	t.x2 = true
}

// fillRuns fills d with a run of n entries per symbol of syms: v plus
// the symbol << shift. len(d) is len(syms)*n.
func fillRuns(d []uint32, syms []uint8, n int, v uint32, shift uint) {
	switch n {
	case 0:
	case 1:
		d = d[:len(syms)]
		for j, s := range syms {
			d[j] = v + uint32(s)<<shift
		}
	case 2:
		for j, s := range syms {
			e := v + uint32(s)<<shift
			q := d[2*j : 2*j+2 : 2*j+2]
			q[0], q[1] = e, e
		}
	case 4:
		for j, s := range syms {
			e := v + uint32(s)<<shift
			q := d[4*j : 4*j+4 : 4*j+4]
			q[0], q[1], q[2], q[3] = e, e, e, e
		}
	default:
		k := 0
		for _, s := range syms {
			e := v + uint32(s)<<shift
			q := d[k : k+n]
			j := 0
			for ; j+4 <= len(q); j += 4 {
				r := q[j : j+4 : j+4]
				r[0], r[1], r[2], r[3] = e, e, e, e
			}
			for ; j < len(q); j++ {
				q[j] = e
			}
			k += n
		}
	}
}
