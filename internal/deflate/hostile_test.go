package deflate

import (
	"errors"
	"strings"
	"testing"
)

// dynamicBlock writes a final dynamic block header whose code lengths are
// lit (for HLIT codes) and dist (for HDIST codes), sent with a precode in
// which symbols 0-15 have 4-bit codes (so 16-18 are unused), then the
// symbols given as (code, length) pairs of the litlen code, MSB first.
func dynamicBlock(lit, dist []uint8, body func(w *bitWriter)) []byte {
	var w bitWriter
	w.put(1, 1)
	w.put(2, 2)
	w.put(uint64(len(lit)-257), 5)
	w.put(uint64(len(dist)-1), 5)
	w.put(19-4, 4)
	for _, s := range precodeOrder {
		if s < 16 {
			w.put(4, 3)
		} else {
			w.put(0, 3)
		}
	}
	for _, l := range append(append([]uint8{}, lit...), dist...) {
		w.putCode(uint64(l), 4)
	}
	if body != nil {
		body(&w)
	}
	return w.flush()
}

// rawHeader writes a final dynamic block header with the given HLIT, HDIST
// and precode lengths (in symbol order), then the precode symbols.
func rawHeader(hlit, hdist int, plens [19]uint8, syms func(w *bitWriter)) []byte {
	var w bitWriter
	w.put(1, 1)
	w.put(2, 2)
	w.put(uint64(hlit-257), 5)
	w.put(uint64(hdist-1), 5)
	w.put(19-4, 4)
	for _, s := range precodeOrder {
		w.put(uint64(plens[s]), 3)
	}
	if syms != nil {
		syms(&w)
	}
	w.put(0, 32)
	return w.flush()
}

func lens(n int, set map[int]uint8) []uint8 {
	l := make([]uint8, n)
	for s, v := range set {
		l[s] = v
	}
	return l
}

func TestHostile(t *testing.T) {
	// Precode: 16 -> '0', 0 -> '10', 18 -> '11'.
	var rep [19]uint8
	rep[16], rep[0], rep[18] = 1, 2, 2
	var single [19]uint8
	single[0] = 1
	var over [19]uint8
	for i := range over {
		over[i] = 1
	}
	matchFirst := func() []byte {
		var w bitWriter
		w.put(1, 1)
		w.put(1, 2)
		w.fixedLit(257) // length 3
		w.put(0, 5)     // distance 1, nothing before
		w.fixedLit(256)
		return w.flush()
	}
	fixedSyms := func(f func(w *bitWriter)) []byte {
		var w bitWriter
		w.put(1, 1)
		w.put(1, 2)
		f(&w)
		w.fixedLit(256)
		return w.flush()
	}
	cases := []struct {
		name   string
		src    []byte
		dstLen int
		reason string
	}{
		{"block type 3", []byte{0x07, 0, 0, 0}, 10, errBlockType},
		{"stored nlen", []byte{0x01, 5, 0, 0, 0, 'a', 'b', 'c', 'd', 'e'}, 10, errStoredLen},
		{"stored truncated", []byte{0x01, 5, 0, 0xfa, 0xff, 'a', 'b'}, 10, errTruncated},
		{"stored header truncated", []byte{0x01, 5, 0}, 10, errTruncated},
		{"stored past dst", []byte{0x01, 5, 0, 0xfa, 0xff, 'a', 'b', 'c', 'd', 'e'}, 4, errOutput},
		{"empty input", nil, 10, errTruncated},
		{"not final, then nothing", []byte{0x00, 0, 0, 0xff, 0xff}, 10, errTruncated},
		{"distance before start", matchFirst(), 10, errDistance},
		{"fixed litlen 286", fixedSyms(func(w *bitWriter) { w.fixedLit(286) }), 10, errInvalidCode},
		{"fixed distance 30", fixedSyms(func(w *bitWriter) { w.fixedLit('a'); w.fixedLit(257); w.putCode(30, 5) }), 10, errInvalidCode},
		{"literals past dst", fixedSyms(func(w *bitWriter) {
			for i := 0; i < 20; i++ {
				w.fixedLit('x')
			}
		}), 19, errOutput},
		{"match past dst", fixedSyms(func(w *bitWriter) { w.fixedLit('x'); w.fixedLength(258) }), 200, errOutput},
		{"too many litlen codes", rawHeader(287, 1, rep, nil), 10, errTooManyCodes},
		{"too many distance codes", rawHeader(257, 31, rep, nil), 10, errTooManyCodes},
		{"oversubscribed precode", rawHeader(257, 1, over, nil), 10, errOversub},
		{"incomplete precode", rawHeader(257, 1, single, nil), 10, errIncomplete},
		{"repeat first", rawHeader(257, 1, rep, func(w *bitWriter) { w.put(0, 1); w.put(0, 2) }), 10, errRepeatFirst},
		{"repeat past the end", rawHeader(257, 1, rep, func(w *bitWriter) {
			w.put(3, 2)
			w.put(127, 7)
			w.put(3, 2)
			w.put(127, 7)
		}), 10, errRepeatLong},
		{"no end-of-block", dynamicBlock(lens(257, map[int]uint8{'a': 1, 'b': 1}), lens(1, nil), nil), 10, errNoEOB},
		{"oversubscribed litlen", dynamicBlock(lens(257, map[int]uint8{'a': 1, 'b': 1, 256: 1}), lens(1, nil), nil), 10, errOversub},
		{"incomplete litlen", dynamicBlock(lens(257, map[int]uint8{'a': 2, 256: 2}), lens(1, nil), nil), 10, errIncomplete},
		{"incomplete distance", dynamicBlock(lens(258, map[int]uint8{'a': 1, 256: 2, 257: 2}), lens(2, map[int]uint8{0: 2, 1: 2}), nil), 10, errIncomplete},
		{"oversubscribed distance", dynamicBlock(lens(258, map[int]uint8{'a': 1, 256: 2, 257: 2}), lens(3, map[int]uint8{0: 1, 1: 1, 2: 1}), nil), 10, errOversub},
		{"match with empty distance code", dynamicBlock(lens(258, map[int]uint8{'a': 1, 256: 2, 257: 2}), lens(1, nil), func(w *bitWriter) {
			w.putCode(0, 1) // 'a'
			w.putCode(3, 2) // 257: length 3
			w.put(0, 8)     // no distance code exists
		}), 10, errInvalidCode},
		{"incomplete distance code, hole used", dynamicBlock(lens(258, map[int]uint8{'a': 1, 256: 2, 257: 2}), lens(1, map[int]uint8{0: 1}), func(w *bitWriter) {
			w.putCode(0, 1)
			w.putCode(3, 2)
			w.putCode(1, 1) // the hole of the single-code distance code
		}), 10, errInvalidCode},
	}
	var d Decompressor
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			buf := make([]byte, c.dstLen+300)
			for i := range buf {
				buf[i] = 0xa5
			}
			_, _, err := d.Decompress(buf[:c.dstLen:c.dstLen], c.src)
			var ce *CorruptError
			if !errors.Is(err, ErrCorrupt) || !errors.As(err, &ce) || !strings.Contains(ce.Reason, c.reason) {
				t.Fatalf("err %v, want %q", err, c.reason)
			}
			if ce.Offset < 0 || ce.Offset > len(c.src) {
				t.Fatalf("offset %d outside the input (%d bytes)", ce.Offset, len(c.src))
			}
		})
	}
}

