//go:build !amd64 || purego

package lz4hc

// findFirst is findFirstGo (no assembly on this build).
func findFirst(src []byte, ht *[hashTableSize]uint32, ct *[chainSize]uint16, base uint32, ip, mflimit, attempts int) (pos, mp, n int) {
	return findFirstGo(src, ht, ct, base, ip, mflimit, attempts)
}
