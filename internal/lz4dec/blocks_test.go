package lz4dec

import "math/rand"

// blockWriter appends LZ4 sequences to src, counting the output in out.
type blockWriter struct {
	r   *rand.Rand
	src []byte
	out int
}

// length appends the length bytes of x (past a nibble of 15).
func (w *blockWriter) length(x int) {
	for ; x >= 255; x -= 255 {
		w.src = append(w.src, 255)
	}
	w.src = append(w.src, byte(x))
}

// seq appends a sequence of lit random literals and a match of ml bytes at
// distance off.
func (w *blockWriter) seq(lit, off, ml int) {
	w.src = append(w.src, byte(min(lit, 15)<<4|min(ml-minMatch, 15)))
	if lit >= 15 {
		w.length(lit - 15)
	}
	w.lits(lit)
	w.src = append(w.src, byte(off), byte(off>>8))
	if ml-minMatch >= 15 {
		w.length(ml - minMatch - 15)
	}
	w.out += ml
}

// lits appends k random literals.
func (w *blockWriter) lits(k int) {
	for i := 0; i < k; i++ {
		w.src = append(w.src, byte(w.r.Intn(256)))
	}
	w.out += k
}

// end appends the last sequence, tail literals, and returns the block.
func (w *blockWriter) end(tail int) []byte {
	w.src = append(w.src, byte(min(tail, 15)<<4))
	if tail >= 15 {
		w.length(tail - 15)
	}
	w.lits(tail)
	return w.src
}

// leadIn appends 16 literals and 25 short matches at distances 1 to 16
// with few literals: enough for decode_amd64.s to switch to its window
// loop, which then decodes what follows.
func (w *blockWriter) leadIn() {
	w.seq(16, 1+w.r.Intn(16), 4+w.r.Intn(8))
	for i := 0; i < 24; i++ {
		w.seq(w.r.Intn(3), 1+w.r.Intn(16), 4+w.r.Intn(8))
	}
}

// randomBlock builds an LZ4 block of n sequences with literal runs, match
// lengths and distances drawn around the assembly loop's branches (under
// and over 15 literals, matches under and over 16 and 19 bytes, distances
// below 8, 16, 17 and 32 and beyond), ending with tail literals; after a
// lead-in of short matches if lead is set.
func randomBlock(r *rand.Rand, n, tail int, lead bool) []byte {
	w := &blockWriter{r: r}
	if lead {
		w.leadIn()
	}
	for i := 0; i < n; i++ {
		lit := []int{0, r.Intn(15), r.Intn(15), 15 + r.Intn(50), 250 + r.Intn(300)}[r.Intn(5)]
		if w.out == 0 && lit == 0 {
			lit = 1
		}
		ml := []int{4 + r.Intn(13), 4 + r.Intn(15), 17 + r.Intn(3), 19 + r.Intn(60), 280 + r.Intn(300)}[r.Intn(5)]
		maxOff := min(w.out+lit, 65535)
		off := []int{1 + r.Intn(7), 1 + r.Intn(16), 16 + r.Intn(3), 16 + r.Intn(16), 1 + r.Intn(maxOff)}[r.Intn(5)]
		w.seq(lit, min(off, maxOff), ml)
	}
	return w.end(tail)
}
