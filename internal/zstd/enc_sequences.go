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
	codes [3][]uint8
	cnt   [3][64]uint32
	norm  [3][64]int16
	tabs  [3]fseEncTable
	pre   [3]fseEncTable
	bw    bitWriter
}

var predefEnc [3]fseEncTable

func init() {
	for k := range predefEnc {
		predefEnc[k].build(predefNorm[k], predefLog[k])
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
	for k := range e.codes {
		e.codes[k] = e.codes[k][:0]
		e.cnt[k] = [64]uint32{}
	}
	for _, s := range seqs {
		l, o, m := llCode(s.litLen), ofCode(s.offBase), mlCode(s.matchLen)
		e.codes[kindLL] = append(e.codes[kindLL], l)
		e.codes[kindOF] = append(e.codes[kindOF], o)
		e.codes[kindML] = append(e.codes[kindML], m)
		e.cnt[kindLL][l]++
		e.cnt[kindOF][o]++
		e.cnt[kindML][m]++
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
	w := &e.bw
	w.out = out
	var sl, so, sm fseState
	last := n - 1
	sm.init(tabs[kindML], e.codes[kindML][last])
	so.init(tabs[kindOF], e.codes[kindOF][last])
	sl.init(tabs[kindLL], e.codes[kindLL][last])
	putExtras(w, seqs[last], e.codes[kindLL][last], e.codes[kindML][last], e.codes[kindOF][last])
	for i := n - 2; i >= 0; i-- {
		l, o, m := e.codes[kindLL][i], e.codes[kindOF][i], e.codes[kindML][i]
		so.encode(w, o)
		sm.encode(w, m)
		sl.encode(w, l)
		putExtras(w, seqs[i], l, m, o)
	}
	sm.flush(w)
	so.flush(w)
	sl.flush(w)
	w.close()
	out = w.out
	w.out = nil
	return out
}

// putExtras writes the extra bits of s: literal length, match length,
// offset.
func putExtras(w *bitWriter, s seq, l, m, o uint8) {
	w.add(uint64(s.litLen-llBase[l]), uint(llBits[l]))
	w.add(uint64(s.matchLen-mlBase[m]), uint(mlBits[m]))
	w.add(uint64(s.offBase), uint(o))
}

// buildRLE makes a table of one symbol, read with no bits.
func (t *fseEncTable) buildRLE(s uint8) {
	t.log = 0
	t.state[0] = 0
	t.sym[s] = fseSym{}
}
