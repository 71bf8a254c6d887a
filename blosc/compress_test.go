package blosc

import (
	"bytes"
	"os"
	"strconv"
	"testing"
)

// encFull reports whether the exhaustive encoder tests were asked for
// (BLOSC2_ENC_FULL=1): every option combination on every input. Otherwise
// each combination sees a rotating part of the inputs, fewer with -short.
func encFull() bool { return os.Getenv("BLOSC2_ENC_FULL") == "1" }

// encInputs returns the varied inputs of the round-trip tests.
func encInputs(short bool) []struct {
	name string
	data []byte
} {
	sizes := []int{0, 1, 7, 31, 32, 33, 100, 1000, 4097, 65536, 100003}
	if !short {
		sizes = append(sizes, 300001, 3<<20+13)
	}
	kinds := []string{"zeros", "const", "random", "i32ramp", "i32noise", "f64sine", "f32sine", "runs", "struct", "mixed", "text"}
	var out []struct {
		name string
		data []byte
	}
	for _, n := range sizes {
		for i, k := range kinds {
			var d []byte
			if k == "text" {
				d = encText(uint64(n), n)
			} else {
				d = encGenerate(k, uint64(n*7+i), 8, n)
			}
			out = append(out, struct {
				name string
				data []byte
			}{k + "/" + strconv.Itoa(n), d})
		}
	}
	return out
}

// encRoundTrip compresses data with o, checks the chunk's header and that
// our decoder gives data back (lossy filters: the truncated data).
func encRoundTrip(t *testing.T, e *Encoder, data []byte) []byte {
	t.Helper()
	o := e.opts
	prefix := []byte("prefix")
	chunk, err := e.Compress(append([]byte(nil), prefix...), data)
	if err != nil {
		t.Fatalf("Compress: %v", err)
	}
	if !bytes.HasPrefix(chunk, prefix) {
		t.Fatalf("Compress lost the bytes of dst")
	}
	chunk = chunk[len(prefix):]
	h, err := ReadHeader(chunk)
	if err != nil {
		t.Fatalf("ReadHeader: %v", err)
	}
	if int(h.Cbytes) != len(chunk) || int(h.Nbytes) != len(data) || int(h.Typesize) != o.Typesize {
		t.Fatalf("header %v for %d bytes: chunk is %d bytes", &h, len(data), len(chunk))
	}
	if len(chunk) > len(data)+h.HeaderLen() {
		t.Fatalf("chunk of %d bytes for %d input bytes", len(chunk), len(data))
	}
	if (o.Format == FormatBlosc1) == h.Extended {
		t.Fatalf("format %v wrote header %v", o.Format, &h)
	}
	got, err := Decompress(nil, chunk)
	if err != nil {
		t.Fatalf("Decompress (header %v): %v", &h, err)
	}
	want := encLossyExpect(o, data)
	if !bytes.Equal(got, want) {
		t.Fatalf("round trip differs at byte %d of %d (header %v)", encFirstDiff(got, want), len(want), &h)
	}
	return chunk
}

func encFirstDiff(a, b []byte) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func encOpts(c Codec, clevel, ts int, filters ...Filter) Options {
	o := DefaultOptions()
	o.Codec, o.Clevel, o.Typesize = c, clevel, ts
	o.Filters = [MaxFilters]Filter{}
	copy(o.Filters[MaxFilters-len(filters):], filters)
	return o
}

func TestCompressRoundTrip(t *testing.T) {
	short, full := testing.Short(), encFull()
	inputs := encInputs(short && !full)
	codecs := []Codec{BloscLZ, LZ4, LZ4HC, Zlib, Zstd}
	pipelines := [][]Filter{nil, {Shuffle}, {BitShuffle}, {Delta, Shuffle}, {Delta}, {Shuffle, ByteDelta}}
	combo := 0
	for _, c := range codecs {
		for _, clevel := range []int{0, 1, 5, 9} {
			for pi, pl := range pipelines {
				for _, ts := range []int{1, 4, 8, 12} {
					if clevel == 0 && (pi > 0 || ts != 4) {
						continue
					}
					if !full && clevel != 5 && (ts != 4 || pi > 2) {
						continue
					}
					e, err := NewEncoder(encOpts(c, clevel, ts, pl...))
					if err != nil {
						t.Fatal(err)
					}
					combo++
					for k, in := range inputs {
						// Every combination sees every size; without
						// BLOSC2_ENC_FULL each sees a rotating part of the
						// data kinds, and the largest input only at clevel 1.
						if !full && ((k+combo)%4 != 0 || (len(in.data) > 1<<20 && clevel != 1)) {
							continue
						}
						t.Run(c.String()+"/c"+strconv.Itoa(clevel)+"/p"+strconv.Itoa(pi)+"/ts"+strconv.Itoa(ts)+"/"+in.name, func(t *testing.T) {
							encRoundTrip(t, e, in.data)
						})
					}
				}
			}
		}
	}
}

// encLossyExpect returns data with the lossy filters of o applied (tests
// put them before any filter that moves bytes), or data itself.
func encLossyExpect(o Options, data []byte) []byte {
	out := data
	for i, f := range o.Filters {
		if f == TruncPrec || f == IntTrunc {
			dst := make([]byte, len(out))
			o.applyFilter(i, dst, out, nil)
			out = dst
		}
	}
	return out
}
