package offsetcodec

import "testing"

// limitCodec is a codec with DecodeLimit, as the blosc codecs are.
type limitCodec interface {
	Codec
	DecodeLimit(dst, src []byte, limit int) ([]byte, error)
}

// BenchmarkBlosc measures the blosc (Blosc1 chunks) and blosc2 codecs on a
// 1 MiB chunk of 4-byte elements.
func BenchmarkBlosc(b *testing.B) {
	src := bloscTestData(1<<20, 1)
	names := []string{}
	codecs := []limitCodec{}
	for _, cname := range []string{"lz4", "zstd"} {
		c1, _ := NewBlosc(BloscConfig{Cname: cname, Clevel: 5, Shuffle: ByteShuffle, Typesize: 4})
		c2, _ := NewBlosc2(Blosc2Config{Cname: cname, Clevel: 5, Typesize: 4, Filters: []Blosc2Filter{{ID: "shuffle"}}})
		names = append(names, "blosc-"+cname, "blosc2-"+cname)
		codecs = append(codecs, c1, c2)
	}
	for i, c := range codecs {
		enc, err := c.Encode(nil, src)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(names[i]+"/encode", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			dst := make([]byte, 0, 2*len(src)) // room for the encoder's worst case
			for i := 0; i < b.N; i++ {
				if _, err := c.Encode(dst[:0], src); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(src))/float64(len(enc)), "ratio")
		})
		b.Run(names[i]+"/decode", func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			dst := make([]byte, 0, len(src))
			for i := 0; i < b.N; i++ {
				if _, err := c.DecodeLimit(dst[:0], enc, len(src)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
