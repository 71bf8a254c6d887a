package blosc

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math/rand"
	"testing"

	izstd "github.com/blosc2go/blosc2/internal/zstd"
	"github.com/klauspost/compress/zstd"
)

// Zstd format constants for frames built by hand.
const (
	zstdMagic            = izstd.FrameMagic
	zstdFHDSingleSegment = 1 << 5
	zstdFHDChecksum      = 1 << 2
	zstdBlockRaw         = 0
	zstdBlockRLE         = 1
	zstdBlockCompressed  = 2
)

// zstdBlock appends a zstd block header and content.
func zstdBlock(f []byte, last bool, typ int, size int, content []byte) []byte {
	bh := uint32(size)<<3 | uint32(typ)<<1
	if last {
		bh |= 1
	}
	f = append(f, byte(bh), byte(bh>>8), byte(bh>>16))
	return append(f, content...)
}

// zstdHeader returns a frame header with a 4-byte content size; window < 0
// makes a single-segment frame.
func zstdHeader(content int, window int) []byte {
	f := binary.LittleEndian.AppendUint32(nil, zstdMagic)
	if window < 0 {
		f = append(f, 2<<6|zstdFHDSingleSegment)
	} else {
		f = append(f, 2<<6, byte(window))
	}
	return binary.LittleEndian.AppendUint32(f, uint32(content))
}

// zstdTestFrames returns frames with raw and RLE blocks, alone and after
// compressed ones, as C's zstd writes them for runs.
func zstdTestFrames(t testing.TB) map[string][]byte {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(false))
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	text := testData("runs", 200<<10)
	comp := enc.EncodeAll(text, nil)
	h, err := izstd.ReadFrameHeader(comp)
	if err != nil {
		t.Fatalf("klauspost frame header %x not understood: %v", comp[:16], err)
	}
	// The compressed blocks of comp, the last one no longer last.
	blocks := append([]byte(nil), comp[h.HeaderSize:]...)
	for pos := 0; ; {
		bh := uint32(blocks[pos]) | uint32(blocks[pos+1])<<8 | uint32(blocks[pos+2])<<16
		size := int(bh >> 3)
		if (bh>>1)&3 == zstdBlockRLE {
			size = 1
		}
		if bh&1 != 0 {
			blocks[pos] &^= 1
			break
		}
		pos += 3 + size
	}
	raw := testData("random", 5000)
	// C-Blosc 1.21's zstd:5 frame of 256 KiB of zeros: a compressed block
	// and an RLE block.
	cZeros, _ := hex.DecodeString("28b52ffda0000004004c000008000100fcffe44e0803001000")
	frames := map[string][]byte{
		"c-zeros":    cZeros,
		"rle-only":   zstdBlock(zstdHeader(1000, -1), true, zstdBlockRLE, 1000, []byte{7}),
		"raw-rle":    zstdBlock(zstdBlock(zstdHeader(6000, -1), false, zstdBlockRaw, 5000, raw), true, zstdBlockRLE, 1000, []byte{9}),
		"rle-window": zstdBlock(zstdBlock(zstdHeader(200<<10, 7<<3), false, zstdBlockRLE, 128<<10, []byte{1}), true, zstdBlockRLE, 72<<10, []byte{2}),
		"comp-rle": zstdBlock(zstdBlock(append(zstdHeader(len(text)+6000, -1), blocks...),
			false, zstdBlockRLE, 1000, []byte{3}), true, zstdBlockRaw, 5000, raw),
		"comp-rle-window": zstdBlock(append(zstdHeader(len(text)+1000, 8<<3), blocks...), true, zstdBlockRLE, 1000, []byte{4}),
		"rle-comp-rle": zstdBlock(append(zstdBlock(zstdHeader(len(text)+1100, 8<<3), false, zstdBlockRLE, 100, []byte{5}), blocks...),
			true, zstdBlockRLE, 1000, []byte{6}),
		"comp-only": comp,
		// Not for the fast path: too big RLE block, content size wrong,
		// trailing bytes, a checksum, a reserved block type.
		"rle-too-big":   zstdBlock(zstdHeader(200<<10, 7<<3), true, zstdBlockRLE, 200<<10, []byte{1}),
		"rle-over-size": zstdBlock(zstdBlock(zstdHeader(1000, -1), false, zstdBlockRLE, 1000, []byte{1}), true, zstdBlockRLE, 1, []byte{1}),
		"trailing":      append(zstdBlock(zstdHeader(1000, -1), true, zstdBlockRLE, 1000, []byte{7}), 0),
		"reserved":      zstdBlock(zstdHeader(1000, -1), true, 3, 1000, []byte{7}),
	}
	// Sequences with raw literals, as zstd writes them for noisy data.
	for _, lvl := range []zstd.EncoderLevel{zstd.SpeedFastest, zstd.SpeedDefault, zstd.SpeedBetterCompression, zstd.SpeedBestCompression} {
		e, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(false),
			zstd.WithNoEntropyCompression(true), zstd.WithEncoderLevel(lvl), zstd.WithWindowSize(1<<17))
		if err != nil {
			t.Fatal(err)
		}
		for _, kind := range []string{"f64", "i32", "runs", "random"} {
			data := testData(kind, 200<<10)
			if kind == "random" {
				copy(data[100<<10:], testData("runs", 50<<10)) // mostly raw blocks
			}
			frames["raw-lits-"+kind+"-"+lvl.String()] = e.EncodeAll(data, nil)
		}
		e.Close()
	}
	// Shuffled integers as Blosc feeds them to zstd: noisy low bytes
	// (dense blocks, for klauspost) and near-constant high bytes (sparse
	// blocks after them, for the split path).
	ramp := testData("i32", 256<<10)
	shuffled := make([]byte, len(ramp))
	q := len(ramp) / 4
	for i := 0; i < q; i++ {
		for k := 0; k < 4; k++ {
			shuffled[k*q+i] = ramp[4*i+k]
		}
	}
	for _, lvl := range []zstd.EncoderLevel{zstd.SpeedFastest, zstd.SpeedDefault, zstd.SpeedBetterCompression, zstd.SpeedBestCompression} {
		for _, noEntropy := range []bool{false, true} {
			e, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(false),
				zstd.WithNoEntropyCompression(noEntropy), zstd.WithEncoderLevel(lvl))
			if err != nil {
				t.Fatal(err)
			}
			frames["shuffled-i32-"+lvl.String()+map[bool]string{false: "", true: "-raw"}[noEntropy]] = e.EncodeAll(shuffled, nil)
			e.Close()
		}
	}
	ck := zstdBlock(zstdHeader(1000, -1), true, zstdBlockRLE, 1000, []byte{7})
	ck[4] |= zstdFHDChecksum
	frames["checksum"] = append(ck, 1, 2, 3, 4)
	return frames
}

