package zstd

// hufEnc is a Huffman encoding table: each symbol's code and length.
type hufEnc struct {
	code   [256]uint16
	nbits  [256]uint8
	elt    [256]uint64 // code at the top, nbits in the low byte, for stream
	vec    hufVecTab   // the codes as the vector loop reads them
	maxSym int
	maxLen int    // the longest code
	desc   []byte // the tree description (RFC 8878 4.2.1)

	// scratch
	nodes  []hufNode
	order  []int
	sortA  [256]uint8
	sortB  [256]uint8
	wts    [256]uint8
	wcnt   [16]uint32
	wnorm  [16]int16
	wtab   fseEncTable
	wbw    bitWriter
	counts [256]uint32 // by rank in order
}

type hufNode struct {
	count  uint32
	parent int32
}

// lengths computes code lengths of at most hufMaxBits for the histogram
// cnt (at least two used symbols), halving counts until the tree fits.
// The symbols are sorted once: halving keeps them in order.
func (h *hufEnc) lengths(cnt []uint32) {
	// Sort by count, then symbol: a stable radix sort of the used
	// symbols, taken in ascending order, by the bytes of their counts
	// (skipping bytes that all counts share).
	a, b := h.sortA[:0], h.sortB[:0]
	var or, and uint32 = 0, ^uint32(0)
	for s, c := range cnt[:h.maxSym+1] {
		h.nbits[s] = 0
		if c != 0 {
			a = append(a, uint8(s))
			or |= c
			and &= c
		}
	}
	b = b[:len(a)]
	for shift := uint(0); shift < 32; shift += 8 {
		if (or^and)>>shift&255 == 0 {
			continue
		}
		var start [256]int
		for _, s := range a {
			start[cnt[s]>>shift&255]++
		}
		sum := 0
		for d, k := range start {
			start[d] = sum
			sum += k
		}
		for _, s := range a {
			d := cnt[s] >> shift & 255
			b[start[d]] = s
			start[d]++
		}
		a, b = b, a
	}
	h.order = h.order[:0]
	for i, s := range a {
		h.order = append(h.order, int(s))
		h.counts[i] = cnt[s]
	}
	for h.buildTree() > hufMaxBits {
		for i := range h.order {
			h.counts[i] = h.counts[i]>>1 | 1
		}
	}
}

// buildTree builds a Huffman tree of the symbols h.order, whose counts
// are h.counts (in the same, ascending order), and sets h.nbits; it
// returns the longest length.
func (h *hufEnc) buildTree() int {
	n := len(h.order)
	if n == 0 {
		return 0
	}
	if cap(h.nodes) < 2*n {
		h.nodes = make([]hufNode, 0, 512)
	}
	nodes := h.nodes[:2*n-1]
	for i := range h.order {
		nodes[i] = hufNode{count: h.counts[i], parent: -1}
	}
	// Two-queue merge: leaves in nodes[0:n], inner nodes in nodes[n:m]
	// (li and ii the first leaf and inner node not merged yet).
	li, ii, m := 0, n, n
	for ; m < 2*n-1; m++ {
		var a, b int
		if li < n && (ii >= m || nodes[li].count <= nodes[ii].count) {
			a = li
			li++
		} else {
			a = ii
			ii++
		}
		if li < n && (ii >= m || nodes[li].count <= nodes[ii].count) {
			b = li
			li++
		} else {
			b = ii
			ii++
		}
		nodes[m] = hufNode{count: nodes[a].count + nodes[b].count, parent: -1}
		nodes[a].parent = int32(m)
		nodes[b].parent = int32(m)
	}
	h.nodes = nodes
	// Depths: parents come after children, so walk backwards.
	maxLen := 0
	var d [512]uint8
	for i := len(nodes) - 2; i >= 0; i-- {
		d[i] = d[nodes[i].parent&511] + 1
	}
	for i, s := range h.order {
		h.nbits[s] = d[i]
		if int(d[i]) > maxLen {
			maxLen = int(d[i])
		}
	}
	return maxLen
}

