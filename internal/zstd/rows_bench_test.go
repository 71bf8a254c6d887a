package zstd

import (
	"bytes"
	"fmt"
	"os/exec"
	"testing"
)

// rowStreams returns, for each Zstd row of the side-by-side matrix whose
// decoding is dominated by the sequences stage, one block's stream as
// C-Blosc2 hands it to libzstd (bloscStreams), compressed at the zstd
// level C-Blosc2 passes (clevel 1: 1, clevel 5: 9) by the zstd command
// line tool (libzstd, C-Blosc2's own compressor), or by this package's
// encoder where the tool is missing.
func rowStreams(tb testing.TB) []struct {
	name        string
	frame, want []byte
} {
	tool, _ := exec.LookPath("zstd")
	var rows []struct {
		name        string
		frame, want []byte
	}
	for _, cl := range []int{1, 5} {
		in := bloscStreams(cl)
		for _, name := range []string{"i32-noshuffle", "i32-shuffle", "i32-bitshuffle", "f64-shuffle", "f64-noshuffle"} {
			src := in[name]
			lvl := 2*cl - 1
			var f []byte
			if tool != "" {
				cmd := exec.Command(tool, "-q", "-c", "--no-check", fmt.Sprintf("-%d", lvl))
				cmd.Stdin = bytes.NewReader(src)
				out, err := cmd.Output()
				if err != nil {
					tb.Fatal(err)
				}
				f = out
			} else {
				f = NewEncoder(lvl).EncodeAll(nil, src)
			}
			rows = append(rows, struct {
				name        string
				frame, want []byte
			}{fmt.Sprintf("cl%d/%s", cl, name), f, src})
		}
	}
	return rows
}

// BenchmarkRows decodes the streams of rowStreams: the workloads of the
// matrix where the sequence stage is the bottleneck.
//
//	go test -run '^$' -bench Rows ./internal/zstd
func BenchmarkRows(b *testing.B) {
	for _, r := range rowStreams(b) {
		dst := make([]byte, len(r.want))
		b.Run(r.name, func(b *testing.B) {
			var d Decoder
			if n, err := d.DecodeInto(dst, r.frame); err != nil || !bytes.Equal(dst[:n], r.want) {
				b.Fatal(n, err)
			}
			b.SetBytes(int64(len(r.want)))
			b.ReportAllocs()
			runCPU(b, func() {
				if _, err := d.DecodeInto(dst, r.frame); err != nil {
					b.Fatal(err)
				}
			})
			b.ReportMetric(float64(len(r.want))/float64(len(r.frame)), "ratio")
		})
	}
}
