package zstd

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
	"github.com/blosc2go/blosc2/internal/testgen"
	kzstd "github.com/klauspost/compress/zstd"
)

// hufAsmCPU is whether this CPU runs the assembly loops (useHufAsm as the
// package set it).
var hufAsmCPU = useHufAsm

// hufMode is a way of decoding 4-stream Huffman literals: a forced table
// (hufForce) with the generic or the assembly loop.
type hufMode struct {
	name  string
	force int
	asm   bool
}

// hufModes returns every mode this build and CPU can run; the first, the
// generic single-symbol loop, is the reference.
func hufModes() []hufMode {
	m := []hufMode{{"x1", 1, false}, {"x2", 2, false}, {"auto", 0, false}}
	if hufAsm && hufAsmCPU {
		m = append(m, hufMode{"x1-asm", 1, true}, hufMode{"x2-asm", 2, true}, hufMode{"auto-asm", 0, true})
	}
	return m
}

// withHufMode runs f in mode m.
func withHufMode(m hufMode, f func()) {
	force, asm := hufForce, useHufAsm
	defer func() { hufForce, useHufAsm = force, asm }()
	hufForce, useHufAsm = m.force, m.asm
	f()
}

// hufLits returns n literals drawn so that symbol i < maxLen has count
// about 2^(maxLen-i-1) and symbol maxLen the same as symbol maxLen-1:
// Huffman codes of lengths 1, 2, ..., maxLen, maxLen.
func hufLits(n, maxLen int, seed int64) []byte {
	var w []byte
	for i := 0; i < maxLen; i++ {
		for k := 0; k < 1<<(maxLen-i-1); k++ {
			w = append(w, byte('a'+i))
		}
	}
	w = append(w, byte('a'+maxLen))
	r := rand.New(rand.NewSource(seed))
	b := make([]byte, n)
	// Every symbol at least once (so that the code is the designed one),
	// the rest drawn from w.
	for i := range b {
		if i < len(w) && n >= 4*len(w) {
			b[i] = w[i]
		} else {
			b[i] = w[r.Intn(len(w))]
		}
	}
	r.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
	return b
}

// litSection encodes lits as a literals section with this package's
// encoder (Huffman coded when that pays) followed by an empty sequences
// section.
func litSection(lits []byte) []byte {
	e := NewEncoder(1)
	return e.literals(nil, lits)
}

// litDecoders are checkLitModes' decoders, one per mode, reused (as
// blocks reuse them) from call to call.
var litDecoders [8]Decoder

// checkLitModes decodes the literals section sec in every mode and checks
// that all agree (output and error) with the first; when want is not nil,
// that the output is want. It returns the error of the first mode.
func checkLitModes(t *testing.T, name string, sec, want []byte) error {
	t.Helper()
	var ref []byte
	var refErr error
	for i, m := range hufModes() {
		var got []byte
		var err error
		withHufMode(m, func() {
			var lits []byte
			lits, _, err = litDecoders[i].literals(sec, maxBlockSize)
			got = append([]byte(nil), lits...)
		})
		if i == 0 {
			ref, refErr = got, err
			if want != nil && (err != nil || !bytes.Equal(got, want)) {
				t.Fatalf("%s/%s: %d literals, err %v, want %d", name, m.name, len(got), err, len(want))
			}
			continue
		}
		if fmt.Sprint(err) != fmt.Sprint(refErr) || (err == nil && !bytes.Equal(got, ref)) {
			t.Fatalf("%s/%s: err %v, want %v (same output %v)", name, m.name, err, refErr, bytes.Equal(got, ref))
		}
	}
	return refErr
}

