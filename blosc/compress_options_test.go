package blosc

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math"
	"strconv"
	"testing"
)

func TestCompressInvalidOptions(t *testing.T) {
	mod := func(f func(o *Options)) Options {
		o := DefaultOptions()
		f(&o)
		return o
	}
	cases := []struct {
		name  string
		o     Options
		field string
	}{
		{"zero value", Options{}, "Typesize"},
		{"codec", mod(func(o *Options) { o.Codec = CodecNDLZ }), "Codec"},
		{"snappy", mod(func(o *Options) { o.Codec = Codec(3) }), "Codec"},
		{"clevel", mod(func(o *Options) { o.Clevel = 10 }), "Clevel"},
		{"clevel<0", mod(func(o *Options) { o.Clevel = -1 }), "Clevel"},
		{"typesize", mod(func(o *Options) { o.Typesize = 256 }), "Typesize"},
		{"blocksize", mod(func(o *Options) { o.Blocksize = -1 }), "Blocksize"},
		{"blocksize max", mod(func(o *Options) { o.Blocksize = MaxBlocksize + 1 }), "Blocksize"},
		{"splitmode", mod(func(o *Options) { o.SplitMode = 0 }), "SplitMode"},
		{"workers", mod(func(o *Options) { o.Workers = -2 }), "Workers"},
		{"format", mod(func(o *Options) { o.Format = 7 }), "Format"},
		{"filter", mod(func(o *Options) { o.Filters[0] = NDCell }), "Filters[0]"},
		{"buggy bytedelta", mod(func(o *Options) { o.Filters[0] = ByteDeltaBuggy }), "Filters[0]"},
		{"truncprec ts", mod(func(o *Options) { o.Typesize = 2; o.Filters[0] = TruncPrec; o.FiltersMeta[0] = 3 }), "Filters[0]"},
		{"truncprec 0", mod(func(o *Options) { o.Filters[0] = TruncPrec }), "FiltersMeta[0]"},
		{"truncprec 53", mod(func(o *Options) { o.Filters[0] = TruncPrec; o.FiltersMeta[0] = 53 }), "FiltersMeta[0]"},
		{"truncprec -52", mod(func(o *Options) { o.Filters[0] = TruncPrec; o.FiltersMeta[0] = uint8(0x100 - 52) }), "FiltersMeta[0]"},
		{"truncprec f32 24", mod(func(o *Options) { o.Typesize = 4; o.Filters[0] = TruncPrec; o.FiltersMeta[0] = 24 }), "FiltersMeta[0]"},
		{"inttrunc ts", mod(func(o *Options) { o.Typesize = 3; o.Filters[0] = IntTrunc; o.FiltersMeta[0] = 3 }), "Filters[0]"},
		{"inttrunc 65", mod(func(o *Options) { o.Filters[0] = IntTrunc; o.FiltersMeta[0] = 65 }), "FiltersMeta[0]"},
		{"dict codec", mod(func(o *Options) { o.Codec = BloscLZ; o.Dict = []byte("abc") }), "Dict"},
		{"dict empty", mod(func(o *Options) { o.Dict = []byte{} }), "Dict"},
		{"dict big", mod(func(o *Options) { o.Dict = make([]byte, MaxDictSize+1) }), "Dict"},
		{"dict blosc1", mod(func(o *Options) { o.Format = FormatBlosc1; o.Dict = []byte("abc") }), "Dict"},
		{"blosc1 delta", mod(func(o *Options) { o.Format = FormatBlosc1; o.Filters[4] = Delta }), "Filters[4]"},
		{"blosc1 two", mod(func(o *Options) { o.Format = FormatBlosc1; o.Filters[0] = BitShuffle }), "Filters"},
		{"blosc1 meta", mod(func(o *Options) { o.Format = FormatBlosc1; o.FiltersMeta[5] = 2 }), "FiltersMeta[5]"},
		{"blosc1 bytedelta", mod(func(o *Options) { o.Format = FormatBlosc1; o.Filters[0] = ByteDelta }), "Filters[0]"},
	}
	for _, c := range cases {
		_, err := NewEncoder(c.o)
		var oe *OptionError
		if !errors.Is(err, ErrInvalidOptions) || !errors.As(err, &oe) || oe.Field != c.field {
			t.Errorf("%s: got %v, want an OptionError on %s", c.name, err, c.field)
		}
		if _, err2 := Compress(nil, []byte("x"), c.o); err2 == nil {
			t.Errorf("%s: Compress accepted the options", c.name)
		}
	}
	good := []Options{
		DefaultOptions(),
		mod(func(o *Options) { o.Filters[0] = TruncPrec; o.FiltersMeta[0] = uint8(0x100 - 51) }),
		mod(func(o *Options) { o.Typesize = 4; o.Filters[0] = TruncPrec; o.FiltersMeta[0] = 23 }),
		mod(func(o *Options) { o.Typesize = 1; o.Filters[0] = IntTrunc; o.FiltersMeta[0] = 8 }),
		mod(func(o *Options) { o.Format = FormatBlosc1; o.Filters[5] = BitShuffle }),
		mod(func(o *Options) { o.Dict = []byte("some dictionary content") }),
	}
	for i, o := range good {
		if _, err := NewEncoder(o); err != nil {
			t.Errorf("good options %d: %v", i, err)
		}
	}
}

func TestCompressTooLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates 2 GiB")
	}
	if strconv.IntSize == 32 {
		t.Skip("2 GiB is half of a 32-bit address space")
	}
	e, _ := NewEncoder(DefaultOptions())
	_, err := e.Compress(nil, make([]byte, MaxNbytes+1))
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("got %v, want ErrTooLarge", err)
	}
}

// TestCompressLayout checks the header decisions against C-Blosc2's.
func TestCompressLayout(t *testing.T) {
	mk := func(c Codec, clevel, ts int, split SplitMode, bs int, filters ...Filter) Options {
		o := encOpts(c, clevel, ts, filters...)
		o.SplitMode, o.Blocksize = split, bs
		return o
	}
	cases := []struct {
		name      string
		o         Options
		nbytes    int
		blocksize int
		split     bool
	}{
		{"lz4 c5 ts8 auto", mk(LZ4, 5, 8, SplitAuto, 0, Shuffle), 4 << 20, 512 << 10, true},
		{"lz4 c5 ts4 auto", mk(LZ4, 5, 4, SplitAuto, 0, Shuffle), 4 << 20, 256 << 10, true},
		{"zstd c5 ts8", mk(Zstd, 5, 8, SplitAuto, 0, Shuffle), 4 << 20, 512 << 10, true},
		{"zstd c6 ts8 no split", mk(Zstd, 6, 8, SplitAuto, 0, Shuffle), 4 << 20, 512 << 10, false},
		{"zstd c9", mk(Zstd, 9, 8, SplitAuto, 0, Shuffle), 4 << 20, 1 << 20, false},
		{"lz4hc never splits", mk(LZ4HC, 5, 4, SplitAuto, 0, Shuffle), 4 << 20, 256 << 10, false},
		{"zlib c1", mk(Zlib, 1, 4, SplitAuto, 0, Shuffle), 4 << 20, 32 << 10, false},
		{"blosclz bitshuffle", mk(BloscLZ, 5, 4, SplitAuto, 0, BitShuffle), 4 << 20, 128 << 10, false},
		{"ts 32 no split", mk(BloscLZ, 5, 32, SplitAuto, 0, Shuffle), 4 << 20, 128 << 10, false},
		{"split cap 4MB", mk(LZ4, 9, 16, SplitAuto, 0, Shuffle), 16 << 20, 4 << 20, true},
		{"clevel 0", mk(LZ4, 0, 8, SplitAuto, 0, Shuffle), 1 << 20, 8 << 10, false},
		{"small", mk(LZ4, 5, 4, SplitAuto, 0, Shuffle), 96257, 96256, true},
		{"below typesize", mk(LZ4, 5, 8, SplitAlways, 0, Shuffle), 5, 1, false},
		{"explicit rounded", mk(BloscLZ, 5, 12, SplitAuto, 4096, Shuffle), 70000, 4092, true},
		{"explicit clamped", mk(Zstd, 5, 4, SplitAuto, 4096, Shuffle), 4095, 4092, true},
		{"always", mk(Zlib, 5, 4, SplitAlways, 0, NoFilter), 100000, 100000, true},
		{"never", mk(LZ4, 5, 4, SplitNever, 0, Shuffle), 100000, 100000, false},
	}
	for _, c := range cases {
		o, err := c.o.check()
		if err != nil {
			t.Fatal(err)
		}
		p := o.makeEncPlan(c.nbytes)
		if p.blocksize != c.blocksize || (p.split && !p.memcpyed) != c.split {
			t.Errorf("%s: blocksize %d split %v, want %d %v", c.name, p.blocksize, p.split, c.blocksize, c.split)
		}
	}
}

