package blosclz

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// refCompress is a deliberately literal model of C-Blosc2's
// blosclz_compress (get_cratio, then the main loop writing one literal at a
// time with C's room checks). Compress must produce the same bytes and the
// same refusals; the fast version defers literals, which this model does
// not.
func refCompress(dst, src []byte, clevel int) int {
	if clevel < 1 {
		return 0
	}
	if clevel > 9 {
		clevel = 9
	}
	maxout := min(len(dst), len(src))
	hashLog := hashLogs[clevel]
	htab := make([]uint32, 1<<hashLog)
	h := func(seq uint32) uint32 { return (seq * hashMul) >> (32 - hashLog) }
	ld := func(b []byte, i int) uint32 {
		return uint32(b[i]) | uint32(b[i+1])<<8 | uint32(b[i+2])<<16 | uint32(b[i+3])<<24
	}
	// Byte-at-a-time match end, as get_match/get_run.
	matchTo := func(b []byte, ip, ref, bound int) int {
		for ip < bound {
			eq := b[ref] == b[ip]
			ip++
			ref++
			if !eq {
				break
			}
		}
		return ip
	}

	maxlen := len(src)
	switch {
	case clevel < 2:
		maxlen /= 8
	case clevel < 4:
		maxlen /= 4
	case clevel < 7:
		maxlen /= 2
	}
	base := len(src) - maxlen
	limit := min(maxlen, 1<<hashLog)
	{
		in := src[base : base+limit]
		ip, oc, cp := 0, 5, 4
		for ip < limit-12 {
			anchor := ip
			seq := ld(in, ip)
			hv := h(seq)
			ref := int(htab[hv])
			dist := anchor - ref
			htab[hv] = uint32(anchor)
			literal := func() {
				oc++
				anchor++
				ip = anchor
				cp++
				if cp == 32 {
					cp = 0
					oc++
				}
			}
			if dist == 0 || dist >= maxFarDist || ld(in, ref) != ld(in, ip) {
				literal()
				continue
			}
			ip = matchTo(in, anchor+4, ref+4, limit-1) - 4
			dist--
			n := ip - anchor
			if n < 4 {
				literal()
				continue
			}
			if cp == 0 {
				oc--
			}
			cp = 0
			if n >= 7 {
				oc += (n-7)/255 + 1
			}
			if dist < maxNearDist {
				oc += 2
			} else {
				oc += 4
			}
			htab[h(ld(in, ip))] = uint32(ip)
			ip += 2
			oc++
		}
		if float64(ip)/float64(oc) < minRatios[clevel] {
			return 0
		}
	}
	if len(src) < 16 || maxout < 66 {
		return 0
	}
	for i := range htab {
		htab[i] = 0
	}
	out := dst[:maxout]
	op := 0
	room := func(k int) bool { return op+k <= maxout }
	out[0] = 31
	copy(out[1:5], src[:4])
	op = 5
	ip, cp := 4, 4
	ipBound, ipLimit := len(src)-1, len(src)-12
	for ip < ipLimit {
		anchor := ip
		seq := ld(src, ip)
		hv := h(seq)
		ref := int(htab[hv])
		dist := anchor - ref
		htab[hv] = uint32(anchor)
		isLit := dist == 0 || dist >= maxFarDist || ld(src, ref) != seq
		var n int
		if !isLit {
			ip = matchTo(src, anchor+4, ref+4, ipBound) - 4
			dist--
			n = ip - anchor
			isLit = n < 4 || (n <= 5 && dist >= maxNearDist)
		}
		if isLit {
			if !room(2) {
				return 0
			}
			out[op] = src[anchor]
			op++
			ip = anchor + 1
			cp++
			if cp == 32 {
				cp = 0
				out[op] = 31
				op++
			}
			continue
		}
		if cp != 0 {
			out[op-cp-1] = byte(cp - 1)
		} else {
			op--
		}
		cp = 0
		far := dist >= maxNearDist
		d := dist
		if far {
			d -= maxNearDist
		}
		hi := d >> 8
		if far {
			hi = 31
		}
		if n < 7 {
			if (!far && !room(2)) || (far && !room(4)) {
				return 0
			}
			out[op] = byte(n<<5 + hi)
			op++
		} else {
			if !room(1) {
				return 0
			}
			out[op] = byte(7<<5 + hi)
			op++
			for n -= 7; n >= 255; n -= 255 {
				if !room(1) {
					return 0
				}
				out[op] = 255
				op++
			}
			if (!far && !room(2)) || (far && !room(4)) {
				return 0
			}
			out[op] = byte(n)
			op++
		}
		if far {
			out[op], out[op+1], out[op+2] = 255, byte(d>>8), byte(d)
			op += 3
		} else {
			out[op] = byte(d)
			op++
		}
		seq = ld(src, ip)
		htab[h(seq)] = uint32(ip)
		ip++
		if clevel == 9 {
			htab[h(seq>>8)] = uint32(ip)
		}
		ip++
		if !room(1) {
			return 0
		}
		out[op] = 31
		op++
	}
	for ip <= ipBound {
		if !room(2) {
			return 0
		}
		out[op] = src[ip]
		op++
		ip++
		cp++
		if cp == 32 {
			cp = 0
			out[op] = 31
			op++
		}
	}
	if cp != 0 {
		out[op-cp-1] = byte(cp - 1)
	} else {
		op--
	}
	out[0] |= 0x20
	if op >= len(src) {
		return 0
	}
	return op
}

