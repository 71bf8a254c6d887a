package zstd

// histogram counts the bytes of b into cnt, with four interleaved
// counters (scratch) so that runs of one value do not wait on their own
// increments: byte i goes to scratch[i&3]. The first len(b)&^15 bytes go
// through histCount4 (assembly where there is some).
func histogram(cnt *[256]uint32, scratch *[4][256]uint32, b []byte) {
	*cnt = [256]uint32{}
	histogramAdd(cnt, scratch, b)
}

// histogramAdd is histogram adding the counts to those in cnt.
func histogramAdd(cnt *[256]uint32, scratch *[4][256]uint32, b []byte) {
	*scratch = [4][256]uint32{}
	n := len(b) &^ 15
	histCount4(scratch, b[:n])
	c0, c1, c2, c3 := &scratch[0], &scratch[1], &scratch[2], &scratch[3]
	for _, x := range b[n:] {
		c0[x]++
	}
	for s := range cnt {
		cnt[s] += c0[s] + c1[s] + c2[s] + c3[s]
	}
}

// histCount4Generic adds the counts of the bytes of b (a multiple of 16
// long) to t, byte i to t[i&3]: the reference of histCount4's assembly
// twin.
func histCount4Generic(t *[4][256]uint32, b []byte) {
	c0, c1, c2, c3 := &t[0], &t[1], &t[2], &t[3]
	for len(b) >= 4 {
		x := b[:4]
		c0[x[0]]++
		c1[x[1]]++
		c2[x[2]]++
		c3[x[3]]++
		b = b[4:]
	}
}
