package zstd

import (
	"fmt"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
	"github.com/blosc2go/blosc2/shuffle"
	kzstd "github.com/klauspost/compress/zstd"
)

// bloscStreams returns the streams C-Blosc2 hands zstd on the reference
// workloads (perf_matrix.py's datasets) for clevel 1 (blocks of 128 KiB for
// 4-byte items, 256 KiB for 8-byte ones) or clevel 5 (twice that).
func bloscStreams(clevel int) map[string][]byte {
	m := map[string][]byte{}
	for _, ds := range []struct {
		name     string
		typesize int
		gen      func(int) []byte
	}{{"f64", 8, testgen.Sine}, {"i32", 4, testgen.RampNoise}} {
		n := 32 << 10 * ds.typesize
		if clevel >= 5 {
			n *= 2
		}
		src := ds.gen(n)
		sh := make([]byte, n)
		shuffle.Shuffle(sh, src, ds.typesize)
		bs := make([]byte, n)
		shuffle.BitShuffle(bs, src, ds.typesize)
		m[ds.name+"-shuffle"] = sh
		m[ds.name+"-bitshuffle"] = bs
		m[ds.name+"-noshuffle"] = src
	}
	return m
}

// BenchmarkEncoderBlosc compresses the streams of C-Blosc2's zstd:1 and
// zstd:5 workloads with this package at the zstd level C-Blosc2 passes
// (1 and 9) and with klauspost's encoder at the level package blosc used
// before (SpeedDefault, SpeedBetterCompression).
func BenchmarkEncoderBlosc(b *testing.B) {
	for _, cl := range []int{1, 5} {
		in := bloscStreams(cl)
		for _, name := range []string{"f64-shuffle", "f64-bitshuffle", "f64-noshuffle", "i32-shuffle", "i32-bitshuffle", "i32-noshuffle"} {
			src := in[name]
			dst := make([]byte, 0, 2*len(src))
			e := NewEncoder(2*cl - 1)
			b.Run(fmt.Sprintf("cl%d/%s/ours", cl, name), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				n := 0
				runCPU(b, func() { n = len(e.EncodeAll(dst[:0], src)) })
				b.ReportMetric(float64(n), "out-bytes")
			})
			lvl := kzstd.SpeedDefault
			if cl >= 3 {
				lvl = kzstd.SpeedBetterCompression
			}
			k, err := kzstd.NewWriter(nil, kzstd.WithEncoderLevel(lvl), kzstd.WithEncoderConcurrency(1), kzstd.WithWindowSize(1<<20), kzstd.WithEncoderCRC(false), kzstd.WithAllLitEntropyCompression(true), kzstd.WithLowerEncoderMem(true))
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("cl%d/%s/klauspost", cl, name), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				n := 0
				runCPU(b, func() { n = len(k.EncodeAll(src, dst[:0])) })
				b.ReportMetric(float64(n), "out-bytes")
			})
		}
	}
}

// BenchmarkEncoderBtLazy compresses streams of the reference workloads
// with btlazy2: 512 KiB at level 13 (C-Blosc2's clevel 7 on 1 MiB chunks)
// and 256 KiB at level 11 (clevel 6 on 256 KiB chunks).
func BenchmarkEncoderBtLazy(b *testing.B) {
	for _, c := range []struct{ n, level int }{{512 << 10, 13}, {256 << 10, 11}} {
		for _, ds := range []struct {
			name     string
			typesize int
			gen      func(int) []byte
		}{{"f64", 8, testgen.Sine}, {"i32", 4, testgen.RampNoise}} {
			src := ds.gen(c.n)
			sh := make([]byte, c.n)
			shuffle.Shuffle(sh, src, ds.typesize)
			bs := make([]byte, c.n)
			shuffle.BitShuffle(bs, src, ds.typesize)
			for _, in := range []struct {
				name string
				b    []byte
			}{{"shuffle", sh}, {"bitshuffle", bs}, {"noshuffle", src}} {
				e := NewEncoder(c.level)
				dst := make([]byte, 0, 2*c.n)
				b.Run(fmt.Sprintf("l%d/%dK/%s-%s", c.level, c.n>>10, ds.name, in.name), func(b *testing.B) {
					b.SetBytes(int64(c.n))
					b.ReportAllocs()
					n := 0
					runCPU(b, func() { n = len(e.EncodeAll(dst[:0], in.b)) })
					b.ReportMetric(float64(n), "out-bytes")
				})
			}
		}
	}
}

// BenchmarkHufStream writes the Huffman stream of the whole f64-noshuffle
// stream of clevel 1 (nearly all of it is literals at level 1), the stage
// that dominates that workload's compression.
//
//	go test -run '^$' -bench HufStream ./internal/zstd
func BenchmarkHufStream(b *testing.B) {
	src := bloscStreams(1)["f64-noshuffle"]
	var cnt [256]uint32
	var scratch [4][256]uint32
	histogram(&cnt, &scratch, src)
	var h hufEnc
	if !h.build(cnt[:], 255) {
		b.Fatal("no Huffman table")
	}
	out := make([]byte, 0, 2*len(src))
	b.SetBytes(int64(len(src)))
	runCPU(b, func() { h.stream(out[:0], src) })
}

// BenchmarkHistogram counts the bytes of the clevel 1 streams, as the
// literals of the f64-noshuffle one (all literals at level 1) are.
//
//	go test -run '^$' -bench Histogram ./internal/zstd
func BenchmarkHistogram(b *testing.B) {
	in := bloscStreams(1)
	for _, name := range []string{"f64-noshuffle", "f64-shuffle", "i32-noshuffle", "i32-shuffle"} {
		src := in[name]
		b.Run(name, func(b *testing.B) {
			var cnt [256]uint32
			var scratch [4][256]uint32
			b.SetBytes(int64(len(src)))
			runCPU(b, func() { histogram(&cnt, &scratch, src) })
		})
	}
}
