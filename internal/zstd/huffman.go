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
	var rank [hufMaxBits + 2]int
	total := 0
	for _, x := range w[:nw] {
		if x > hufMaxBits {
			return reason("Huffman weight too large")
		}
		rank[x]++
		if x > 0 {
			total += 1 << (x - 1)
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
	// weight.
	var start [hufMaxBits + 2]int
	p := 0
	for x := 1; x <= log; x++ {
		start[x] = p
		p += rank[x] << (x - 1)
	}
	for s, x := range w[:nw+1] {
		if x == 0 {
			continue
		}
		e := uint16(s)<<8 | uint16(log+1-int(x))
		k := start[x]
		n := 1 << (x - 1)
		if k+n > len(t.dt) {
			return reason("bad Huffman weights") // not reached: the ranks fill 1<<log entries
		}
		// Runs are powers of 2: eight stores per step from 8 on (the
		// longest codes, most symbols, have runs of 1 or 2).
		d := t.dt[k : k+n]
		switch n {
		case 1:
			d[0] = e
		case 2:
			d[1] = e
			d[0] = e
		case 4:
			d[3] = e
			d[2] = e
			d[1] = e
			d[0] = e
		default:
			for i := 0; i+8 <= len(d); i += 8 {
				q := d[i : i+8 : i+8]
				q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7] = e, e, e, e, e, e, e, e
			}
		}
		start[x] = k + n
	}
	t.log = uint8(log)
	t.x2 = false
	return nil
}

// buildX2 builds t.dt2 from t.dt. The entries of a first code of length
// l1 are the same for every symbol of that length but for the first
// symbol and l1 (dt2 lists codes by length): they are computed once per
// length, then copied with the symbol changed.
func (t *hufTable) buildX2() {
	const mask = 1<<hufMaxBits - 1
	lsh := hufMaxBits - uint(t.log)            // dt2 index >> lsh is the dt index
	lmin := uint(t.dt[(1<<t.log-1)&mask] & 15) // the shortest code (dt ends with it)
	var tmpl []uint32                          // the entries of the first code of the current length
	var tbase uint32                           // and their first symbol and length
	for i := 0; i < 1<<hufMaxBits; {
		e1 := t.dt[(i>>lsh)&mask]
		l1 := uint(e1 & 15)
		run := 1 << (hufMaxBits - l1) // the entries that start with this code
		base := uint32(e1>>8)<<16 | uint32(l1)
		if hufMaxBits-l1 < lmin {
			// No code fits after this one: single-symbol entries
			// (most symbols of large tables; a cheap loop).
			sub := t.dt2[i : i+run]
			for j := range sub {
				sub[j] = base | 1<<8
			}
			i += run
			continue
		}
		sub := t.dt2[i : i+run]
		if len(tmpl) == len(sub) {
			for j := range sub {
				sub[j] = tmpl[j] - tbase + base
			}
			i += run
			continue
		}
		r := hufMaxBits - l1 // the bits known after the first code
		for q := 0; q < run; {
			// The next code starts with the bits of q: known when its
			// length l2 is at most r, then for 2^(r-l2) entries.
			e2 := t.dt[(q<<l1>>lsh)&mask]
			l2 := uint(e2 & 15)
			if l2 > r {
				sub[q] = base | 1<<8
				q++
				continue
			}
			two := base + (uint32(e2>>8)<<24 | 2<<8 | uint32(l2))
			n := 1 << (r - l2)
			for k := range sub[q : q+n] {
				sub[q+k] = two
			}
			q += n
		}
		tmpl, tbase = sub, base
		i += run
	}
	t.x2 = true
}
