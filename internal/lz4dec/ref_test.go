package lz4dec

// Test helpers: a plain reference decoder (one byte at a time, no fast
// paths), the pierrec/lz4 oracle, a greedy encoder that uses a dictionary,
// and the test inputs.

import (
	"github.com/blosc2go/blosc2/internal/lz4enc"
	"github.com/blosc2go/blosc2/internal/lz4hc"
	"github.com/blosc2go/blosc2/internal/testgen"
	"github.com/pierrec/lz4/v4"
)

// refDecode decodes src as the LZ4 format says, with the acceptance rules
// of Decompress, into a fresh slice of at most max bytes; ok is false for a
// malformed block.
func refDecode(src, dict []byte, max int) (out []byte, ok bool) {
	out = []byte{}
	if len(src) == 0 {
		return out, true
	}
	si := 0
	length := func(n int) (int, bool) {
		for {
			if si >= len(src) {
				return 0, false
			}
			x := int(src[si])
			si++
			n += x
			if n > len(src)+max+minMatch+15 {
				return 0, false
			}
			if x != 255 {
				return n, true
			}
		}
	}
	for si < len(src) {
		tok := int(src[si])
		si++
		lit := tok >> 4
		if lit == 15 {
			var ok bool
			if lit, ok = length(lit); !ok {
				return nil, false
			}
		}
		if lit > len(src)-si || len(out)+lit > max {
			return nil, false
		}
		out = append(out, src[si:si+lit]...)
		si += lit
		if si == len(src) {
			if tok&15 != 0 {
				return nil, false
			}
			return out, true
		}
		if si+2 > len(src) {
			return nil, false
		}
		off := int(src[si]) | int(src[si+1])<<8
		si += 2
		if off == 0 {
			return nil, false
		}
		ml := tok&15 + minMatch
		if ml == 15+minMatch {
			var ok bool
			if ml, ok = length(ml); !ok {
				return nil, false
			}
		}
		if len(out)+ml > max || off > len(out)+len(dict) {
			return nil, false
		}
		for i := 0; i < ml; i++ {
			p := len(out) - off
			if p >= 0 {
				out = append(out, out[p])
			} else {
				out = append(out, dict[len(dict)+p])
			}
		}
	}
	return out, true
}

// oracle decodes with pierrec/lz4 into dst.
func oracle(dst, src, dict []byte) (int, error) {
	if dict != nil {
		return lz4.UncompressBlockWithDict(src, dst, dict)
	}
	return lz4.UncompressBlock(src, dst)
}

// compressDict is a greedy LZ4 encoder whose matches may start in dict (the
// bytes before src): a hash of 4 bytes, the last position per hash, matches
// of 4 bytes or more within 65535 bytes. It makes the blocks that
// C-Blosc2's LZ4 dictionaries give, for the tests only.
func compressDict(src, dict []byte) []byte {
	buf := append(append([]byte(nil), dict...), src...)
	start := len(dict)
	var table [1 << 14]int
	for i := range table {
		table[i] = -1
	}
	hash := func(p int) int {
		v := uint32(buf[p]) | uint32(buf[p+1])<<8 | uint32(buf[p+2])<<16 | uint32(buf[p+3])<<24
		return int(v * 2654435761 >> 18)
	}
	for p := 0; p+4 <= start; p++ {
		table[hash(p)] = p
	}
	var out []byte
	putLen := func(n int) {
		for ; n >= 255; n -= 255 {
			out = append(out, 255)
		}
		out = append(out, byte(n))
	}
	anchor := start
	end := len(buf) - 5 // the last 5 bytes are literals
	for p := start; p+4 <= end; {
		h := hash(p)
		c := table[h]
		table[h] = p
		if c < 0 || p-c > 65535 || buf[c] != buf[p] || buf[c+1] != buf[p+1] || buf[c+2] != buf[p+2] || buf[c+3] != buf[p+3] {
			p++
			continue
		}
		ml := 4
		for p+ml < end && buf[c+ml] == buf[p+ml] {
			ml++
		}
		lit := p - anchor
		tok := byte(min(lit, 15)<<4) | byte(min(ml-minMatch, 15))
		out = append(out, tok)
		if lit >= 15 {
			putLen(lit - 15)
		}
		out = append(out, buf[anchor:p]...)
		out = append(out, byte(p-c), byte((p-c)>>8))
		if ml-minMatch >= 15 {
			putLen(ml - minMatch - 15)
		}
		p += ml
		anchor = p
	}
	lit := len(buf) - anchor
	out = append(out, byte(min(lit, 15)<<4))
	if lit >= 15 {
		putLen(lit - 15)
	}
	return append(out, buf[anchor:]...)
}

// encoders compress src in the ways the blosc package does: lz4enc at
// accelerations 1 and 9 (clevels 9 and 1), lz4hc at levels 9 and 4.
var encoders = []struct {
	name string
	enc  func(src []byte) []byte
}{
	{"lz4enc-a1", func(src []byte) []byte { return lz4Compress(src, 1) }},
	{"lz4enc-a9", func(src []byte) []byte { return lz4Compress(src, 9) }},
	{"lz4hc-9", func(src []byte) []byte { return lz4hcCompress(src, 9) }},
	{"lz4hc-4", func(src []byte) []byte { return lz4hcCompress(src, 4) }},
}

func lz4Compress(src []byte, acceleration int) []byte {
	dst := make([]byte, lz4enc.CompressBound(len(src)))
	n := new(lz4enc.Compressor).Compress(dst, src, acceleration)
	return dst[:n]
}

func lz4hcCompress(src []byte, level int) []byte {
	dst := make([]byte, lz4enc.CompressBound(len(src)))
	n := lz4hc.NewCompressor().Compress(dst, src, level)
	return dst[:n]
}

// inputs are Blosc-like streams and harder cases, n bytes each.
var inputs = []struct {
	name string
	gen  func(n int) []byte
}{
	{"f64-shuffled", func(n int) []byte { return testgen.Shuffle(testgen.Sine(n), 8) }},
	{"i32-shuffled", func(n int) []byte { return testgen.Shuffle(testgen.RampNoise(n), 4) }},
	{"i32-noshuffle", func(n int) []byte { return testgen.RampNoise(n) }},
	{"text", func(n int) []byte { return testgen.Text(n, 1) }},
	{"runs", func(n int) []byte { return testgen.Runs(n, 2) }},
	{"mixed", func(n int) []byte { return testgen.Mixed(n, 3) }},
	{"random", func(n int) []byte { return testgen.Random(n, 4) }},
	{"zeros", func(n int) []byte { return make([]byte, n) }},
	{"periods", periods},
}

// periods repeats short patterns of every length 1 to 40, with matches at
// every short distance.
func periods(n int) []byte {
	out := make([]byte, 0, n+64)
	s := testgen.SplitMix64(5)
	for len(out) < n {
		p := 1 + s.Intn(40)
		pat := testgen.Random(p, s.Next())
		for k := 0; k < 1+s.Intn(200); k++ {
			out = append(out, pat[k%p])
		}
	}
	return out[:n]
}