// checkAgainstRef compares Compress with refCompress for one case.
func checkAgainstRef(t *testing.T, name string, src []byte, capacity, clevel int) {
	t.Helper()
	a := make([]byte, capacity)
	b := make([]byte, capacity)
	na := Compress(a, src, clevel)
	nb := refCompress(b, src, clevel)
	if na != nb || !bytes.Equal(a[:na], b[:nb]) {
		t.Fatalf("%s cap %d clevel %d: Compress %d bytes, model %d bytes (equal prefix: %v)",
			name, capacity, clevel, na, nb, bytes.Equal(a[:min(na, nb)], b[:min(na, nb)]))
	}
}

// TestCompressMatchesModel checks the fast compressor against the literal
// model on varied data, at every level, with capacities from ample to so
// small that the output no longer fits (exercising every room check).
func TestCompressMatchesModel(t *testing.T) {
	inputs := testInputs()
	r := testgen.SplitMix64(99)
	nmixed := 20
	if testing.Short() {
		nmixed = 5
	}
	for i := 0; i < nmixed; i++ {
		// Mixed inputs: random bytes with random repeats, near and far.
		n := 16 + int(r.Next()%20000)
		b := testgen.Random(n, r.Next())
		for k := 0; k < int(r.Next()%200); k++ {
			from, to := int(r.Next()%uint64(n)), int(r.Next()%uint64(n))
			l := int(r.Next() % 300)
			if from+l <= n && to+l <= n {
				copy(b[to:to+l], b[from:from+l])
			}
			if r.Next()%4 == 0 && to+l <= n {
				for j := to; j < to+l; j++ {
					b[j] = b[to]
				}
			}
		}
		inputs = append(inputs, testInput{fmt.Sprintf("mixed%d", i), b})
	}
	for n := 0; n <= 80; n += 3 {
		inputs = append(inputs, testInput{fmt.Sprintf("tiny%d", n), make([]byte, n)},
			testInput{fmt.Sprintf("tinytext%d", n), testgen.Text(n, uint64(n))})
	}
	for _, in := range inputs {
		src := in.data
		if testing.Short() && len(src) > 1<<14 {
			src = src[:1<<14]
		}
		for clevel := 1; clevel <= 10; clevel++ {
			if testing.Short() && clevel%3 != 0 && clevel != 1 {
				continue // 1, 3, 6, 9
			}
			full := make([]byte, len(src))
			n := refCompress(full, src, clevel)
			caps := []int{len(src), len(src) + 100, 65, 66, 67}
			if n > 0 {
				// Capacities around the real size make the room checks
				// fail at every kind of instruction near the end.
				step := 1
				if testing.Short() {
					step = 7
				}
				for d := -40; d <= 3; d += step {
					caps = append(caps, n+d)
				}
				caps = append(caps, n/2, n*3/4)
			}
			for _, c := range caps {
				if c >= 0 {
					checkAgainstRef(t, in.name, src, c, clevel)
				}
			}
		}
	}
}
