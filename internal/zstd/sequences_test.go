package zstd

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// requireSeqAsm skips tests of the assembly sequence loop where the build
// or the CPU has none.
func requireSeqAsm(t *testing.T) {
	t.Helper()
	if !haveSeqAsm || !useSeqAsm {
		t.Skip("no assembly sequence loop on this build or CPU")
	}
}

// withSeqAsm runs f with the assembly sequence loop on or off.
func withSeqAsm(on bool, f func()) {
	saved := useSeqAsm
	defer func() { useSeqAsm = saved }()
	useSeqAsm = on && saved
	f()
}

// decodeFrameBoth decodes the frame at the start of src into a dst of
// size bytes with the assembly loop and with the Go loop, and fails
// unless both give the same output, frame length and success.
func decodeFrameBoth(t *testing.T, name string, src []byte, size int, dict *Dict) {
	t.Helper()
	var outs [2][]byte
	var lens [2][2]int
	var errs [2]error
	for k, on := range []bool{true, false} {
		withSeqAsm(on, func() {
			var d Decoder
			dst := make([]byte, size)
			n, m, err := d.frame(dst, src, dict)
			outs[k], lens[k], errs[k] = dst[:max(n, 0)], [2]int{n, m}, err
		})
	}
	if (errs[0] == nil) != (errs[1] == nil) || (errs[0] == nil && (lens[0] != lens[1] || !bytes.Equal(outs[0], outs[1]))) {
		t.Fatalf("%s: assembly: %v %v; Go: %v %v", name, lens[0], errs[0], lens[1], errs[1])
	}
}

