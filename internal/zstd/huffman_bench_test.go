package zstd

import (
	"bytes"
	"fmt"
	"os/exec"
	"testing"
)

// BenchmarkDecodeBlosc decodes the streams of C-Blosc2's zstd:1 and zstd:5
// workloads (bloscStreams) as C zstd writes them (the zstd command line
// tool at the level C-Blosc2 passes, 1 or 9; this package's encoder when
// the tool is missing). Huffman literal decoding is most of the work on
// the shuffled and noshuffle i32 rows.
//
//	go test -run '^$' -bench DecodeBlosc ./internal/zstd
func BenchmarkDecodeBlosc(b *testing.B) {
	for _, cl := range []int{1, 5} {
		in := bloscStreams(cl)
		for _, name := range []string{"f64-shuffle", "f64-bitshuffle", "f64-noshuffle", "i32-shuffle", "i32-bitshuffle", "i32-noshuffle"} {
			src := in[name]
			var f []byte // compressed on first use: the tool's CPU time is not the row's
			dst := make([]byte, len(src))
			b.Run(fmt.Sprintf("cl%d/%s", cl, name), func(b *testing.B) {
				if f == nil {
					f = cliCompress(b, src, 2*cl-1)
				}
				var d Decoder
				b.SetBytes(int64(len(src)))
				b.ReportAllocs()
				runCPU(b, func() {
					if n, err := d.DecodeInto(dst, f); err != nil || n != len(src) {
						b.Fatal(n, err)
					}
				})
			})
		}
	}
}

// cliCompress compresses src with the zstd command line tool at level (no
// checksum, content size stored), or with this package's encoder when the
// tool is not installed.
func cliCompress(tb testing.TB, src []byte, level int) []byte {
	tb.Helper()
	if _, err := exec.LookPath("zstd"); err == nil {
		cmd := exec.Command("zstd", "-c", "-q", "--no-check", fmt.Sprintf("-%d", level))
		cmd.Stdin = bytes.NewReader(src)
		out, err := cmd.Output()
		if err == nil {
			return out
		}
		tb.Logf("zstd: %v", err)
	}
	return NewEncoder(level).EncodeAll(nil, src)
}

// litSections returns the literals sections of the compressed blocks of
// the frame f (each from its header to the end of its block).
func litSections(tb testing.TB, f []byte) [][]byte {
	tb.Helper()
	h, err := ReadFrameHeader(f)
	if err != nil {
		tb.Fatal(err)
	}
	var secs [][]byte
	pos := h.HeaderSize
	for pos+3 <= len(f) {
		bh := int(f[pos]) | int(f[pos+1])<<8 | int(f[pos+2])<<16
		size := bh >> 3
		if bh>>1&3 == blockRLE {
			size = 1
		}
		if bh>>1&3 == blockCompressed {
			secs = append(secs, f[pos+3:pos+3+size])
		}
		pos += 3 + size
		if bh&1 != 0 {
			break
		}
	}
	return secs
}

// BenchmarkLiterals decodes only the literals sections of the streams of
// BenchmarkDecodeBlosc: Huffman tables and streams.
//
//	go test -run '^$' -bench Literals ./internal/zstd
func BenchmarkLiterals(b *testing.B) {
	for _, cl := range []int{1, 5} {
		in := bloscStreams(cl)
		for _, name := range []string{"f64-shuffle", "f64-bitshuffle", "f64-noshuffle", "i32-shuffle", "i32-bitshuffle", "i32-noshuffle"} {
			secs := litSections(b, cliCompress(b, in[name], 2*cl-1))
			b.Run(fmt.Sprintf("cl%d/%s", cl, name), func(b *testing.B) {
				var d Decoder
				n := 0
				for _, s := range secs {
					lits, _, err := d.literals(s, maxBlockSize)
					if err != nil {
						b.Fatal(err)
					}
					n += len(lits)
				}
				b.SetBytes(int64(n))
				b.ReportAllocs()
				runCPU(b, func() {
					for _, s := range secs {
						d.literals(s, maxBlockSize)
					}
				})
			})
		}
	}
}

// BenchmarkHufTable builds the Huffman tables of the streams of
// BenchmarkDecodeBlosc: reading the description (single-symbol table) and
// the double-symbol table.
func BenchmarkHufTable(b *testing.B) {
	for _, name := range []string{"f64-bitshuffle", "f64-noshuffle", "i32-noshuffle"} {
		var desc []byte
		for _, s := range litSections(b, cliCompress(b, bloscStreams(1)[name], 1)) {
			if s[0]&3 == litCompressed {
				lh := 3 + int(s[0]>>2&3) - 1
				desc = s[max(lh, 3):]
				break
			}
		}
		var tab hufTable
		var wt fseTable
		var norm [64]int16
		if _, err := readHufTable(&tab, desc, &wt, &norm); err != nil {
			b.Fatal(err)
		}
		b.Run(name+"/read", func(b *testing.B) {
			runCPU(b, func() { readHufTable(&tab, desc, &wt, &norm) })
		})
		b.Run(name+"/x2", func(b *testing.B) {
			runCPU(b, func() { tab.buildX2() })
		})
	}
}
