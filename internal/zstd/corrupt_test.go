package zstd

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
	kzstd "github.com/klauspost/compress/zstd"
)

// hdr returns a single-segment frame header with a 1-byte content size.
func hdr(size byte) []byte {
	return []byte{0x28, 0xB5, 0x2F, 0xFD, fhdSingleSegment, size}
}

// blk appends a block header and content to f.
func blk(f []byte, last bool, typ, size int, content ...byte) []byte {
	bh := size<<3 | typ<<1
	if last {
		bh |= 1
	}
	return append(append(f, byte(bh), byte(bh>>8), byte(bh>>16)), content...)
}

func TestCorrupt(t *testing.T) {
	good := encode(t, testgen.Text(5000, 1), kzstd.SpeedDefault, kzstd.WithEncoderCRC(true))
	h, err := ReadFrameHeader(good)
	if err != nil {
		t.Fatal(err)
	}
	badSum := append([]byte(nil), good...)
	badSum[len(badSum)-1] ^= 1
	cases := []struct {
		name string
		src  []byte
		dst  int
		want error
		at   int64 // offset of the error, -1: not checked
	}{
		{"magic", []byte{1, 2, 3, 4, 5, 6, 7, 8}, 10, ErrCorrupt, 0},
		{"magic truncated", []byte{0x28, 0xB5}, 10, ErrCorrupt, 0},
		{"legacy", []byte{0x27, 0xB5, 0x2F, 0xFD, 0, 0, 0, 0}, 10, ErrUnsupported, 0},
		{"header truncated", []byte{0x28, 0xB5, 0x2F, 0xFD, 0xC0}, 10, ErrCorrupt, -1},
		{"reserved bit", blk([]byte{0x28, 0xB5, 0x2F, 0xFD, fhdSingleSegment | fhdReserved, 1}, true, blockRaw, 1, 'a'), 10, ErrCorrupt, 4},
		{"no block", hdr(1), 10, ErrCorrupt, 6},
		{"reserved block", blk(hdr(1), true, blockReserved, 1, 'a'), 10, ErrCorrupt, 6},
		{"raw truncated", blk(hdr(4), true, blockRaw, 4, 'a'), 10, ErrCorrupt, 6},
		{"raw too long", blk(hdr(1), true, blockRaw, 2, 'a', 'b'), 10, ErrCorrupt, 6},
		{"rle no byte", blk(hdr(4), true, blockRLE, 4), 10, ErrCorrupt, 6},
		{"content short", blk(hdr(5), true, blockRLE, 4, 'x'), 10, ErrCorrupt, -1},
		{"content long", blk(hdr(3), true, blockRLE, 4, 'x'), 10, ErrCorrupt, -1},
		{"dst short", blk(hdr(4), true, blockRLE, 4, 'x'), 3, ErrShortDst, -1},
		{"dst short no content size", blk([]byte{0x28, 0xB5, 0x2F, 0xFD, 0, 0}, true, blockRLE, 4, 'x'), 3, ErrShortDst, -1},
		{"block beyond window", blk([]byte{0x28, 0xB5, 0x2F, 0xFD, 0, 0}, true, blockRLE, 1025, 'x'), 2000, ErrCorrupt, 6},
		{"not last, then end", blk(hdr(4), false, blockRLE, 4, 'x'), 10, ErrCorrupt, -1},
		{"trailing byte", append(blk(hdr(4), true, blockRLE, 4, 'x'), 0), 10, ErrCorrupt, -1},
		{"compressed empty", blk(hdr(4), true, blockCompressed, 0), 10, ErrCorrupt, -1},
		{"raw lits beyond block", blk(hdr(8), true, blockCompressed, 2, 8<<3, 0), 10, ErrCorrupt, -1},
		{"treeless first", blk(hdr(20), true, blockCompressed, 4, 0x43, 0x01, 0x00, 0), 30, ErrCorrupt, -1},
		{"sequences truncated", blk(hdr(8), true, blockCompressed, 2, 1<<3, 0x01), 10, ErrCorrupt, -1},
		{"reserved modes", blk(hdr(8), true, blockCompressed, 4, 1<<3, 'a', 1, 0x01), 10, ErrCorrupt, -1},
		{"repeat table first", blk(hdr(8), true, blockCompressed, 5, 1<<3, 'a', 1, 0xFC, 0x80), 10, ErrCorrupt, -1},
		{"rle symbol range", blk(hdr(8), true, blockCompressed, 7, 1<<3, 'a', 1, 0x54, 99, 0, 0), 10, ErrCorrupt, -1},
		{"bitstream no marker", blk(hdr(8), true, blockCompressed, 5, 1<<3, 'a', 1, 0x00, 0x00), 10, ErrCorrupt, -1},
		{"offset before start", blk(hdr(8), true, blockCompressed, 9, 1<<3, 'a', 1, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0x81), 10, ErrCorrupt, -1},
		{"checksum mismatch", badSum, 5000, ErrCorrupt, int64(len(good) - 4)},
		{"checksum truncated", good[:len(good)-2], 5000, ErrCorrupt, -1},
		{"dictionary needed", func() []byte {
			f := []byte{0x28, 0xB5, 0x2F, 0xFD, fhdSingleSegment | 1, 9, 4}
			return blk(f, true, blockRLE, 4, 'x')
		}(), 10, ErrDict, 5},
		{"skippable truncated", []byte{0x50, 0x2A, 0x4D, 0x18, 9, 0, 0, 0, 1}, 10, ErrCorrupt, 0},
		{"huge content size", binary.LittleEndian.AppendUint64([]byte{0x28, 0xB5, 0x2F, 0xFD, 0xE0}, 1<<62), 10, ErrShortDst, -1},
	}
	_ = h
	var d Decoder
	for _, c := range cases {
		n, err := d.DecodeInto(make([]byte, c.dst), c.src)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %d bytes, error %v, want %v", c.name, n, err, c.want)
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: error %T is not an *Error", c.name, err)
			continue
		}
		if c.at >= 0 && e.Offset != c.at {
			t.Errorf("%s: error at offset %d, want %d (%v)", c.name, e.Offset, c.at, err)
		}
	}
	// Every truncation of a valid frame fails, every one cleanly.
	for i := 0; i < len(good); i++ {
		if _, err := d.DecodeInto(make([]byte, 5000), good[:i]); err == nil && i > 0 {
			t.Errorf("truncated to %d bytes: no error", i)
		}
	}
}

