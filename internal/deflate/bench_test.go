package deflate

import (
	"bytes"
	stdflate "compress/flate"
	"hash/adler32"
	"io"
	"testing"

	kflate "github.com/klauspost/compress/flate"
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