// TestCompressSpecialValues compares the special chunks with C-Blosc2's
// (the hex of the corpus's special group) and decodes them.
func TestCompressSpecialValues(t *testing.T) {
	cases := []struct {
		name string
		make func() ([]byte, error)
		hex  string
	}{
		{"zeros", func() ([]byte, error) { return AppendZeros(nil, 100000, 4) },
			"05010504a0860100a08601002000000000000000000000000000000000000010"},
		{"zeros empty", func() ([]byte, error) { return AppendZeros(nil, 0, 4) },
			"0501050400000000010000002000000000000000000000000000000000000010"},
		{"nan", func() ([]byte, error) { return AppendNaNs(nil, 80000, 8) },
			"0501050880380100803801002000000000000000000000000000000000000020"},
		{"repeat", func() ([]byte, error) { return AppendRepeat(nil, []byte{0x17, 0x28, 0x39, 0x4a}, 40000) },
			"05010504409c0000409c0000240000000000000000000000000000000000003017283" + "94a"},
		{"uninit", func() ([]byte, error) { return AppendUninit(nil, 50000, 4) },
			"0501050450c3000050c300002000000000000000000000000000000000000040"},
	}
	for _, c := range cases {
		b, err := c.make()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := hex.EncodeToString(b); got != c.hex {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.hex)
		}
		if _, err := Decompress(nil, b); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	nan, _ := AppendNaNs(nil, 16, 4)
	d, _ := Decompress(nil, nan)
	if f := math.Float32frombits(uint32(d[0]) | uint32(d[1])<<8 | uint32(d[2])<<16 | uint32(d[3])<<24); !math.IsNaN(float64(f)) {
		t.Errorf("NaN chunk decodes to %v", f)
	}
	for _, err := range []error{
		func() error { _, err := AppendZeros(nil, 10, 4); return err }(),
		func() error { _, err := AppendNaNs(nil, 16, 2); return err }(),
		func() error { _, err := AppendRepeat(nil, nil, 16); return err }(),
		func() error { _, err := AppendRepeat(nil, []byte{1}, 0); return err }(),
		func() error { _, err := AppendUninit(nil, -1, 1); return err }(),
	} {
		if !errors.Is(err, ErrInvalidOptions) {
			t.Errorf("got %v, want ErrInvalidOptions", err)
		}
	}
}

// TestCompressWorkersIndependent checks that the output does not depend on
// the number of workers, and that a shared Encoder is safe for concurrent
// use (run with -race).
func TestCompressWorkersIndependent(t *testing.T) {
	data := encGenerate("f64sine", 3, 8, 1<<20+333)
	for _, c := range []Codec{BloscLZ, LZ4, LZ4HC, Zlib, Zstd} {
		o := encOpts(c, 5, 8, Shuffle)
		o.Blocksize = 64 << 10
		var ref []byte
		for _, nw := range []int{1, 2, 5} {
			o.Workers = nw
			got, err := Compress(nil, data, o)
			if err != nil {
				t.Fatal(err)
			}
			if ref == nil {
				ref = got
			} else if !bytes.Equal(got, ref) {
				t.Errorf("%v: %d workers give other bytes", c, nw)
			}
		}
		e, _ := NewEncoder(o)
		done := make(chan []byte)
		for g := 0; g < 3; g++ {
			go func() {
				b, _ := e.Compress(nil, data)
				done <- b
			}()
		}
		for g := 0; g < 3; g++ {
			if b := <-done; !bytes.Equal(b, ref) {
				t.Errorf("%v: concurrent Compress gives other bytes", c)
			}
		}
	}
}

