package zstd

import "math/bits"

// optPrices is the optimal parser's cost model (zstd's optState_t): the
// frequencies of literals, literal length codes, match length codes and
// offset codes seen so far in the frame, from which a symbol's price is
// about log2(sum/freq) bits. Prices are in 1/256 bits. btopt counts
// whole bits (bitWeight), btultra fractions (fracWeight).
type optPrices struct {
	lit    [256]uint32
	ll     [36]uint32
	ml     [53]uint32
	of     [32]uint32
	litSum uint32
	llSum  uint32
	mlSum  uint32
	ofSum  uint32

	// Prices of the sums, and of each code (its extra bits included),
	// set by setBase.
	litBase, llBase, mlBase, ofBase int
	llCost                          [64]int // 36 codes
	mlCost                          [64]int // 53 codes
	ofCost                          [32]int

	frac   bool // fractional weights (btultra, btultra2)
	predef bool // too little input for statistics: fixed prices
}

// Price scale and limits (zstd's BITCOST_MULTIPLIER, ZSTD_MAX_PRICE,
// ZSTD_PREDEF_THRESHOLD, ZSTD_LITFREQ_ADD).
const (
	bitCost        = 256
	optMaxPrice    = 1 << 30
	predefMaxBytes = 8
	litFreqAdd     = 2
)

// weight returns the price of a symbol seen stat times, in 1/256 bits,
// whole bits or with a linear interpolation of the fraction.
func (o *optPrices) weight(stat uint32) int {
	s := stat + 1
	hb := bits.Len32(s) - 1
	if !o.frac {
		return hb * bitCost
	}
	return hb*bitCost + int(s<<8>>hb)
}

// setBase sets the prices of the sums and of the codes from the
// frequencies, after each stretch of sequences.
func (o *optPrices) setBase() {
	o.litBase = o.weight(o.litSum)
	o.llBase = o.weight(o.llSum)
	o.mlBase = o.weight(o.mlSum)
	o.ofBase = o.weight(o.ofSum)
	if o.predef {
		// Literal and match length prices do not use the tables.
		for c := range o.ofCost {
			o.ofCost[c] = (16 + c) * bitCost
		}
		return
	}
	for c := range o.ll {
		o.llCost[c] = int(llBits[c])*bitCost + o.llBase - o.weight(o.ll[c])
	}
	for c := range o.ml {
		o.mlCost[c] = int(mlBits[c])*bitCost + o.mlBase - o.weight(o.ml[c]) + bitCost/5 // fewer sequences decode faster
	}
	for c := range o.ofCost {
		o.ofCost[c] = c*bitCost + o.ofBase - o.weight(o.of[c])
		if !o.frac && c >= 20 {
			o.ofCost[c] += (c - 19) * 2 * bitCost // btopt favors near offsets, for decoding speed
		}
	}
}

