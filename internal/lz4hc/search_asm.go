//go:build amd64 && !purego

package lz4hc

// useAsm selects the assembly searches over their Go twins (tests turn it
// off to compare whole compressions; the routines use baseline amd64
// instructions only).
var useAsm = true

// walkChain is walkChainGo in assembly.
func walkChain(ct *[chainSize]uint16, src []byte, ip, iLow, iHigh, mp, lowPos, longest, attempts int, pattern uint32) (int, int, int) {
	// The assembly reads src[mp+longest-1-(ip-iLow)+1] and src[iLow+longest]
	// for candidates mp in [lowPos, ip): in bounds when these hold.
	if !useAsm || lowPos < 0 || iLow < 0 || iLow > ip || ip+minMatch > iHigh || iHigh > len(src) ||
		longest <= ip-iLow || iLow+longest > iHigh || attempts <= 0 {
		return walkChainGo(ct, src, ip, iLow, iHigh, mp, lowPos, longest, attempts, pattern)
	}
	return walkChainAsm(ct, src, ip, iLow, iHigh, mp, lowPos, longest, attempts, pattern)
}

//go:noescape
func walkChainAsm(ct *[chainSize]uint16, src []byte, ip, iLow, iHigh, mp, lowPos, longest, attempts int, pattern uint32) (l, best, back int)

// firstSearch is firstSearchGo in assembly, which also reads the four
// bytes at mflimit+1.
func firstSearch(src []byte, ht *[hashTableSize]uint32, ct *[chainSize]uint16, base uint32, ip, mflimit, iHigh, attempts int) (pos, l, best int) {
	if !useAsm || ip < 0 || mflimit+5 > len(src) || mflimit+minMatch > iHigh || iHigh >= len(src) || attempts <= 0 {
		return firstSearchGo(src, ht, ct, base, ip, mflimit, iHigh, attempts)
	}
	return firstSearchAsm(src, ht, ct, base, ip, mflimit, iHigh, attempts)
}

//go:noescape
func firstSearchAsm(src []byte, ht *[hashTableSize]uint32, ct *[chainSize]uint16, base uint32, ip, mflimit, iHigh, attempts int) (pos, l, best int)
