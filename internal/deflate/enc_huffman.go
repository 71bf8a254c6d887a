package deflate

import "slices"

// encCode is one Huffman code of the encoder: per symbol its code bits
// (already bit-reversed, ready to be written LSB first) and its length.
type encCode struct {
	bits [288]uint16 // 288: the fixed code has two unused symbols
	lens [288]uint8
}

const (
	maxLitSyms  = 286 // literal/length symbols
	maxDistSyms = 30  // distance symbols
	maxCLSyms   = 19  // code-length symbols
	endOfBlock  = 256
)

// huffBuilder holds the scratch of length-limited Huffman code building,
// so that building allocates nothing.
type huffBuilder struct {
	keys   [maxLitSyms]uint64
	weight [2 * maxLitSyms]uint32
	parent [2 * maxLitSyms]uint16
	depth  [2 * maxLitSyms]uint16
}

// build sets c.lens[:n] to the lengths of a complete prefix code of at
// most limit bits for the frequencies freq[:n] and c.bits to its codes.
// Symbols of frequency 0 get no code, except that at least two symbols get
// one (inflaters refuse most incomplete codes, and a code of one symbol
// is one): the first symbols of zero frequency are given the least cost.
//
// The lengths are those of a Huffman code when no length exceeds limit.
// Otherwise the longest codes are cut to limit and the Kraft sum is
// brought back to one by lengthening the deepest codes shorter than limit
// (then, if the code became incomplete, shortening the deepest), and the
// lengths are handed out again in order of frequency.
func (h *huffBuilder) build(c *encCode, freq []uint32, limit int) {
	n := len(freq)
	m := 0
	for s, f := range freq {
		c.lens[s] = 0
		if f != 0 {
			h.keys[m] = uint64(f)<<16 | uint64(s)
			m++
		}
	}
	for s := 0; m < 2 && s < n; s++ {
		if freq[s] == 0 {
			// A symbol never used: weight 0 sorts it first.
			h.keys[m] = uint64(s)
			m++
		}
	}
	keys := h.keys[:m]
	slices.Sort(keys)
	// Two-queue Huffman: leaves 0..m-1 in ascending weight, internal nodes
	// m..2m-2 created in ascending weight.
	for i, k := range keys {
		h.weight[i] = uint32(k >> 16)
	}
	leaf, node := 0, m
	for k := m; k < 2*m-1; k++ {
		var a, b int
		for j := 0; j < 2; j++ {
			var x int
			if leaf < m && (node >= k || h.weight[leaf] <= h.weight[node]) {
				x = leaf
				leaf++
			} else {
				x = node
				node++
			}
			if j == 0 {
				a = x
			} else {
				b = x
			}
		}
		h.weight[k] = h.weight[a] + h.weight[b]
		h.parent[a] = uint16(k)
		h.parent[b] = uint16(k)
	}
	var count [16]int
	h.depth[2*m-2] = 0
	for i := 2*m - 3; i >= 0; i-- {
		h.depth[i] = h.depth[h.parent[i]] + 1
	}
	for i := 0; i < m; i++ {
		d := int(h.depth[i])
		if d > limit {
			d = limit
		}
		count[d]++
	}
	// Kraft sum in units of 2^-limit.
	total := 1 << limit
	kraft := 0
	for l := 1; l <= limit; l++ {
		kraft += count[l] << (limit - l)
	}
	for kraft > total {
		l := limit - 1
		for count[l] == 0 {
			l--
		}
		count[l]--
		count[l+1]++
		kraft -= 1 << (limit - l - 1)
	}
	for kraft < total {
		l := limit
		for count[l] == 0 {
			l--
		}
		count[l]--
		count[l-1]++
		kraft += 1 << (limit - l)
	}
	// Hand the lengths out: the least frequent symbols get the longest.
	i := 0
	for l := limit; l >= 1; l-- {
		for j := 0; j < count[l]; j++ {
			c.lens[keys[i]&0xffff] = uint8(l)
			i++
		}
	}
	c.assign(n)
}

// assign computes the canonical codes (RFC 1951 3.2.2) of c.lens[:n],
// bit-reversed.
func (c *encCode) assign(n int) {
	var count [16]uint16
	for _, l := range c.lens[:n] {
		count[l]++
	}
	count[0] = 0
	var next [16]uint16
	code := uint16(0)
	for l := 1; l < 16; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	for s, l := range c.lens[:n] {
		if l != 0 {
			c.bits[s] = reverseBits(next[l], l)
			next[l]++
		}
	}
}

func reverseBits(v uint16, n uint8) uint16 {
	r := uint16(0)
	for i := uint8(0); i < n; i++ {
		r = r<<1 | v&1
		v >>= 1
	}
	return r
}