// Starting frequencies of literal length and offset codes without a
// dictionary (zstd's).
var (
	optLLStart = [36]uint32{4, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	optOFStart = [32]uint32{6, 2, 1, 1, 2, 3, 4, 4, 4, 3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
)

// start sets the statistics for the block src (zstd's ZSTD_rescaleFreqs).
// The first block of a frame (llSum 0) starts from the dictionary's
// entropy tables when d has tables covering every byte value, else from
// src's byte counts and fixed code frequencies (fixed prices for inputs
// of up to 8 bytes); the following blocks start from the statistics
// gathered so far, scaled down.
func (o *optPrices) start(src []byte, d *Dict) {
	o.predef = false
	if o.llSum != 0 {
		o.litSum = scaleStats(o.lit[:], 12)
		o.llSum = scaleStats(o.ll[:], 11)
		o.mlSum = scaleStats(o.ml[:], 11)
		o.ofSum = scaleStats(o.of[:], 11)
		o.setBase()
		return
	}
	if len(src) <= predefMaxBytes {
		o.predef = true
	}
	if d != nil && d.tables && o.fromDict(d) {
		o.predef = false
		o.setBase()
		return
	}
	o.lit = [256]uint32{}
	for _, c := range src {
		o.lit[c]++
	}
	o.litSum = 0
	for i, c := range o.lit {
		if c > 0 {
			c = 1 + c>>8
		}
		o.lit[i] = c
		o.litSum += c
	}
	o.ll = optLLStart
	o.llSum = sum32(o.ll[:])
	for i := range o.ml {
		o.ml[i] = 1
	}
	o.mlSum = uint32(len(o.ml))
	o.of = optOFStart
	o.ofSum = sum32(o.of[:])
	o.setBase()
}

// fromDict sets the frequencies from d's entropy tables: a symbol coded
// in k bits gets 2^(scale-k), as zstd does. It reports false, setting
// nothing, when the Huffman table leaves out a byte value.
func (o *optPrices) fromDict(d *Dict) bool {
	var litBits [256]uint8
	h := &d.huf
	for _, e := range h.dt[:1<<h.log] {
		litBits[e>>8] = uint8(e & 15)
	}
	for _, nb := range litBits {
		if nb == 0 {
			return false
		}
	}
	o.litSum = 0
	for i, nb := range litBits {
		o.lit[i] = 1 << (11 - nb)
		o.litSum += o.lit[i]
	}
	o.llSum = fseFreqs(o.ll[:], &d.fse[kindLL])
	o.mlSum = fseFreqs(o.ml[:], &d.fse[kindML])
	o.ofSum = fseFreqs(o.of[:], &d.fse[kindOF])
	return true
}

// fseFreqs sets freq from the most bits each symbol costs in the FSE
// table t (its accuracy log less log2 of its states, rounded; one more
// than the log for a symbol without states) and returns their sum.
func fseFreqs(freq []uint32, t *fseTable) uint32 {
	var norm [64]int
	for _, e := range t.e[:1<<t.log] {
		norm[e.sym&63]++
	}
	sum := uint32(0)
	for s := range freq {
		nb := int(t.log) + 1
		if n := norm[s]; n == 1 {
			nb = int(t.log)
		} else if n > 1 {
			nb = int(t.log) - (bits.Len(uint(n-1)) - 1)
		}
		freq[s] = 1
		if nb > 0 {
			freq[s] = 1 << (10 - nb)
		}
		sum += freq[s]
	}
	return sum
}

func sum32(t []uint32) uint32 {
	s := uint32(0)
	for _, v := range t {
		s += v
	}
	return s
}

// scaleStats divides the frequencies of t so that they sum to about
// 2^logTarget at most (each stays at least 1) and returns their sum.
func scaleStats(t []uint32, logTarget uint) uint32 {
	prev := sum32(t)
	factor := prev >> logTarget
	if factor <= 1 {
		return prev
	}
	shift := uint(bits.Len32(factor) - 1)
	s := uint32(0)
	for i, v := range t {
		v = 1 + v>>shift
		t[i] = v
		s += v
	}
	return s
}

// litPrice returns the price of literal c.
func (o *optPrices) litPrice(c byte) int {
	if o.predef {
		return 6 * bitCost
	}
	p := o.weight(o.lit[c])
	if m := o.litBase - bitCost; p > m {
		p = m
	}
	return o.litBase - p
}

// llPrice returns the price of a literal length of ll.
func (o *optPrices) llPrice(ll int) int {
	if o.predef {
		return o.weight(uint32(ll))
	}
	if ll >= maxBlockSize {
		return bitCost + o.llPrice(maxBlockSize-1)
	}
	return o.llCost[llCode(uint32(ll))&63]
}

// matchPrice returns the price of the match part of a sequence: offset
// code offBase and match length ml (at least 3).
func (o *optPrices) matchPrice(offBase uint32, ml int) int {
	return o.offPrice(offBase) + o.mlPrice(ml)
}

// offPrice returns the price of offset code offBase.
func (o *optPrices) offPrice(offBase uint32) int {
	return o.ofCost[(bits.Len32(offBase)-1)&31]
}

// mlPrice returns the price of match length ml (at least 3), with the
// bias against short sequences.
func (o *optPrices) mlPrice(ml int) int {
	if o.predef {
		return o.weight(uint32(ml - 3))
	}
	return o.mlCost[mlCode(uint32(ml))&63]
}

// update counts a sequence: the literals lits, their length, offBase and
// match length ml.
func (o *optPrices) update(lits []byte, offBase uint32, ml int) {
	for _, c := range lits {
		o.lit[c] += litFreqAdd
	}
	o.litSum += uint32(len(lits)) * litFreqAdd
	o.ll[llCode(uint32(len(lits)))]++
	o.llSum++
	o.of[bits.Len32(offBase)-1]++
	o.ofSum++
	o.ml[mlCode(uint32(ml))]++
	o.mlSum++
}