// TestHufCodeLengths decodes literals whose Huffman codes are 1 to 11 bits
// at most, at sizes around the single/four-stream threshold, the size
// format changes and the double-symbol table's threshold, in every mode.
func TestHufCodeLengths(t *testing.T) {
	sizes := []int{64, 100, 255, 256, 257, 300, 1000, 1023, 1024, 1025, 2000,
		hufX2MinLits - 1, hufX2MinLits, hufX2MinLits + 1, 16383, 16384, 16385, 50000, maxBlockSize}
	for n := 64; n < 400; n += 13 {
		sizes = append(sizes, n)
	}
	for maxLen := 1; maxLen <= hufMaxBits; maxLen++ {
		for _, n := range sizes {
			lits := hufLits(n, maxLen, int64(n*31+maxLen))
			sec := litSection(lits)
			name := fmt.Sprintf("max%d/n%d", maxLen, n)
			if sec[0]&3 != litCompressed {
				if n >= 4<<(maxLen) {
					t.Fatalf("%s: not Huffman coded", name)
				}
				continue
			}
			checkLitModes(t, name, sec, lits)
			var d Decoder
			if _, _, err := d.literals(sec, maxBlockSize); err != nil {
				t.Fatal(err)
			}
			if n >= 4<<maxLen && int(d.huf.log) != maxLen {
				t.Fatalf("%s: table log %d", name, d.huf.log)
			}
		}
	}
}

// TestHufMutations decodes corrupted 4-stream literals sections in every
// mode: the same error (or the same output) from all.
func TestHufMutations(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	tries := 100
	if testing.Short() {
		tries = 30
	}
	for _, maxLen := range []int{2, 5, 8, 11} {
		for _, n := range []int{1500, 5000, 40000} {
			sec := litSection(hufLits(n, maxLen, int64(n+maxLen)))
			if sec[0]&3 != litCompressed {
				t.Fatalf("max%d/n%d: not Huffman coded", maxLen, n)
			}
			for i := 0; i < tries; i++ {
				m := append([]byte(nil), sec...)
				for k := 0; k <= i%3; k++ {
					p := 5 + r.Intn(len(m)-5)
					m[p] ^= byte(1 << r.Intn(8))
				}
				if i%10 == 9 {
					m = m[:len(m)-1-r.Intn(20)]
				}
				checkLitModes(t, fmt.Sprintf("max%d/n%d/mut%d", maxLen, n, i), m, nil)
			}
		}
	}
}

// hufSections returns the literals sections of the compressed blocks of
// every frame in f (frames one after the other; undecodable rest ignored).
func hufSections(tb testing.TB, f []byte) [][]byte {
	var secs [][]byte
	for len(f) > 0 {
		h, err := ReadFrameHeader(f)
		if err != nil {
			return secs
		}
		pos := h.HeaderSize
		for pos+3 <= len(f) {
			bh := int(f[pos]) | int(f[pos+1])<<8 | int(f[pos+2])<<16
			size := bh >> 3
			if bh>>1&3 == blockRLE {
				size = 1
			}
			if pos+3+size > len(f) {
				return secs
			}
			if bh>>1&3 == blockCompressed {
				secs = append(secs, f[pos+3:pos+3+size])
			}
			pos += 3 + size
			if bh&1 != 0 {
				break
			}
		}
		if h.Checksum {
			pos += 4
		}
		f = f[min(pos, len(f)):]
	}
	return secs
}

// checkFrameModes decodes frame f in every mode and compares with want.
func checkFrameModes(t *testing.T, name string, f, want []byte) {
	t.Helper()
	dst := make([]byte, len(want))
	for _, m := range hufModes() {
		withHufMode(m, func() {
			var d Decoder
			n, err := d.DecodeInto(dst, f)
			if err != nil || !bytes.Equal(dst[:n], want) {
				t.Fatalf("%s/%s: n=%d/%d err=%v", name, m.name, n, len(want), err)
			}
		})
	}
}

// hufInputs are inputs whose literals zstd Huffman-codes: streams of
// C-Blosc2's workloads (those with Huffman-coded literals: shuffled ones
// have raw literals) and generated text.
func hufInputs() map[string][]byte {
	in := map[string][]byte{}
	b := bloscStreams(1)
	for _, name := range []string{"f64-bitshuffle", "f64-noshuffle", "i32-noshuffle", "i32-shuffle"} {
		in["cl1-"+name] = b[name]
	}
	if !testing.Short() {
		in["cl5-i32-noshuffle"] = bloscStreams(5)["i32-noshuffle"]
	}
	in["text"] = testgen.Text(100000, 5)
	in["mixed"] = testgen.Mixed(80000, 6)
	return in
}

