package deflate

import (
	"bytes"
	stdflate "compress/flate"
	"encoding/binary"
	"hash/adler32"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
	"github.com/blosc2go/blosc2/shuffle"
	kflate "github.com/klauspost/compress/flate"
	kzlib "github.com/klauspost/compress/zlib"
)

// BenchmarkDecompress decodes 1 MiB streams of each input shape, ours
// against klauspost/compress/flate and the standard library.
func BenchmarkDecompress(b *testing.B) {
	for _, in := range inputs {
		data := in.gen(1 << 20)
		comp := kEnc(5)(data)
		dst := make([]byte, len(data))
		b.Run(in.name+"/ours", func(b *testing.B) {
			var d Decompressor
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, _, err := d.Decompress(dst, comp); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/klauspost", func(b *testing.B) {
			r := kflate.NewReader(bytes.NewReader(comp))
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				r.(kflate.Resetter).Reset(bytes.NewReader(comp), nil)
				if _, err := io.ReadFull(r, dst); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/std", func(b *testing.B) {
			r := stdflate.NewReader(bytes.NewReader(comp))
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				r.(stdflate.Resetter).Reset(bytes.NewReader(comp), nil)
				if _, err := io.ReadFull(r, dst); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAdler32 compares Adler32 with hash/adler32.
func BenchmarkAdler32(b *testing.B) {
	data := inputs[1].gen(1 << 20)
	b.Run("ours", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for i := 0; i < b.N; i++ {
			Adler32(1, data)
		}
	})
	b.Run("std", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for i := 0; i < b.N; i++ {
			adler32.Checksum(data)
		}
	})
}

// blockStreams are zlib streams as Blosc writes them for the reference
// workloads: 1 MiB of f64_smooth (typesize 8) or i32_ramp_noise
// (typesize 4), filtered, in blocks of 256 KiB (what C-Blosc2 picks for
// zlib:5), each compressed by klauspost/compress's zlib at level 6 (what
// the blosc package used for clevel 5) or, with ours, by Compressor at
// level 5 (what it uses now).
func blockStreams(b *testing.B, data string, filter string, ours bool) (streams [][]byte, raw int) {
	var src []byte
	ts := 8
	switch data {
	case "f64":
		src = testgen.Sine(1 << 20)
	default:
		src, ts = testgen.RampNoise(1<<20), 4
	}
	f := make([]byte, len(src))
	const bs = 256 << 10
	for i := 0; i < len(src); i += bs {
		switch filter {
		case "shuffle":
			shuffle.Shuffle(f[i:i+bs], src[i:i+bs], ts)
		case "bitshuffle":
			shuffle.BitShuffle(f[i:i+bs], src[i:i+bs], ts)
		default:
			copy(f[i:i+bs], src[i:i+bs])
		}
		if ours {
			streams = append(streams, CompressZlib(nil, f[i:i+bs], 5))
			continue
		}
		var zb bytes.Buffer
		zw, err := kzlib.NewWriterLevel(&zb, 6)
		if err != nil {
			b.Fatal(err)
		}
		zw.Write(f[i : i+bs])
		zw.Close()
		streams = append(streams, zb.Bytes())
	}
	return streams, len(src)
}

// BenchmarkBlosc decodes the zlib streams of one 1 MiB Blosc chunk of
// the reference workloads (blockStreams), block by block, as
// klauspost/compress and as Compressor write them.
func BenchmarkBlosc(b *testing.B) {
	for _, enc := range []string{"k6", "ours5"} {
		for _, data := range []string{"f64", "i32"} {
			for _, filter := range []string{"shuffle", "bitshuffle", "noshuffle"} {
				streams, raw := blockStreams(b, data, filter, enc == "ours5")
				b.Run(enc+"/"+data+"/"+filter, func(b *testing.B) { benchStreams(b, streams, 256<<10, raw) })
			}
		}
	}
}

// BenchmarkStreamFiles decodes the zlib streams stored in the files that
// DEFLATE_BENCH_FILES names (a glob; records of a little-endian uint32
// decoded length, a uint32 stream length and the stream), e.g. the blocks
// of chunks C-Blosc2 wrote.
func BenchmarkStreamFiles(b *testing.B) {
	files, _ := filepath.Glob(os.Getenv("DEFLATE_BENCH_FILES"))
	if len(files) == 0 {
		b.Skip("DEFLATE_BENCH_FILES names no files")
	}
	for _, name := range files {
		rec, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		var streams [][]byte
		maxLen, raw := 0, 0
		for len(rec) >= 8 {
			n := int(binary.LittleEndian.Uint32(rec))
			c := int(binary.LittleEndian.Uint32(rec[4:]))
			streams = append(streams, rec[8:8+c])
			rec = rec[8+c:]
			maxLen = max(maxLen, n)
			raw += n
		}
		b.Run(filepath.Base(name), func(b *testing.B) { benchStreams(b, streams, maxLen, raw) })
	}
}

func benchStreams(b *testing.B, streams [][]byte, maxLen, raw int) {
	var d Decompressor
	dst := make([]byte, maxLen)
	b.SetBytes(int64(raw))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, s := range streams {
			if _, err := d.DecompressZlib(dst, s); err != nil {
				b.Fatal(err)
			}
		}
	}
}