// TestCompressSpecialCases covers the other paths: dictionaries, lossy
// filters with DELTA, BYTEDELTA parameters, memcpy fallback, all-zero and
// single-value inputs, tiny inputs and leftovers.
func TestCompressSpecialCases(t *testing.T) {
	ramp := encGenerate("i32noise", 9, 4, 300001)
	sine := encGenerate("f64sine", 9, 8, 200003)
	mod := func(o Options, f func(o *Options)) Options { f(&o); return o }
	cases := []struct {
		name  string
		o     Options
		data  []byte
		check func(t *testing.T, h Header, chunk []byte)
	}{
		{"zstd raw dict", mod(DefaultOptions(), func(o *Options) { o.Dict = encText(5, 4000); o.Typesize = 1 }), encText(6, 100000),
			func(t *testing.T, h Header, _ []byte) {
				if !h.HasDict() {
					t.Error("no dictionary flag")
				}
			}},
		{"trunc+delta+shuffle", mod(encOpts(Zstd, 5, 8, TruncPrec, Delta, Shuffle), func(o *Options) { o.FiltersMeta[3] = 20; o.Blocksize = 16 << 10 }), sine, nil},
		{"trunc+delta lossy dict", mod(encOpts(Zstd, 5, 8, TruncPrec, Delta, Shuffle), func(o *Options) {
			o.FiltersMeta[3] = 20
			o.Blocksize = 16 << 10
			o.Dict = sine[:2000]
		}), sine, nil},
		{"inttrunc+delta", mod(encOpts(LZ4, 5, 4, IntTrunc, Delta, Shuffle), func(o *Options) { o.FiltersMeta[3] = 0xFC; o.Blocksize = 8 << 10 }), ramp, nil},
		{"delta leftover ts8", mod(encOpts(BloscLZ, 5, 8, Delta, Shuffle), func(o *Options) { o.Blocksize = 4096 }), sine[:70001], nil},
		{"delta ts12", encOpts(LZ4, 9, 12, Delta), sine[:50005], nil},
		{"delta ts16 leftover", mod(encOpts(Zlib, 5, 16, Delta, BitShuffle), func(o *Options) { o.Blocksize = 1000 }), sine[:50005], nil},
		{"bytedelta meta 0", encOpts(Zstd, 5, 4, Shuffle, ByteDelta), ramp, func(t *testing.T, h Header, _ []byte) {
			if h.FiltersMeta[5] != 4 {
				t.Errorf("bytedelta meta %d, want 4", h.FiltersMeta[5])
			}
		}},
		{"bytedelta meta 2", mod(encOpts(Zstd, 5, 4, Shuffle, ByteDelta), func(o *Options) { o.FiltersMeta[5] = 2 }), ramp[:10001], nil},
		{"shuffle meta", mod(encOpts(LZ4, 5, 8, Shuffle), func(o *Options) { o.FiltersMeta[5] = 4 }), sine, nil},
		{"random memcpy", encOpts(Zstd, 5, 8, Shuffle), encGenerate("random", 1, 8, 100000), func(t *testing.T, h Header, _ []byte) {
			if !h.Memcpyed() || h.Flags&FlagDontSplit != 0 || h.CompFormat() != formatZstd {
				t.Errorf("flags %#x, want a memcpyed fallback that keeps split and codec bits", h.Flags)
			}
		}},
		{"zeros special", encOpts(LZ4, 5, 4, Shuffle), make([]byte, 1<<20), func(t *testing.T, h Header, c []byte) {
			if h.Special() != SpecialZeros || len(c) != ExtendedHeaderLen {
				t.Errorf("%d bytes special %v, want a 32-byte zeros chunk", len(c), h.Special())
			}
		}},
		{"const runs", encOpts(Zstd, 5, 1, NoFilter), bytes.Repeat([]byte{7}, 80000), func(t *testing.T, h Header, c []byte) {
			if len(c) != 41 {
				t.Errorf("%d bytes, want 41 (a run stream)", len(c))
			}
		}},
		{"zeros blosc1", mod(encOpts(LZ4, 5, 4, Shuffle), func(o *Options) { o.Format = FormatBlosc1 }), make([]byte, 100000), func(t *testing.T, h Header, c []byte) {
			if h.Version != VersionBlosc1 || h.Extended || h.Special() != SpecialNone {
				t.Errorf("header %v", &h)
			}
		}},
		{"tiny", DefaultOptions(), []byte("0123456789abcdef0123456789abcde"), func(t *testing.T, h Header, c []byte) {
			if h.Flags != FlagMemcpyed|flagsExtended || len(c) != 63 {
				t.Errorf("flags %#x len %d", h.Flags, len(c))
			}
		}},
		{"empty", DefaultOptions(), nil, func(t *testing.T, h Header, c []byte) {
			if len(c) != 32 || h.Blocksize != 1 {
				t.Errorf("len %d blocksize %d", len(c), h.Blocksize)
			}
		}},
		{"empty blosc1", mod(DefaultOptions(), func(o *Options) { o.Format = FormatBlosc1 }), nil, func(t *testing.T, h Header, c []byte) {
			// As C-Blosc 1.21 writes it (blosc.compress(b'', 8, 5, 1,
			// 'zstd')): the flags of the compression it would have done
			// (shuffle, no split, zstd) plus memcpyed.
			if want := "02019308000000000100000010000000"; hex.EncodeToString(c) != want {
				t.Errorf("chunk %x, want C-Blosc 1.21's %s", c, want)
			}
		}},
		{"ts255", encOpts(LZ4, 5, 255, Shuffle), encGenerate("struct", 1, 255, 100000), nil},
		{"split always ts>nbytes", mod(encOpts(LZ4, 5, 200, Shuffle), func(o *Options) { o.SplitMode = SplitAlways }), encGenerate("struct", 1, 200, 150), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, err := NewEncoder(c.o)
			if err != nil {
				t.Fatal(err)
			}
			chunk := encRoundTrip(t, e, c.data)
			h, _ := ReadHeader(chunk)
			if c.check != nil {
				c.check(t, h, chunk)
			}
		})
	}
}