// build makes the codes and the tree description for histogram cnt
// (symbols up to maxSym, at least two used). It reports false when the
// description cannot be written (then literals are stored raw).
func (h *hufEnc) build(cnt []uint32, maxSym int) bool {
	h.maxSym = maxSym
	h.lengths(cnt)
	maxLen := 0
	for _, l := range h.nbits[:maxSym+1] {
		if int(l) > maxLen {
			maxLen = int(l)
		}
	}
	// Weights and canonical codes, as hufTable.build assigns them.
	var rank [hufMaxBits + 2]int
	for s := 0; s <= maxSym; s++ {
		w := uint8(0)
		if h.nbits[s] > 0 {
			w = uint8(maxLen + 1 - int(h.nbits[s]))
		}
		h.wts[s] = w
		rank[w]++
	}
	var start [hufMaxBits + 2]int
	p := 0
	for x := 1; x <= maxLen; x++ {
		start[x] = p
		p += rank[x] << (x - 1)
	}
	for s := 0; s <= maxSym; s++ {
		x := h.wts[s]
		if x == 0 {
			continue
		}
		h.code[s] = uint16(start[x] >> (x - 1))
		start[x] += 1 << (x - 1)
	}
	h.maxLen = maxLen
	for s := 0; s <= maxSym; s++ {
		h.elt[s] = 0
		if n := h.nbits[s]; n > 0 {
			h.elt[s] = uint64(h.code[s])<<(64-n) | uint64(n)
		}
	}
	h.vec.set(h)
	return h.describe()
}

// describe writes the weights of symbols 0..maxSym-1 into h.desc, FSE
// compressed or 4 bits each, whichever is shorter and possible.
func (h *hufEnc) describe() bool {
	nw := h.maxSym // the last weight is implied
	h.desc = h.desc[:0]
	direct := -1
	if nw <= 128 {
		direct = 1 + (nw+1)/2
	}
	// FSE: two interleaved states, accuracy log at most 6.
	h.wcnt = [16]uint32{}
	maxW := 0
	for _, w := range h.wts[:nw] {
		h.wcnt[w]++
		if int(w) > maxW {
			maxW = int(w)
		}
	}
	ok := false
	single := false
	for _, c := range h.wcnt[:maxW+1] {
		if c == uint32(nw) {
			single = true
		}
	}
	if nw > 2 && !single { // zstd compresses no fewer than 3 weights
		log := fseTableLog(6, nw, maxW)
		normalize(h.wnorm[:maxW+1], h.wcnt[:maxW+1], nw, log)
		h.wtab.build(h.wnorm[:maxW+1], log)
		h.desc = append(h.desc, 0)
		h.desc = writeNCount(h.desc, h.wnorm[:maxW+1], log)
		w := &h.wbw
		w.start(h.desc, nw+16)
		var s1, s2 fseState
		i := nw
		if nw&1 != 0 {
			s1.init(&h.wtab, h.wts[i-1])
			s2.init(&h.wtab, h.wts[i-2])
			s1.encode(w, h.wts[i-3])
			i -= 3
		} else {
			s2.init(&h.wtab, h.wts[i-1])
			s1.init(&h.wtab, h.wts[i-2])
			i -= 2
		}
		for i > 0 {
			s2.encode(w, h.wts[i-1])
			s1.encode(w, h.wts[i-2])
			i -= 2
		}
		s2.flush(w)
		s1.flush(w)
		w.close()
		h.desc = w.end()
		n := len(h.desc) - 1
		if n < 128 && (direct < 0 || n+1 < direct) {
			h.desc[0] = byte(n)
			ok = true
		}
	}
	if !ok {
		if direct < 0 {
			return false
		}
		h.desc = append(h.desc[:0], byte(127+nw))
		for i := 0; i < nw; i += 2 {
			b := h.wts[i] << 4
			if i+1 < nw {
				b |= h.wts[i+1]
			}
			h.desc = append(h.desc, b)
		}
	}
	return true
}

// estimate returns the size in bytes of src's Huffman streams.
func (h *hufEnc) estimate(cnt []uint32) int {
	b := 0
	for s, c := range cnt[:h.maxSym+1] {
		b += int(c) * int(h.nbits[s])
	}
	return b>>3 + 1
}

// stream appends the Huffman stream of src to out.
func (h *hufEnc) stream(out []byte, src []byte) []byte {
	w := &h.wbw
	w.start(out, len(src)*hufMaxBits/8+8)
	pos, acc, nb := hufStreamLoop(h, w.buf, w.pos, src)
	hufStreamClose(w, pos, acc, nb)
	return w.end()
}