// TestHufModesKlauspost decodes frames klauspost writes at every level in
// every mode.
func TestHufModesKlauspost(t *testing.T) {
	for name, b := range hufInputs() {
		for _, lvl := range levels {
			f := encode(t, b, lvl, kzstd.WithEncoderCRC(false), kzstd.WithAllLitEntropyCompression(true))
			checkFrameModes(t, fmt.Sprintf("%s/%v", name, lvl), f, b)
		}
	}
}

// TestHufModesCLI decodes frames the zstd command line tool writes at
// levels 1-19 in every mode.
func TestHufModesCLI(t *testing.T) {
	tool := peertest.Command(t, "zstd", "zstd")
	in := hufInputs()
	for l := 1; l <= 19; l++ {
		if testing.Short() && l != 1 && l != 3 && l != 9 && l != 19 {
			continue
		}
		for name, b := range in {
			if (l > 6 && len(b) > 1<<17) || (l > 12 && name != "cl1-i32-noshuffle") {
				continue // slow to compress
			}
			f := runZstd(t, tool, b, fmt.Sprintf("-%d", l))
			checkFrameModes(t, fmt.Sprintf("%s/l%d", name, l), f, b)
		}
	}
}

// TestHufModesCorpus decodes every zstd frame found in the corpus copied
// into testdata (chunks and frames written by C-Blosc2: zstd streams
// inside) and the golden frames in every mode, and each literals section
// with its mutations.
func TestHufModesCorpus(t *testing.T) {
	var files []string
	for _, g := range []string{"../../testdata/chunks/*", "../../testdata/frames/*", "../../testdata/sframe/*", "../../testdata/b2nd/*", "testdata/golden/*.zst"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	magic := []byte{0x28, 0xB5, 0x2F, 0xFD}
	frames := 0
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		for i := 0; ; {
			j := bytes.Index(b[i:], magic)
			if j < 0 {
				break
			}
			i += j
			h, err := ReadFrameHeader(b[i:])
			if err != nil || !h.HasContentSize || h.ContentSize > 8<<20 || h.DictID != 0 {
				i++
				continue
			}
			dst := make([]byte, h.ContentSize)
			var d Decoder
			n, m, err := d.frame(dst, b[i:], nil)
			if err != nil || uint64(n) != h.ContentSize {
				i++
				continue
			}
			frames++
			f := b[i : i+m]
			checkFrameModes(t, fmt.Sprintf("%s@%d", filepath.Base(p), i), f, dst)
			i += m
		}
	}
	t.Logf("%d frames in %d files", frames, len(files))
	if frames == 0 {
		t.Skip("no zstd frames in the corpus copy")
	}
}

