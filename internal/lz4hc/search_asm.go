//go:build amd64 && !purego

package lz4hc

// findFirst is findFirstGo in assembly.
func findFirst(src []byte, ht *[hashTableSize]uint32, ct *[chainSize]uint16, base uint32, ip, mflimit, attempts int) (pos, mp, n int) {
	if ip < 0 || mflimit+4 > len(src) || attempts <= 0 {
		return findFirstGo(src, ht, ct, base, ip, mflimit, attempts)
	}
	return findFirstAsm(src, ht, ct, base, ip, mflimit, attempts)
}

//go:noescape
func findFirstAsm(src []byte, ht *[hashTableSize]uint32, ct *[chainSize]uint16, base uint32, ip, mflimit, attempts int) (pos, mp, n int)