// TestDictErrors checks malformed dictionaries.
func TestDictErrors(t *testing.T) {
	dictBytes, _, err := loadFuzzDict()
	if err != nil {
		t.Fatal(err)
	}
	for i := 8; i < len(dictBytes)-(32<<10)+12; i += 7 {
		if _, err := NewDict(dictBytes[:i]); !errors.Is(err, ErrDict) {
			t.Fatalf("dictionary truncated to %d bytes: %v", i, err)
		}
	}
	zeroID := append([]byte(nil), dictBytes...)
	binary.LittleEndian.PutUint32(zeroID[4:], 0)
	if _, err := NewDict(zeroID); !errors.Is(err, ErrDict) {
		t.Errorf("dictionary ID 0: %v", err)
	}
}

// TestNoAllocs checks that a warm Decoder decodes without allocating.
func TestNoAllocs(t *testing.T) {
	in := testgen.Shuffle(testgen.RampNoise(64<<10), 4)
	_, dict, err := loadFuzzDict()
	if err != nil {
		t.Fatal(err)
	}
	dictBytes := fuzzDict.bytes
	for _, c := range []struct {
		name string
		f    []byte
		dict *Dict
	}{
		{"plain", encode(t, in, kzstd.SpeedDefault, kzstd.WithEncoderCRC(true)), nil},
		{"best", encode(t, in, kzstd.SpeedBestCompression), nil},
		{"dict", encode(t, in[:8000], kzstd.SpeedDefault, kzstd.WithEncoderDict(dictBytes)), dict},
	} {
		var d Decoder
		dst := make([]byte, len(in))
		if _, err := d.DecodeDictInto(dst, c.f, c.dict); err != nil {
			t.Fatal(err)
		}
		if a := testing.AllocsPerRun(20, func() { d.DecodeDictInto(dst, c.f, c.dict) }); a != 0 {
			t.Errorf("%s: %v allocations per call", c.name, a)
		}
	}
}

// TestTableReuse checks that a Huffman or FSE table described as last time
// is reused, and that a failed build does not leave a stale table behind.
func TestTableReuse(t *testing.T) {
	in := testgen.Text(50000, 3)
	f := encode(t, in, kzstd.SpeedDefault)
	var d Decoder
	dst := make([]byte, len(in))
	if _, err := d.DecodeInto(dst, f); err != nil {
		t.Fatal(err)
	}
	if len(d.hufDesc) == 0 {
		t.Fatal("no Huffman description kept")
	}
	// A corrupt frame whose tables differ, then the good one again.
	for i := 10; i < len(f); i += 97 {
		m := append([]byte(nil), f...)
		m[i] ^= 0x40
		d.DecodeInto(dst, m)
		n, err := d.DecodeInto(dst, f)
		if err != nil || string(dst[:n]) != string(in) {
			t.Fatalf("after a corrupt frame (bit at %d): %d bytes, %v", i, n, err)
		}
	}
}
