package blosc

// BYTEDELTA (filters 34 and 35): byte-wise differences within each of the
// typesize streams SHUFFLE leaves.

// byteDeltaEncode is BYTEDELTA forward (filter 35): the block is typesize
// streams of len/typesize bytes (as left by SHUFFLE), each replaced by the
// differences of consecutive bytes; the len % typesize trailing bytes are
// copied.
func byteDeltaEncode(dst, src []byte, typesize int) {
	slen := len(src) / typesize
	for ch := 0; ch < typesize; ch++ {
		in := src[ch*slen : (ch+1)*slen]
		out := dst[ch*slen : (ch+1)*slen]
		var prev byte
		for k, v := range in {
			out[k] = v - prev
			prev = v
		}
	}
	tail := slen * typesize
	copy(dst[tail:len(src)], src[tail:])
}

// byteDeltaDecode undoes BYTEDELTA: src holds typesize streams of
// len/typesize bytes, each a byte-wise delta; dst gets their running sums.
// The len % typesize trailing bytes are copied (C-Blosc2 3.3.2 and later;
// earlier versions did not write them at all). The buggy filter (ID 34)
// restarts the running sum after the last whole group of 16 bytes of each
// stream, as its SIMD encoder did.
func byteDeltaDecode(dst, src []byte, typesize int, buggy bool) {
	slen := len(src) / typesize
	for ch := 0; ch < typesize; ch++ {
		in := src[ch*slen : (ch+1)*slen]
		out := dst[ch*slen : (ch+1)*slen]
		var acc byte
		restart := -1
		if buggy {
			restart = slen - slen%16
		}
		for i, v := range in {
			if i == restart {
				acc = 0
			}
			acc += v
			out[i] = acc
		}
	}
	tail := slen * typesize
	copy(dst[tail:len(src)], src[tail:])
}