// TestHufBulkState runs the generic and assembly loops (single- and
// double-symbol) on the same 4-stream sections, intact and mutated, and
// compares the state they stop in and what they decoded.
func TestHufBulkState(t *testing.T) {
	if !hufAsm || !hufAsmCPU {
		t.Skip("no assembly loop on this build or CPU")
	}
	var secs [][]byte
	for maxLen := 1; maxLen <= hufMaxBits; maxLen++ {
		for _, n := range []int{300, 1100, 5000, 70000} {
			secs = append(secs, litSection(hufLits(n, maxLen, int64(n^maxLen))))
		}
	}
	for _, b := range hufInputs() {
		secs = append(secs, hufSections(t, NewEncoder(9).EncodeAll(nil, b))...)
	}
	r := rand.New(rand.NewSource(2))
	checked := 0
	for i, sec := range secs {
		for mut := 0; mut < 4; mut++ {
			s := sec
			if mut > 0 {
				s = append([]byte(nil), sec...)
				for k := 0; k < mut; k++ {
					s[5+r.Intn(len(s)-5)] ^= byte(1 << r.Intn(8))
				}
			}
			regen, src, tab := hufStreams(s)
			if src == nil {
				continue
			}
			tab.buildX2()
			dg, da := make([]byte, regen), make([]byte, regen)
			_, sg, streams, err := split4(dg, src)
			if err != nil {
				continue
			}
			s0 := sg
			for _, x2 := range []bool{false, true} {
				sg, sa := s0, s0
				clear(dg)
				clear(da)
				if x2 {
					hufBulk4X2Generic(&tab.dt2, dg, streams, &sg)
					hufBulk4X2BMI2(&tab.dt2, da, streams, &sa)
				} else {
					hufBulk4X1Generic(tab, dg, streams, &sg)
					hufBulk4X1BMI2(&tab.dt, uint(tab.log), da, streams, &sa)
				}
				if sg != sa {
					t.Fatalf("section %d/%d x2=%v: state %+v, generic %+v", i, mut, x2, sa, sg)
				}
				if sg == s0 && len(dg) >= 4000 && mut == 0 {
					t.Fatalf("section %d x2=%v: the bulk loop decoded nothing", i, x2)
				}
				seg := (regen + 3) / 4
				for k := 0; k < 4; k++ {
					if !bytes.Equal(dg[k*seg:sg.out[k]], da[k*seg:sa.out[k]]) {
						t.Fatalf("section %d/%d x2=%v: stream %d decodes differently", i, mut, x2, k)
					}
				}
				checked++
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d sections checked", checked)
	}
}

// hufStreams parses the 4-stream Huffman literals section sec: its number
// of literals, its streams (jump table first) and its table; src is nil
// for other sections and bad tree descriptions.
func hufStreams(sec []byte) (int, []byte, *hufTable) {
	if len(sec) < 5 || sec[0]&3 != litCompressed || sec[0]>>2&3 == 0 {
		return 0, nil, nil
	}
	var lh, regen, comp int
	switch sec[0] >> 2 & 3 {
	case 1:
		v := int(sec[0]) | int(sec[1])<<8 | int(sec[2])<<16
		lh, regen, comp = 3, v>>4&0x3FF, v>>14&0x3FF
	case 2:
		v := int(binary.LittleEndian.Uint32(sec))
		lh, regen, comp = 4, v>>4&0x3FFF, v>>18&0x3FFF
	case 3:
		v := uint64(binary.LittleEndian.Uint32(sec)) | uint64(sec[4])<<32
		lh, regen, comp = 5, int(v>>4&0x3FFFF), int(v>>22&0x3FFFF)
	}
	if comp > len(sec)-lh || regen > maxBlockSize {
		return 0, nil, nil
	}
	tab := new(hufTable)
	var wt fseTable
	var norm [64]int16
	n, err := readHufTable(tab, sec[lh:lh+comp], &wt, &norm)
	if err != nil {
		return 0, nil, nil
	}
	return regen, sec[lh+n : lh+comp], tab
}

// FuzzHuffman encodes the input as a Huffman literals section (when that
// pays), then decodes it and a mutation of it in every mode: all modes
// must agree, and the intact section must give the input back.
//
//	go test -run '^$' -fuzz FuzzHuffman ./internal/zstd
func FuzzHuffman(f *testing.F) {
	for _, maxLen := range []int{1, 4, 8, 11} {
		f.Add(hufLits(3000, maxLen, 1), uint32(maxLen*77))
	}
	f.Add(testgen.Text(6000, 3), uint32(5))
	f.Add(testgen.Shuffle(testgen.RampNoise(2048), 4), uint32(9))
	f.Fuzz(func(t *testing.T, lits []byte, mut uint32) {
		if len(lits) > maxBlockSize {
			return
		}
		sec := litSection(lits)
		if sec[0]&3 != litCompressed {
			return
		}
		checkLitModes(t, "intact", sec, lits)
		m := append([]byte(nil), sec...)
		m[int(mut%uint32(len(m)))] ^= byte(1 << (mut >> 29))
		if mut&(1<<28) != 0 && len(m) > 8 {
			m = m[:len(m)-int(mut>>16&7)]
		}
		checkLitModes(t, "mutated", m, nil)
	})
}