// zstdContentSize returns the content size in the header of frame f, or
// def.
func zstdContentSize(f []byte, def int) int {
	if h, err := izstd.ReadFrameHeader(f); err == nil && h.HasContentSize && h.ContentSize < 1<<30 {
		return int(h.ContentSize)
	}
	return def
}

// TestZstdFrames checks blosc's zstd decoding against klauspost's decoder
// on valid frames and on every truncation and many mutations: the same
// bytes or an error from both.
func TestZstdFrames(t *testing.T) {
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecodeAllCapLimit(true), zstd.WithDecoderMaxMemory(MaxBlocksize))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	w := &worker{codecs: &codecs{}}
	check := func(t *testing.T, name string, f []byte, size int) {
		t.Helper()
		want, werr := d.DecodeAll(f, make([]byte, 0, size))
		if werr == nil && len(want) != size {
			werr = errors.New("short")
		}
		got := make([]byte, size)
		n, gerr := w.zstdDecompress(got, f, nil)
		if gerr == nil && n != size {
			gerr = errors.New("short")
		}
		if (gerr == nil) != (werr == nil) {
			t.Fatalf("%s: our error %v, klauspost's %v", name, gerr, werr)
		}
		if gerr == nil && !bytes.Equal(got, want) {
			t.Fatalf("%s: decoded different bytes", name)
		}
	}
	rng := rand.New(rand.NewSource(1))
	for name, f := range zstdTestFrames(t) {
		t.Run(name, func(t *testing.T) {
			size := zstdContentSize(f, 1000)
			check(t, name, f, size)
			if size > 0 {
				check(t, name+" short dst", f, size-1)
			}
			step := 1 + len(f)/50
			if testing.Short() {
				step = 1 + len(f)/10
			}
			for i := 0; i < len(f); i += step {
				check(t, name+" truncated", f[:i], size)
			}
			n := 100
			if testing.Short() {
				n = 20
			}
			m := make([]byte, len(f))
			for i := 0; i < n; i++ {
				copy(m, f)
				for k := 0; k < 1+rng.Intn(3); k++ {
					at := rng.Intn(len(m))
					if rng.Intn(2) == 0 {
						at = rng.Intn(min(len(m), 64))
					}
					m[at] ^= byte(1 << rng.Intn(8))
				}
				// Mutations klauspost accepts with another checksum or
				// content size are not comparable: only no panic.
				size := zstdContentSize(m, size)
				got := make([]byte, size)
				w.zstdDecompress(got, m, nil)
			}
		})
	}
}

// FuzzZstdFrame checks blosc's zstd decoding against klauspost's decoder:
// the same bytes when both succeed, never a panic.
//
//	go test -run '^$' -fuzz FuzzZstdFrame ./blosc/
func FuzzZstdFrame(f *testing.F) {
	for _, fr := range zstdTestFrames(f) {
		if len(fr) < 4096 {
			f.Add(fr, uint32(0))
		}
	}
	f.Add(zstdBlock(zstdHeader(64, -1), true, zstdBlockCompressed, 9, []byte{0x08, 0x00, 0x01, 0x00, 0xfc, 0xff, 0xe4, 0x4e, 0x08}), uint32(0))
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecodeAllCapLimit(true), zstd.WithDecoderMaxMemory(MaxBlocksize))
	if err != nil {
		f.Fatal(err)
	}
	w := &worker{codecs: &codecs{}}
	f.Fuzz(func(t *testing.T, frame []byte, size uint32) {
		if size == 0 {
			size = uint32(zstdContentSize(frame, 0))
		}
		if size > 1<<20 {
			return
		}
		got := make([]byte, size)
		n, gerr := w.zstdDecompress(got, frame, nil)
		if gerr != nil {
			return
		}
		want, werr := d.DecodeAll(frame, make([]byte, 0, size))
		if werr == nil && !bytes.Equal(got[:n], want) {
			t.Fatal("decoded different bytes")
		}
	})
}
