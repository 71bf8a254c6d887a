package zstd

import (
	"math"
	"math/bits"
)

// seq is one sequence: literals copied, then a match. offBase is the
// offset value as coded: 1-3 a repeat offset, else the offset plus 3.
type seq struct {
	litLen   uint32
	matchLen uint32
	offBase  uint32
}

// Code lookups for small lengths (RFC 8878 3.1.1.3.2.1).
var (
	llCodeSmall [64]uint8
	mlCodeSmall [128]uint8
)

// init runs before fse.go's (files initialize in name order), so it
// derives the code boundaries from the extra-bit counts itself.
func init() {
	base, c := 0, 0
	for v := 0; v < 64; v++ {
		for c < 35 && v >= base+1<<llBits[c] {
			base += 1 << llBits[c]
			c++
		}
		llCodeSmall[v] = uint8(c)
	}
	base, c = 0, 0
	for v := 0; v < 128; v++ {
		for c < 52 && v >= base+1<<mlBits[c] {
			base += 1 << mlBits[c]
			c++
		}
		mlCodeSmall[v] = uint8(c)
	}
}

func llCode(ll uint32) uint8 {
	if ll < 64 {
		return llCodeSmall[ll]
	}
	return uint8(bits.Len32(ll) - 1 + 19)
}

// mlCode returns the code of match length ml (at least 3).
func mlCode(ml uint32) uint8 {
	b := ml - 3
	if b < 128 {
		return mlCodeSmall[b]
	}
	return uint8(bits.Len32(b) - 1 + 36)
}

func ofCode(ob uint32) uint8 { return uint8(bits.Len32(ob) - 1) }

// Compression modes of a sequences table.
const (
	modePredef = 0
	modeRLE    = 1
	modeFSE    = 2
)

// seqEnc holds the scratch of sequence encoding.
type seqEnc struct {
	codes []seqCodes
	cnt   [3][64]uint32
	norm  [3][64]int16
	tabs  [3]fseEncTable
	bw    bitWriter
}

// seqCodes are a sequence's literal length, match length and offset
// codes.
type seqCodes struct{ ll, ml, of uint8 }

var predefEnc [3]fseEncTable

// llExtra and mlExtra are the baselines and extra-bit counts of the
// literal and match length codes, indexed by code (63 at most, so that
// a masked code needs no bounds check).
var llExtra, mlExtra [64]struct {
	base uint32
	bits uint8
}

func init() {
	for k := range predefEnc {
		predefEnc[k].build(predefNorm[k], predefLog[k])
	}
	base := uint32(0)
	for c := 0; c < 36; c++ {
		llExtra[c].base, llExtra[c].bits = base, llBits[c]
		base += 1 << llBits[c]
	}
	base = 3
	for c := 0; c < 53; c++ {
		mlExtra[c].base, mlExtra[c].bits = base, mlBits[c]
		base += 1 << mlBits[c]
	}
}

// encode appends the sequences section for seqs to out.
func (e *seqEnc) encode(out []byte, seqs []seq) []byte {
	n := len(seqs)
	switch {
	case n < 128:
		out = append(out, byte(n))
	case n < 0x7F00:
		out = append(out, byte(n>>8+128), byte(n))
	default:
		out = append(out, 255, byte(n-0x7F00), byte((n-0x7F00)>>8))
	}
	if n == 0 {
		return out
	}
	if cap(e.codes) < n {
		e.codes = make([]seqCodes, n, n+n/4)
	}
	codes := e.codes[:n]
	e.cnt = [3][64]uint32{}
	cll, cml, cof := &e.cnt[kindLL], &e.cnt[kindML], &e.cnt[kindOF]
	for i, s := range seqs {
		l, o, m := llCode(s.litLen), ofCode(s.offBase), mlCode(s.matchLen)
		codes[i] = seqCodes{ll: l, ml: m, of: o}
		cll[l&63]++
		cof[o&63]++
		cml[m&63]++
	}
	modesAt := len(out)
	out = append(out, 0)
	var tabs [3]*fseEncTable
	var modes byte
	for k := kindLL; k <= kindML; k++ {
		cnt := e.cnt[k][:fseMaxSym[k]+1]
		maxSym, used := 0, 0
		for s, c := range cnt {
			if c != 0 {
				maxSym = s
				used++
			}
		}
		mode := modePredef
		if used == 1 && n > 2 {
			mode = modeRLE
		} else if n > 16 || fseCost(cnt, predefNorm[k], predefLog[k]) == math.Inf(1) {
			log := fseTableLog(fseMaxLog[k], n, maxSym)
			norm := e.norm[k][:maxSym+1]
			normalize(norm, cnt[:maxSym+1], n, log)
			pre := fseCost(cnt, predefNorm[k], predefLog[k])
			own := fseCost(cnt, norm, log) + float64(8*(2+(maxSym+1)*int(log)/8))
			if own < pre {
				mode = modeFSE
				e.tabs[k].build(norm, log)
				tabs[k] = &e.tabs[k]
				out = writeNCount(out, norm, log)
			}
		}
		switch mode {
		case modePredef:
			tabs[k] = &predefEnc[k]
		case modeRLE:
			out = append(out, byte(maxSym))
			e.tabs[k].buildRLE(uint8(maxSym))
			tabs[k] = &e.tabs[k]
		}
		modes |= byte(mode) << (6 - 2*k)
	}
	out[modesAt] = modes
	return e.bitstream(out, seqs, codes, tabs[kindLL], tabs[kindML], tabs[kindOF])
}

// bitstream appends the sequences' bit stream, coded with the tables
// tl, tm and to, to out. It is zstd's ZSTD_encodeSequences: the states
// and extra bits of a sequence go into a 64-bit accumulator that is
// flushed only where the bits might not fit (states take at most 26
// bits, extra bits at most 16+16+31).
func (e *seqEnc) bitstream(out []byte, seqs []seq, codes []seqCodes, tl, tm, to *fseEncTable) []byte {
	n := len(seqs)
	w := &e.bw
	w.start(out, 12*n+16)
	last := n - 1
	var sl, so, sm fseState
	sm.init(tm, codes[last].ml)
	so.init(to, codes[last].of)
	sl.init(tl, codes[last].ll)
	putExtras(w, seqs[last], codes[last])
	w.flush()
	st := seqBitsState{acc: w.acc, nb: uint64(w.nbits), vl: uint64(sl.v), vm: uint64(sm.v), vo: uint64(so.v)}
	w.pos = seqBits(w.buf, w.pos, &st, seqs[:last], codes[:last], tl, tm, to)
	w.acc, w.nbits = st.acc, uint(st.nb)
	sl.v, sm.v, so.v = uint32(st.vl), uint32(st.vm), uint32(st.vo)
	sm.flush(w)
	so.flush(w)
	sl.flush(w)
	w.close()
	return w.end()
}

// putExtras writes the extra bits of s, whose codes are c: literal
// length, match length, offset.
func putExtras(w *bitWriter, s seq, c seqCodes) {
	w.add(uint64(s.litLen-llExtra[c.ll].base), uint(llExtra[c.ll].bits))
	w.add(uint64(s.matchLen-mlExtra[c.ml].base), uint(mlExtra[c.ml].bits))
	w.add(uint64(s.offBase), uint(c.of))
}

// buildRLE makes a table of one symbol, read with no bits.
func (t *fseEncTable) buildRLE(s uint8) {
	t.log = 0
	t.state[0] = 0
	t.sym[s] = fseSym{}
}
