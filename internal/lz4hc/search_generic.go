//go:build !amd64 || purego

package lz4hc

// findFirst is findFirstGo (no assembly on this build).
func findFirst(src []byte, ht *[hashTableSize]uint32, ct *[chainSize]uint16, base uint32, ip, mflimit, attempts int) (pos, mp, n int) {
	return findFirstGo(src, ht, ct, base, ip, mflimit, attempts)
}

// walkChain is walkChainGo (no assembly on this build).
func walkChain(ct *[chainSize]uint16, src []byte, ip, iLow, iHigh, mp, lowPos, longest, attempts int, pattern uint32) (int, int, int) {
	return walkChainGo(ct, src, ip, iLow, iHigh, mp, lowPos, longest, attempts, pattern)
}
