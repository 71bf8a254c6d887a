//go:build !purego

package lz4enc

import (
	"bytes"
	"testing"
)

// TestCompressSearchAsm compresses every dataset with search32's assembly
// and without it: the blocks must be the same bytes.
func TestCompressSearchAsm(t *testing.T) {
	defer func() { useSearchAsm = true }()
	c := new(Compressor)
	for _, ds := range datasets {
		for _, n := range []int{u16Limit, 100000, 200000} {
			src := ds.gen(n)
			for _, acc := range []int{1, 5, 9} {
				want := make([]byte, CompressBound(n))
				useSearchAsm = false
				want = want[:c.Compress(want, src, acc)]
				got := make([]byte, CompressBound(n))
				useSearchAsm = true
				got = got[:c.Compress(got, src, acc)]
				if !bytes.Equal(got, want) {
					t.Fatalf("%s/%d/a%d: blocks differ", ds.name, n, acc)
				}
			}
		}
	}
}
