package blosc

import (
	"bytes"
	"testing"
)

// TestCompressWorkersMixed checks chunks of 2 and 4 blocks mixing random,
// periodic and zero blocks, or shorter: with 2 workers they are the bytes
// one worker gives, whether the chunk fits or is memcpyed, they decode to
// the input, and dst stays untouched past MaxCompressedLen, chunk after
// chunk through one Encoder and through fresh ones.
func TestCompressWorkersMixed(t *testing.T) {
	const bs = 128 << 10
	random := encGenerate("random", 4, 8, 4*bs)
	periodic := make([]byte, 4*bs) // compresses with and without filters
	for i := range periodic {
		periodic[i] = random[i%100]
	}
	kinds := map[byte][]byte{'R': random, 'S': periodic, 'Z': make([]byte, 4*bs)}
	// build makes an input of blocks from a pattern: R random, S periodic,
	// Z zeros, s a short periodic block.
	build := func(pat string) []byte {
		var b []byte
		for i, c := range []byte(pat) {
			if c == 's' {
				b = append(b, kinds['S'][i*bs:i*bs+5000]...)
				continue
			}
			b = append(b, kinds[c][i*bs:(i+1)*bs]...)
		}
		return b
	}
	patterns := []string{"SS", "Ss", "RZ", "RS", "ZR", "SR", "RR", "SSSS", "SSSs", "RRRS", "RRRZ", "SRRR", "ZRRR", "RRRR"}
	for _, c := range []Codec{BloscLZ, LZ4, Zstd} {
		for _, filters := range [][]Filter{nil, {Shuffle}} {
			o := encOpts(c, 5, 8, filters...)
			o.Blocksize = bs
			e1, err := NewEncoder(o)
			if err != nil {
				t.Fatal(err)
			}
			o.Workers = 2
			shared, err := NewEncoder(o)
			if err != nil {
				t.Fatal(err)
			}
			for _, pat := range patterns {
				data := build(pat)
				want, err := e1.Compress(nil, data)
				if err != nil {
					t.Fatal(err)
				}
				fresh, err := NewEncoder(o)
				if err != nil {
					t.Fatal(err)
				}
				for round := 0; round < 6; round++ {
					e2 := shared
					if round%2 == 1 {
						e2 = fresh
					}
					bound := MaxCompressedLen(len(data))
					dst := make([]byte, bound+64)
					for i := range dst {
						dst[i] = 0xa5
					}
					got, err := e2.Compress(dst[:0:bound], data)
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, want) {
						t.Fatalf("%v %v %s round %d: 2 workers give other bytes", c, filters, pat, round)
					}
					for i := bound; i < len(dst); i++ {
						if dst[i] != 0xa5 {
							t.Fatalf("%v %v %s: byte %d past MaxCompressedLen written", c, filters, pat, i)
						}
					}
					dec, err := Decompress(nil, got)
					if err != nil || !bytes.Equal(dec, data) {
						t.Fatalf("%v %v %s: round trip failed: %v", c, filters, pat, err)
					}
				}
			}
		}
	}
}

// FuzzCompressWorkers checks that chunks large enough for several workers
// are the bytes one worker gives, whatever mix of incompressible,
// compressible and zero blocks they hold: pattern picks each block's kind.
func FuzzCompressWorkers(f *testing.F) {
	f.Add([]byte{1, 1, 1, 1}, uint8(1), uint8(8), uint8(3), uint8(0), uint8(2))
	f.Add([]byte{0, 1}, uint8(4), uint8(8), uint8(5), uint8(1), uint8(2))
	f.Add([]byte{0, 0, 0, 1}, uint8(0), uint8(4), uint8(4), uint8(1), uint8(3))
	f.Add([]byte{1, 0, 0, 0, 2, 3}, uint8(2), uint8(2), uint8(2), uint8(2), uint8(3))
	f.Add([]byte{1}, uint8(4), uint8(7), uint8(3), uint8(1), uint8(0))
	f.Add([]byte{2, 2, 0}, uint8(1), uint8(0), uint8(2), uint8(0), uint8(1))
	const total = 192 << 10
	random := encGenerate("random", 5, 8, total)
	sine := encGenerate("f64sine", 5, 8, total)
	codecs := []Codec{BloscLZ, LZ4, LZ4HC, Zlib, Zstd}
	filters := []Filter{NoFilter, Shuffle, BitShuffle}
	f.Fuzz(func(t *testing.T, pattern []byte, codec, ts, bsLog, filter, nw uint8) {
		if len(pattern) == 0 {
			return
		}
		o := DefaultOptions()
		o.Codec = codecs[int(codec)%len(codecs)]
		o.Clevel = 1 + int(codec/8)%9
		o.Typesize = 1 + int(ts)%16
		o.Filters = [MaxFilters]Filter{}
		o.Filters[MaxFilters-1] = filters[int(filter)%len(filters)]
		o.Blocksize = 1 << (12 + int(bsLog)%6) // 4 KiB to 128 KiB
		n := total - int(pattern[0])*97        // leftovers too
		data := make([]byte, n)
		for j := 0; j*o.Blocksize < n; j++ {
			lo, hi := j*o.Blocksize, min((j+1)*o.Blocksize, n)
			switch pattern[j%len(pattern)] % 4 {
			case 0:
				copy(data[lo:hi], random[lo:hi])
			case 1:
				copy(data[lo:hi], sine[lo:hi])
			case 2:
				for i := lo; i < hi; i++ {
					data[i] = random[i%61]
				}
			} // 3: zeros
		}
		e1, err := NewEncoder(o)
		if err != nil {
			t.Fatal(err)
		}
		want, err := e1.Compress(nil, data)
		if err != nil {
			t.Fatal(err)
		}
		o.Workers = 2 + int(nw)%3
		e2, err := NewEncoder(o)
		if err != nil {
			t.Fatal(err)
		}
		for round := 0; round < 2; round++ {
			got, err := e2.Compress(nil, data)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%v clevel %d typesize %d %v blocksize %d, %d workers: other bytes than 1 worker's",
					o.Codec, o.Clevel, o.Typesize, o.Filters[MaxFilters-1], o.Blocksize, o.Workers)
			}
		}
		dec, err := Decompress(nil, want)
		if err != nil || !bytes.Equal(dec, data) {
			t.Fatalf("round trip failed: %v", err)
		}
	})
}