// TestSeqAsmCorpus cross-checks the assembly and Go loops on every Zstd
// frame inside the corpus files of the repository (chunks, frames, b2nd
// arrays, stores written by C-Blosc2 and python-blosc2): each place where
// the magic number appears is decoded as a frame.
func TestSeqAsmCorpus(t *testing.T) {
	requireSeqAsm(t)
	var magic [4]byte
	binary.LittleEndian.PutUint32(magic[:], FrameMagic)
	frames := 0
	err := filepath.Walk(filepath.Join("..", "..", "testdata"), func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for i := 0; ; {
			k := bytes.Index(b[i:], magic[:])
			if k < 0 {
				break
			}
			i += k
			h, err := ReadFrameHeader(b[i:])
			if err == nil && h.HasContentSize && h.ContentSize <= 64<<20 {
				decodeFrameBoth(t, fmt.Sprintf("%s@%d", p, i), b[i:], int(h.ContentSize), nil)
				frames++
			}
			i += 4
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if frames < 100 {
		t.Fatalf("only %d Zstd frames in the corpus", frames)
	}
	t.Logf("%d frames", frames)
}

// TestSeqAsmStreams cross-checks the two loops on generated sequences,
// frames from klauspost at every level, from the zstd command line tool
// at levels 1-19, and the streams of the matrix rows; and on truncated
// and bit-flipped variants of them (both fail or both agree).
func TestSeqAsmStreams(t *testing.T) {
	requireSeqAsm(t)
	type stream struct {
		name        string
		frame, want []byte
	}
	var ss []stream
	seeds := uint64(4)
	if testing.Short() {
		seeds = 1
	}
	// In short mode (also the race detector's run), fewer streams: the
	// generated ones are checked against their content with the assembly
	// loop on by TestGenerated.
	if !testing.Short() {
		for _, p := range genCases() {
			for seed := uint64(1); seed <= seeds; seed++ {
				f, want := genFrame(t, p, seed)
				ss = append(ss, stream{fmt.Sprintf("gen/%s/%d", p.name, seed), f, want})
			}
		}
	}
	for name, in := range inputs(testing.Short()) {
		for i, lvl := range levels {
			if testing.Short() && i%2 == 0 {
				continue
			}
			ss = append(ss, stream{fmt.Sprintf("klauspost/%s/%d", name, i), encode(t, in, lvl), in})
		}
	}
	if tool, err := exec.LookPath("zstd"); err == nil && !testing.Short() {
		in := testgen.Mixed(200000, 9)
		for l := 1; l <= 19; l++ {
			if testing.Short() && l%6 != 1 {
				continue
			}
			ss = append(ss, stream{fmt.Sprintf("cli/l%d", l), runZstd(t, tool, in, fmt.Sprintf("-%d", l)), in})
		}
		for _, r := range rowStreams(t) {
			ss = append(ss, stream{"row/" + r.name, r.frame, r.want})
		}
	}
	for _, s := range ss {
		decodeFrameBoth(t, s.name, s.frame, len(s.want), nil)
		// The whole content must come out; into a dst one byte short,
		// both fail.
		withSeqAsm(true, func() {
			var d Decoder
			dst := make([]byte, len(s.want))
			if n, err := d.DecodeInto(dst, s.frame); err != nil || !bytes.Equal(dst[:n], s.want) {
				t.Fatalf("%s: n=%d err=%v", s.name, n, err)
			}
		})
		if len(s.want) > 0 {
			decodeFrameBoth(t, s.name+"/short", s.frame, len(s.want)-1, nil)
		}
		rng := testgen.SplitMix64(uint64(len(s.frame)))
		muts := 20
		if testing.Short() {
			muts = 3
		}
		for k := 0; k < muts && len(s.frame) > 8; k++ {
			m := append([]byte(nil), s.frame...)
			switch k % 3 {
			case 0:
				m = m[:6+rng.Intn(len(m)-6)]
			default:
				for j := 0; j < 1+k%5; j++ {
					i := 6 + rng.Intn(len(m)-6)
					m[i] ^= byte(1 << rng.Intn(8))
				}
			}
			decodeFrameBoth(t, fmt.Sprintf("%s/mut%d", s.name, k), m, len(s.want)+64, nil)
		}
	}
}

// TestSeqAsmDict cross-checks the loops on frames whose matches reach
// into a dictionary's content (the assembly loop leaves those to the Go
// code).
func TestSeqAsmDict(t *testing.T) {
	requireSeqAsm(t)
	_, dict, err := loadFuzzDict()
	if err != nil {
		t.Fatal(err)
	}
	e := NewEncoder(3)
	e.SetDict(dict)
	for i := 0; i < 8; i++ {
		in := testgen.Mixed(2000+i*3000, uint64(i))
		f := e.EncodeAll(nil, in)
		decodeFrameBoth(t, fmt.Sprint("dict/", i), f, len(in), dict)
		var d Decoder
		dst := make([]byte, len(in))
		if n, err := d.DecodeDictInto(dst, f, dict); err != nil || !bytes.Equal(dst[:n], in) {
			t.Fatalf("dict/%d: n=%d err=%v", i, n, err)
		}
	}
}

// TestSeqAsmOffsets runs matches at every offset from 1 to 40 with
// lengths from 3 to 100 after literal runs of 0 to 20 bytes, so that each
// pattern step and piece boundary of the assembly loop's copies is
// exercised, decoded into outputs of exactly the content's size.
func TestSeqAsmOffsets(t *testing.T) {
	k := 0
	p := genParams{name: "offsets", hist: 64, nseq: 40 * 98, block: 64 << 10,
		lit:   func(s *testgen.SplitMix64) int { return (k * 7) % 21 },
		match: func(s *testgen.SplitMix64) int { return 3 + (k/40)%98 },
		off: func(s *testgen.SplitMix64, o int) int {
			off := 1 + k%40
			k++
			return off
		}}
	f, want := genFrame(t, p, 1)
	for _, on := range []bool{true, false} {
		withSeqAsm(on, func() {
			var d Decoder
			dst := make([]byte, len(want))
			if n, err := d.DecodeInto(dst, f); err != nil || !bytes.Equal(dst[:n], want) {
				t.Fatalf("asm %v: n=%d err=%v", on, n, err)
			}
		})
	}
}
