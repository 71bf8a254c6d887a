package zstd

import (
	"math"
	"math/bits"
)

// fseSym is how one symbol is encoded (the classic FSE compression
// transform): the number of bits a state gives out and where its next
// state is found.
type fseSym struct {
	deltaNbBits    uint32
	deltaFindState int32
}

// fseEncTable is an FSE encoding table of up to 1<<9 states.
type fseEncTable struct {
	state [512]uint16
	sym   [64]fseSym
	log   uint8
}

// build builds the encoding table of a normalized distribution whose
// counts are all positive or zero (no "less than 1" entries except as
// given by -1), the twin of fseTable.build.
func (t *fseEncTable) build(norm []int16, log uint8) {
	size := 1 << log
	mask := size - 1
	high := size - 1
	var cumul [65]int
	var symAt [512]uint8
	for s, n := range norm {
		if n == -1 {
			cumul[s+1] = cumul[s] + 1
			symAt[high] = uint8(s)
			high--
		} else {
			cumul[s+1] = cumul[s] + int(n)
		}
	}
	step := size>>1 + size>>3 + 3
	pos := 0
	for s, n := range norm {
		for i := 0; i < int(n); i++ {
			symAt[pos] = uint8(s)
			pos = (pos + step) & mask
			for pos > high {
				pos = (pos + step) & mask
			}
		}
	}
	for u := 0; u < size; u++ {
		s := symAt[u]
		t.state[cumul[s]] = uint16(size + u)
		cumul[s]++
	}
	total := 0
	for s, n := range norm {
		switch n {
		case 0:
			t.sym[s] = fseSym{deltaNbBits: uint32(int(log+1)<<16 - size)}
		case -1, 1:
			t.sym[s] = fseSym{deltaNbBits: uint32(int(log)<<16 - size), deltaFindState: int32(total - 1)}
			total++
		default:
			maxOut := int(log) - (bits.Len32(uint32(n-1)) - 1)
			minPlus := int(n) << maxOut
			t.sym[s] = fseSym{deltaNbBits: uint32(maxOut<<16 - minPlus), deltaFindState: int32(total - int(n))}
			total += int(n)
		}
	}
	t.log = log
}

// fseState is the state of one FSE encoder.
type fseState struct {
	v uint32
	t *fseEncTable
}

// init starts the encoder on symbol s without writing bits.
func (st *fseState) init(t *fseEncTable, s uint8) {
	st.t = t
	sy := t.sym[s]
	nb := (sy.deltaNbBits + 1<<15) >> 16
	v := nb<<16 - sy.deltaNbBits
	st.v = uint32(t.state[int32(v>>nb)+sy.deltaFindState])
}

// encode writes the transition to symbol s.
func (st *fseState) encode(w *bitWriter, s uint8) {
	sy := st.t.sym[s]
	nb := (st.v + sy.deltaNbBits) >> 16
	w.add(uint64(st.v), uint(nb))
	st.v = uint32(st.t.state[int32(st.v>>nb)+sy.deltaFindState])
}

// flush writes the final state.
func (st *fseState) flush(w *bitWriter) {
	w.add(uint64(st.v), uint(st.t.log))
}

// fseTableLog chooses the accuracy log for n symbols of which the largest
// is maxSym, at most maxLog (as FSE_optimalTableLog does).
func fseTableLog(maxLog, n, maxSym int) uint8 {
	log := bits.Len(uint(n-1)) - 2
	minBits := bits.Len(uint(n))
	if b := bits.Len(uint(maxSym)) + 1; b < minBits {
		minBits = b
	}
	if log > maxLog {
		log = maxLog
	}
	if log < minBits {
		log = minBits
	}
	if log < 5 {
		log = 5
	}
	if log > maxLog {
		log = maxLog
	}
	return uint8(log)
}

// normalize scales the histogram cnt (total n, last used symbol maxSym)
// to 1<<log, every used symbol getting at least 1, into norm.
func normalize(norm []int16, cnt []uint32, n int, log uint8) {
	size := 1 << log
	sum := 0
	big := -1
	for s, c := range cnt {
		if c == 0 {
			norm[s] = 0
			continue
		}
		v := int((uint64(c)<<log + uint64(n)/2) / uint64(n))
		if v < 1 {
			v = 1
		}
		norm[s] = int16(v)
		sum += v
		if big < 0 || v > int(norm[big]) {
			big = s
		}
	}
	for sum != size {
		if sum < size {
			norm[big] += int16(size - sum)
			return
		}
		// Too many: take from the largest that can give.
		need := sum - size
		big = 0
		for s := range norm[:len(cnt)] {
			if norm[s] > norm[big] {
				big = s
			}
		}
		give := int(norm[big]) - 1
		if give > need {
			give = need
		}
		norm[big] -= int16(give)
		sum -= give
	}
}

// fseCost estimates the bits of count symbols coded with norm at log.
func fseCost(cnt []uint32, norm []int16, log uint8) float64 {
	bitsF := 0.0
	for s, c := range cnt {
		if c == 0 {
			continue
		}
		if s >= len(norm) || norm[s] == 0 {
			return math.Inf(1)
		}
		p := float64(norm[s])
		if p < 0 {
			p = 1
		}
		bitsF += float64(c) * (float64(log) - math.Log2(p))
	}
	return bitsF
}

// writeNCount appends the description of norm (RFC 8878 4.1.1).
func writeNCount(out []byte, norm []int16, log uint8) []byte {
	var acc uint64
	var nb uint
	put := func(v uint64, n uint) {
		acc |= v << nb
		nb += n
		for nb >= 8 {
			out = append(out, byte(acc))
			acc >>= 8
			nb -= 8
		}
	}
	put(uint64(log-5), 4)
	size := 1 << log
	remaining := size + 1
	threshold := size
	nbBits := uint(log) + 1
	prev0 := false
	s := 0
	for s < len(norm) && remaining > 1 {
		if prev0 {
			start := s
			for s < len(norm) && norm[s] == 0 {
				s++
			}
			for s >= start+24 {
				start += 24
				put(0xFFFF, 16)
			}
			for s >= start+3 {
				start += 3
				put(3, 2)
			}
			put(uint64(s-start), 2)
		}
		c := int(norm[s])
		s++
		max := 2*threshold - 1 - remaining
		if c < 0 {
			remaining += c
		} else {
			remaining -= c
		}
		c++
		if c >= threshold {
			c += max
		}
		n := nbBits
		if c < max {
			n--
		}
		put(uint64(c), n)
		prev0 = c == 1
		for remaining < threshold {
			nbBits--
			threshold >>= 1
		}
	}
	if nb > 0 {
		out = append(out, byte(acc))
	}
	return out
}
