package blosclz

import (
	"bytes"
	"errors"
	"testing"
)

func TestDecompressHandMade(t *testing.T) {
	tests := []struct {
		name string
		src  []byte
		want []byte
	}{
		{"literal", []byte{0x20 | 2, 'a', 'b', 'c'}, []byte("abc")},
		{"literal no marker", []byte{2, 'a', 'b', 'c'}, []byte("abc")},
		// "ab", then a match of 1+2=3 bytes at distance 2, then literal "z".
		{"overlap distance 2", []byte{0x21, 'a', 'b', 1 << 5, 1, 0, 'z'}, []byte("ababaz")},
		// "x", run of 6+2 = 8 bytes at distance 1, then "y".
		{"run distance 1", []byte{0x20, 'x', 6 << 5, 0, 0, 'y'}, []byte("xxxxxxxxxy")},
		// Long match: code 7, continuation 255 then 1 -> 6+255+1+3 = 265 bytes.
		{"long run", []byte{0x20, 'q', 7 << 5, 255, 1, 0, 0, '!'},
			append(bytes.Repeat([]byte{'q'}, 266), '!')},
		// Far match: H=31, D=255, F=0 -> distance 8192.
		{"far match", append(append(farPrefix(), 1<<5|31, 255, 0, 0), 0, '#'),
			append(farExpect(), '#')},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dst := make([]byte, len(tt.want))
			n, err := Decompress(dst, tt.src)
			if err != nil {
				t.Fatal(err)
			}
			if n != len(tt.want) || !bytes.Equal(dst, tt.want) {
				t.Fatalf("got %q (%d), want %q", dst[:n], n, tt.want)
			}
		})
	}
}

// farPrefix returns a stream of 8192 literal bytes (256 runs of 32).
func farPrefix() []byte {
	var s []byte
	for i := 0; i < 8192/32; i++ {
		s = append(s, 31)
		for k := 0; k < 32; k++ {
			s = append(s, byte(i*32+k*7))
		}
	}
	s[0] |= markerBit
	return s
}

// farExpect is farPrefix's output followed by a 3-byte match at distance 8192.
func farExpect() []byte {
	var out []byte
	for i := 0; i < 8192/32; i++ {
		for k := 0; k < 32; k++ {
			out = append(out, byte(i*32+k*7))
		}
	}
	return append(out, out[0], out[1], out[2])
}

func TestDecompressCorrupt(t *testing.T) {
	long801 := []byte{0x20, 'a', 7 << 5}
	long801 = append(long801, bytes.Repeat([]byte{255}, 20<<20)...)
	long801 = append(long801, 0, 0, 'b')
	tests := []struct {
		name string
		src  []byte
		n    int
	}{
		{"empty", nil, 1},
		{"literal truncated", []byte{0x23, 'a', 'b'}, 4},
		{"literal overflows output", []byte{0x23, 'a', 'b', 'c', 'd'}, 3},
		{"short output", []byte{0x21, 'a', 'b'}, 3},
		{"distance before start", []byte{0x20, 'a', 1 << 5, 1, 'b'}, 5},
		{"ends with match", []byte{0x20, 'a', 1 << 5, 0}, 4},
		{"match truncated", []byte{0x20, 'a', 1 << 5}, 4},
		{"long length truncated", []byte{0x20, 'a', 7 << 5, 255}, 300},
		{"far distance truncated", []byte{0x20, 'a', 1<<5 | 31, 255, 0}, 10},
		{"match overflows output", []byte{0x20, 'a', 2 << 5, 0, 'b'}, 4},
		{"issue 801 length overflow", long801, 100},
		{"stream longer than output", []byte{0x20, 'a', 0, 'b'}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dst := make([]byte, tt.n)
			_, err := Decompress(dst, tt.src)
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("err = %v, want ErrCorrupt", err)
			}
			var ce *CorruptError
			if !errors.As(err, &ce) || ce.Offset < 0 || ce.Offset > len(tt.src) {
				t.Fatalf("err = %#v, want *CorruptError with offset in range", err)
			}
		})
	}
}

func TestDecompressEmpty(t *testing.T) {
	if n, err := Decompress(nil, nil); n != 0 || err != nil {
		t.Fatalf("Decompress(nil, nil) = %d, %v", n, err)
	}
}

// TestDecompressCopyCases checks every copy path of Decompress (runs, short
// overlaps, word copies with and without room after the match) on matches
// of distance 1..40 and length 3..80, against a byte-at-a-time copy.
func TestDecompressCopyCases(t *testing.T) {
	for dist := 1; dist <= 40; dist++ {
		for length := 3; length <= 80; length++ {
			var src []byte
			var want []byte
			// dist literal bytes (in runs of at most 32).
			for i := 0; i < dist; {
				n := min(dist-i, 32)
				src = append(src, byte(n-1))
				for k := 0; k < n; k++ {
					src = append(src, byte(i+k+1))
					want = append(want, byte(i+k+1))
				}
				i += n
			}
			src[0] |= markerBit
			d := dist - 1
			if length-2 < 7 {
				src = append(src, byte((length-2)<<5|d>>8), byte(d))
			} else {
				src = append(src, byte(7<<5|d>>8))
				l := length - 2 - 7
				for ; l >= 255; l -= 255 {
					src = append(src, 255)
				}
				src = append(src, byte(l), byte(d))
			}
			for i := 0; i < length; i++ {
				want = append(want, want[len(want)-dist])
			}
			src = append(src, 0, 0xEE)
			want = append(want, 0xEE)
			// Exact-size output and, separately, the word-copy path needs
			// room: test with trailing literals of 9 bytes too.
			dst := make([]byte, len(want))
			if _, err := Decompress(dst, src); err != nil {
				t.Fatalf("dist %d len %d: %v", dist, length, err)
			}
			if !bytes.Equal(dst, want) {
				t.Fatalf("dist %d len %d: wrong output", dist, length)
			}
			src2 := append(src[:len(src)-2:len(src)-2], 8, 1, 2, 3, 4, 5, 6, 7, 8, 9)
			want2 := append(want[:len(want)-1:len(want)-1], 1, 2, 3, 4, 5, 6, 7, 8, 9)
			dst2 := make([]byte, len(want2))
			if _, err := Decompress(dst2, src2); err != nil || !bytes.Equal(dst2, want2) {
				t.Fatalf("dist %d len %d (+9): err %v or wrong output", dist, length, err)
			}
		}
	}
}
