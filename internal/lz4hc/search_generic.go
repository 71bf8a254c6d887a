//go:build !amd64 || purego

package lz4hc

// useAsm is false where the searches have no assembly twin.
var useAsm = false

// walkChain is walkChainGo (no assembly on this build).
func walkChain(ct *[chainSize]uint16, src []byte, ip, iLow, iHigh, mp, lowPos, longest, attempts int, pattern uint32) (int, int, int) {
	return walkChainGo(ct, src, ip, iLow, iHigh, mp, lowPos, longest, attempts, pattern)
}

// firstSearch is firstSearchGo (no assembly on this build).
func firstSearch(src []byte, ht *[hashTableSize]uint32, ct *[chainSize]uint16, base uint32, ip, mflimit, iHigh, attempts int) (pos, l, best int) {
	return firstSearchGo(src, ht, ct, base, ip, mflimit, iHigh, attempts)
}
