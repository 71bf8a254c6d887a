package lz4enc

import "testing"

// FuzzCompress compares Compress with the oracle on arbitrary input,
// acceleration and dst length (dstLen 0 meaning CompressBound).
func FuzzCompress(f *testing.F) {
	for i, ds := range datasets {
		for _, n := range []int{0, 12, 13, 100, 5000, u16Limit - 1, u16Limit} {
			f.Add(ds.gen(n), 1+i%3, uint32(0))
			f.Add(ds.gen(n), 5, uint32(n/2+1))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, acceleration int, dstLen uint32) {
		c := new(Compressor)
		l := CompressBound(len(src))
		if dstLen != 0 {
			l = int(dstLen-1) % (l + 1)
		}
		checkSame(t, c, src, acceleration, l)
	})
}