// TestIncompleteAccepted checks the incomplete codes zlib accepts: a
// single distance code, no distance code at all, a litlen code of only the
// end-of-block.
func TestIncompleteAccepted(t *testing.T) {
	var d Decompressor
	dst := make([]byte, 10)
	src := dynamicBlock(lens(258, map[int]uint8{'a': 1, 256: 2, 257: 2}), lens(1, map[int]uint8{0: 1}), func(w *bitWriter) {
		w.putCode(0, 1) // 'a'
		w.putCode(3, 2) // length 3
		w.putCode(0, 1) // distance 1
		w.putCode(2, 2) // end of block
	})
	if n, _, err := d.Decompress(dst, src); err != nil || string(dst[:n]) != "aaaa" {
		t.Fatalf("single distance code: %q %v", dst[:n], err)
	}
	src = dynamicBlock(lens(257, map[int]uint8{'a': 1, 256: 1}), lens(1, nil), func(w *bitWriter) {
		w.putCode(0, 1)
		w.putCode(1, 1)
	})
	if n, _, err := d.Decompress(dst, src); err != nil || string(dst[:n]) != "a" {
		t.Fatalf("empty distance code: %q %v", dst[:n], err)
	}
	src = dynamicBlock(lens(257, map[int]uint8{256: 1}), lens(1, nil), func(w *bitWriter) { w.putCode(0, 1) })
	if n, _, err := d.Decompress(dst, src); err != nil || n != 0 {
		t.Fatalf("end-of-block only: %d %v", n, err)
	}
}

// TestTruncated cuts valid streams at every length: an error, never a
// panic or a write past dst.
func TestTruncated(t *testing.T) {
	var d Decompressor
	data := inputs[5].gen(3000)
	for _, e := range encoders {
		comp := e.enc(data)
		for cut := 0; cut < len(comp); cut++ {
			buf := make([]byte, len(data)+300)
			n, _, err := d.Decompress(buf[:len(data):len(data)], comp[:cut])
			if err == nil && n == len(data) {
				// A cut in the last byte's padding can still be complete.
				if cut < len(comp)-1 {
					t.Fatalf("%s cut %d/%d: no error", e.name, cut, len(comp))
				}
			}
			for _, b := range buf[len(data):] {
				if b != 0 {
					t.Fatalf("%s cut %d: wrote past dst", e.name, cut)
				}
			}
		}
	}
}
