package blosc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/klauspost/compress/zlib"
)

// header32 returns a 32-byte extended header.
func header32(version, flags, typesize byte, nbytes, blocksize, cbytes int32) []byte {
	h := make([]byte, 32)
	h[0], h[1], h[2], h[3] = version, 1, flags|flagsExtended, typesize
	binary.LittleEndian.PutUint32(h[4:], uint32(nbytes))
	binary.LittleEndian.PutUint32(h[8:], uint32(blocksize))
	binary.LittleEndian.PutUint32(h[12:], uint32(cbytes))
	return h
}

func le32(v int32) []byte {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], uint32(v))
	return b[:]
}

// setCbytes fixes the cbytes field to the chunk's length.
func setCbytes(c []byte) []byte {
	binary.LittleEndian.PutUint32(c[12:], uint32(len(c)))
	return c
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func TestHostileChunks(t *testing.T) {
	lz4Chunk := buildChunk(t, testData("f64", 20000), buildOpts{typesize: 8, blocksize: 4096, codec: LZ4, filters: [MaxFilters]Filter{5: Shuffle}})
	withFilter := func(f Filter) []byte {
		c := append([]byte(nil), lz4Chunk...)
		c[offFilters+2] = byte(f)
		return c
	}
	withFormat := func(format, udcodec byte) []byte {
		c := append([]byte(nil), lz4Chunk...)
		c[offFlags] = c[offFlags]&0x1f | format<<5
		c[offUDCodec] = udcodec
		return c
	}
	// A chunk with one block of one stream, then what follows.
	oneStream := func(nbytes int32, stream ...[]byte) []byte {
		c := cat(header32(5, FlagDontSplit|formatLZ4<<5, 1, nbytes, nbytes, 0), le32(36), cat(stream...))
		return setCbytes(c)
	}
	zlibStream := func(mutate func([]byte)) []byte {
		var buf bytes.Buffer
		zw := zlib.NewWriter(&buf)
		zw.Write(bytes.Repeat([]byte("abcde"), 20))
		zw.Close()
		b := buf.Bytes()
		mutate(b)
		c := cat(header32(5, FlagDontSplit|formatZlib<<5, 1, 100, 100, 0), le32(36), le32(int32(len(b))), b)
		return setCbytes(c)
	}
	blosclz801 := cat([]byte{0x00, 'a', 0xe0}, bytes.Repeat([]byte{0xff}, 3<<20), []byte{0x00, 0x00, 0x00, 'b'})
	tests := []struct {
		name string
		src  []byte
		want error
	}{
		{"empty", nil, ErrCorrupt},
		{"15 bytes", make([]byte, 15), ErrCorrupt},
		{"version 0", setCbytes(header32(0, 0, 1, 0, 1, 0)), ErrCorrupt},
		{"version 7", setCbytes(header32(7, 0, 1, 0, 1, 0)), ErrUnsupported},
		{"typesize 0", setCbytes(header32(5, 0, 0, 0, 1, 0)), ErrCorrupt},
		{"negative nbytes", setCbytes(header32(5, 0, 1, -1, 1, 0)), ErrCorrupt},
		{"blocksize 0", setCbytes(header32(5, 0, 1, 10, 0, 0)), ErrCorrupt},
		{"blocksize too big", setCbytes(header32(5, 0, 1, 10, MaxBlocksize+1, 0)), ErrCorrupt},
		{"cbytes below header", header32(5, 0, 1, 0, 1, 20), ErrCorrupt},
		// Issue 105: cbytes and nbytes that lie about the buffers.
		{"cbytes beyond input", lz4Chunk[:len(lz4Chunk)-1], ErrCorrupt},
		{"nbytes larger than the streams", func() []byte {
			c := append([]byte(nil), lz4Chunk...)
			binary.LittleEndian.PutUint32(c[4:], 20008)
			return c
		}(), ErrCorrupt},
		{"memcpyed nbytes lie", func() []byte {
			c := cat(header32(5, FlagMemcpyed, 1, 100, 100, 0), make([]byte, 50))
			return setCbytes(c)
		}(), ErrCorrupt},
		{"nbytes over the limit", setCbytes(header32(5, 0, 1, MaxNbytes+1, 1, 0)), ErrTooLarge},
		// bstarts and stream sizes.
		{"bstarts outside the chunk", func() []byte {
			c := append([]byte(nil), lz4Chunk...)
			copy(c[32+4:], le32(int32(len(c)+10)))
			return c
		}(), ErrCorrupt},
		{"bstart negative", func() []byte {
			c := append([]byte(nil), lz4Chunk...)
			copy(c[32:], le32(-5))
			return c
		}(), ErrCorrupt},
		{"bstart inside the header", func() []byte {
			c := append([]byte(nil), lz4Chunk...)
			copy(c[32:], le32(8))
			return c
		}(), ErrCorrupt},
		{"bstarts do not fit", setCbytes(cat(header32(5, 0, 1, 1<<20, 1, 0), make([]byte, 64))), ErrCorrupt},
		{"csize larger than what is left", oneStream(100, le32(1000), make([]byte, 10)), ErrCorrupt},
		{"stream size truncated", oneStream(100, []byte{1, 2}), ErrCorrupt},
		{"run token truncated", oneStream(100, le32(-3)), ErrCorrupt},
		{"run token without bit 0", oneStream(100, le32(-3), []byte{2}), ErrCorrupt},
		{"run value out of range", oneStream(100, le32(-300), []byte{1}), ErrCorrupt},
		{"lz4 stream too short", oneStream(100, le32(2), []byte{0x10, 'a'}), ErrCorrupt},
		{"split block not a multiple of typesize", func() []byte {
			c := cat(header32(5, formatLZ4<<5, 4, 10, 10, 0), le32(36), le32(0), le32(0), le32(0), le32(0))
			return setCbytes(c)
		}(), ErrCorrupt},
		{"split stream of zero bytes", func() []byte {
			c := cat(header32(5, formatLZ4<<5, 8, 4, 4, 0), le32(36), le32(0))
			return setCbytes(c)
		}(), ErrCorrupt},
		// Issue 792: a 16-byte chunk must not be read past its header.
		{"16-byte chunk with extended flags", func() []byte {
			h := header32(5, 0, 1, 0, 1, 16)
			return h[:16]
		}(), ErrCorrupt},
		// Special values.
		{"NaN with typesize 2", setCbytes(header32(5, 0, 2, 8, 8, 0)), nil},
		{"repeat value longer than nbytes", setCbytes(cat(header32(5, 0, 4, 2, 2, 0), []byte{1, 2, 3, 4})), ErrCorrupt},
		{"repeat nbytes not a multiple", setCbytes(cat(header32(5, 0, 4, 10, 10, 0), []byte{1, 2, 3, 4})), ErrCorrupt},
		{"reserved special 5", setCbytes(header32(5, 0, 1, 8, 8, 0)), nil},
		// Unsupported codecs and filters are named, never decoded as garbage.
		{"filter ndcell", withFilter(NDCell), ErrUnsupported},
		{"filter ndmean", withFilter(NDMean), ErrUnsupported},
		{"user filter", withFilter(200), ErrUnsupported},
		{"filter 5", withFilter(5), ErrUnsupported},
		{"codec zfp via udcodec", withFormat(formatUDCodec, byte(CodecZFPRate)), ErrUnsupported},
		{"codec ndlz via udcodec", withFormat(formatUDCodec, byte(CodecNDLZ)), ErrUnsupported},
		{"codec j2k via udcodec", withFormat(formatUDCodec, byte(CodecJ2K)), ErrUnsupported},
		{"snappy garbage", withFormat(formatSnappy, 3), ErrCorrupt},
		{"codec format 5", withFormat(5, 0), ErrUnsupported},
		{"codec from the super-chunk", withFormat(formatSchunk, 0), ErrUnsupported},
		{"zlib valid", zlibStream(func([]byte) {}), nil},
		{"zlib bad checksum", zlibStream(func(b []byte) { b[len(b)-1] ^= 1 }), ErrCorrupt},
		{"zlib bad header", zlibStream(func(b []byte) { b[0] = 0x79 }), ErrCorrupt},
		{"zlib preset dictionary", zlibStream(func(b []byte) { b[0], b[1] = 0x78, 0xbb }), ErrCorrupt},
		// BloscLZ match length of millions of 0xff bytes (C-Blosc2 issue 801).
		{"blosclz issue 801", setCbytes(cat(header32(5, FlagDontSplit|formatBloscLZ<<5, 1, 1000, 1000, 0), le32(36), le32(int32(len(blosclz801))), blosclz801)), ErrCorrupt},
		// VL blocks.
		{"VL bstarts out of order", func() []byte {
			c := cat(header32(6, FlagDontSplit|formatLZ4<<5, 1, 20, 2, 0), le32(48), le32(40), le32(10), make([]byte, 4), le32(10), make([]byte, 4))
			c[offBlosc2Flags2] = Blosc2Flags2VLBlocks
			return setCbytes(c)
		}(), ErrCorrupt},
		{"VL sizes do not add up", func() []byte {
			c := cat(header32(6, FlagDontSplit|formatLZ4<<5, 1, 30, 2, 0), le32(40), le32(54), le32(10), make([]byte, 10), le32(10), make([]byte, 10))
			c[offBlosc2Flags2] = Blosc2Flags2VLBlocks
			return setCbytes(c)
		}(), ErrCorrupt},
		{"VL memcpyed", func() []byte {
			c := cat(header32(6, FlagMemcpyed, 1, 4, 1, 0), make([]byte, 4))
			c[offBlosc2Flags2] = Blosc2Flags2VLBlocks
			return setCbytes(c)
		}(), ErrCorrupt},
		{"dictionary size out of range", func() []byte {
			c := cat(header32(5, FlagDontSplit|formatZstd<<5, 1, 100, 100, 0), le32(44), le32(MaxDictSize+1), le32(0))
			c[offBlosc2Flags] = Blosc2FlagDict
			return setCbytes(c)
		}(), ErrCorrupt},
		{"dictionary beyond the chunk", func() []byte {
			c := cat(header32(5, FlagDontSplit|formatZstd<<5, 1, 100, 100, 0), le32(44), le32(1000), le32(0))
			c[offBlosc2Flags] = Blosc2FlagDict
			return setCbytes(c)
		}(), ErrCorrupt},
		{"instrumented", func() []byte {
			c := append([]byte(nil), lz4Chunk...)
			c[offBlosc2Flags] |= Blosc2FlagInstrCodec
			return c
		}(), ErrUnsupported},
	}
	// Set the special bits where the names ask for them.
	for i := range tests {
		switch tests[i].name {
		case "NaN with typesize 2":
			tests[i].src[offBlosc2Flags] = byte(SpecialNaN) << specialShift
			tests[i].want = ErrCorrupt
		case "repeat value longer than nbytes", "repeat nbytes not a multiple":
			tests[i].src[offBlosc2Flags] = byte(SpecialRepeat) << specialShift
		case "reserved special 5":
			tests[i].src[offBlosc2Flags] = 5 << specialShift
			tests[i].want = ErrUnsupported
		}
	}
	d, _ := NewDecoder(WithWorkers(2))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := d.Decompress(nil, tc.src)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("Decompress: %v", err)
				}
				return
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("Decompress: error %v, want %v", err, tc.want)
			}
			if errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrCorrupt) {
				t.Fatal("unreachable")
			}
			var ce *CorruptError
			if errors.Is(err, ErrCorrupt) && !errors.As(err, &ce) {
				t.Errorf("corrupt error %v is not a *CorruptError", err)
			}
			n := 1
			if h, err := ReadHeader(tc.src); err == nil {
				n = int(h.Nbytes)
			}
			if _, err := d.DecompressRange(nil, tc.src, 0, n); err == nil {
				t.Fatal("DecompressRange accepted the chunk")
			}
		})
	}
}

