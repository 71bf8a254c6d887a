//go:build !purego

package lz4enc

// useSearchAsm selects search32Asm; tests turn it off to run the Go
// version through the same callers.
var useSearchAsm = true

// search32 is search32Generic in assembly when its loads are in bounds for
// any table of positions below ip: the 8 bytes at ip, and acceleration
// within lz4's range.
func search32(t *[table32Size]uint32, src []byte, ip, acceleration int) (pos, match int) {
	if !useSearchAsm || ip < 0 || ip > len(src)-8 || acceleration < 1 || acceleration > MaxAcceleration {
		return search32Generic(t, src, ip, acceleration)
	}
	return search32Asm(t, src, ip, acceleration)
}

//go:noescape
func search32Asm(t *[table32Size]uint32, src []byte, ip, acceleration int) (pos, match int)
