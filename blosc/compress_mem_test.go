package blosc

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// firstCompressAlloc returns the bytes allocated by NewEncoder(o) and its
// first Compress of src into a dst with MaxCompressedLen room.
func firstCompressAlloc(t *testing.T, o Options, src []byte) uint64 {
	t.Helper()
	dst := make([]byte, 0, MaxCompressedLen(len(src)))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	e, err := NewEncoder(o)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Compress(dst, src); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestCompressFirstAlloc bounds what a fresh Encoder allocates to compress
// a 1 KiB chunk: the codec state, sized for the chunk where the codec
// allows it. klauspost/compress's zstd match tables have a fixed size per
// level: 34 MB at SpeedBestCompression (Zstd clevels 6-7); ours (clevels
// 1-5 and 8-9) are sized to the stream, plus 0.3 MB of optimal parser
// scratch at clevels 8-9.
func TestCompressFirstAlloc(t *testing.T) {
	src := encGenerate("f64sine", 1, 8, 1024)
	const k, m = 1 << 10, 1 << 20
	for _, tc := range []struct {
		codec  Codec
		clevel int
		max    uint64
	}{
		{BloscLZ, 5, 128 * k}, {LZ4, 5, 128 * k}, {LZ4HC, 5, 512 * k}, {Zlib, 5, 2 * m},
		{Zstd, 1, 2 * m}, {Zstd, 5, 6 * m}, {Zstd, 7, 40 * m}, {Zstd, 8, 2 * m}, {Zstd, 9, 2 * m},
	} {
		for _, format := range []Format{FormatBlosc2, FormatBlosc1} {
			o := encOpts(tc.codec, tc.clevel, 8, Shuffle)
			o.Workers, o.Format = 2, format
			if got := firstCompressAlloc(t, o, src); got > tc.max {
				t.Errorf("%v:%d %v: first Compress of 1 KiB allocated %d bytes, want <= %d", tc.codec, tc.clevel, format, got, tc.max)
			}
		}
	}
}

// TestCompressNoRealloc checks that Compress into a dst with
// MaxCompressedLen room does not allocate once the Encoder is warm, also
// when the input does not compress and is stored uncompressed, that the
// chunk is never larger than that bound and that nothing past it is
// written.
func TestCompressNoRealloc(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ with -race")
	}
	inputs := map[string][]byte{
		"f64sine": encGenerate("f64sine", 2, 8, 100003),
		"random":  encGenerate("random", 3, 8, 100003),
		"zeros":   make([]byte, 4096),
	}
	for _, cl := range []struct {
		c      Codec
		clevel int
	}{{BloscLZ, 5}, {LZ4, 5}, {LZ4HC, 5}, {Zlib, 5}, {Zstd, 5}, {Zstd, 9}} {
		c := cl.c
		for _, format := range []Format{FormatBlosc2, FormatBlosc1} {
			o := encOpts(c, cl.clevel, 8, Shuffle)
			o.Workers, o.Format = 1, format
			e, err := NewEncoder(o)
			if err != nil {
				t.Fatal(err)
			}
			for name, src := range inputs {
				dst := make([]byte, 0, MaxCompressedLen(len(src)))
				var out []byte
				// Pooled scratch state can miss now and then (a GC, or
				// the goroutine moving to another P): GC is off while
				// counting and the average over 20 calls must round to
				// zero. It is off only then: with it off for the whole
				// test, the encoders' garbage fills a 32-bit address
				// space.
				runtime.GC()
				gc := debug.SetGCPercent(-1)
				allocs := testing.AllocsPerRun(20, func() {
					if out, err = e.Compress(dst, src); err != nil {
						t.Fatal(err)
					}
				})
				debug.SetGCPercent(gc)
				if allocs != 0 {
					t.Errorf("%v %v %s: %v allocations per Compress, want 0", c, format, name, allocs)
				}
				if len(out) > MaxCompressedLen(len(src)) || &out[:1][0] != &dst[:1][0] {
					t.Errorf("%v %v %s: chunk of %d bytes outside dst (bound %d)", c, format, name, len(out), MaxCompressedLen(len(src)))
				}
				// Nothing is written past the bound, even with more room.
				buf := make([]byte, MaxCompressedLen(len(src))+4096)
				tail := buf[MaxCompressedLen(len(src)):]
				for i := range tail {
					tail[i] = 0xA5
				}
				if _, err := e.Compress(buf[:0], src); err != nil {
					t.Fatal(err)
				}
				for i, v := range tail {
					if v != 0xA5 {
						t.Errorf("%v %v %s: Compress wrote byte %d past MaxCompressedLen", c, format, name, i)
						break
					}
				}
			}
		}
	}
}

func TestMaxCompressedLen(t *testing.T) {
	for _, tc := range []struct{ n, want int }{
		{0, 32}, {1, 33}, {MaxNbytes, MaxNbytes + 32}, {-1, -1}, {MaxNbytes + 1, -1},
	} {
		if got := MaxCompressedLen(tc.n); got != tc.want {
			t.Errorf("MaxCompressedLen(%d) = %d, want %d", tc.n, got, tc.want)
		}
	}
}