func TestSixteenByteChunk(t *testing.T) {
	// Issue 792: an empty Blosc1 chunk is its 16-byte header and nothing else.
	c := []byte{2, 1, 0x01, 4, 0, 0, 0, 0, 1, 0, 0, 0, 16, 0, 0, 0}
	got, err := Decompress(nil, c)
	if err != nil || len(got) != 0 {
		t.Fatalf("Decompress = %v, %v", got, err)
	}
	h, err := ReadHeader(c)
	if err != nil || h.Extended || h.HeaderLen() != 16 || h.Filters[5] != Shuffle {
		t.Fatalf("ReadHeader = %+v, %v", h, err)
	}
}

func TestLimitsAndShortBuffer(t *testing.T) {
	data := testData("i32", 10000)
	chunk := buildChunk(t, data, buildOpts{typesize: 4, blocksize: 1000, codec: LZ4, filters: [MaxFilters]Filter{5: Shuffle}})
	d, err := NewDecoder(WithMaxDecodedSize(9999))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Decompress(nil, chunk); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("over the limit: %v", err)
	}
	if _, err := DecompressInto(make([]byte, 9999), chunk); !errors.Is(err, ErrShortBuffer) {
		t.Fatalf("short dst: %v", err)
	}
	if _, err := getDefault().GetItems(make([]byte, 7), chunk, 0, 2); !errors.Is(err, ErrShortBuffer) {
		t.Fatalf("short GetItems dst: %v", err)
	}
	if _, err := NewDecoder(WithWorkers(0)); err == nil {
		t.Fatal("WithWorkers(0) accepted")
	}
	if _, err := NewDecoder(WithMaxDecodedSize(-1)); err == nil {
		t.Fatal("negative limit accepted")
	}
}

// TestTruncatedCorpus decodes every prefix length of a few corpus chunks
// and flipped bytes: errors, never panics.
func TestTruncatedCorpus(t *testing.T) {
	d, _ := NewDecoder(WithWorkers(2))
	chunks := loadCorpus(t)
	step := 1
	if testing.Short() {
		step = 7
	}
	for i := 0; i < len(chunks); i += 9 {
		src := chunks[i].data
		for n := 0; n < len(src) && n < 2000; n += step {
			if _, err := d.Decompress(nil, src[:n]); err == nil && n < len(src) {
				t.Fatalf("%s: prefix of %d bytes decoded", chunkName(&chunks[i]), n)
			}
		}
		if chunks[i].Nbytes > 100000 {
			continue
		}
		mut := append([]byte(nil), src...)
		for k := 0; k < len(mut) && k < 300; k += 2 + step {
			mut[k] ^= 0x5a
			d.Decompress(nil, mut)
			d.DecompressRange(nil, mut, 0, 1)
			mut[k] ^= 0x5a
		}
	}
}
