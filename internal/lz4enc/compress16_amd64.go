//go:build !purego

package lz4enc

// compress16 compresses src as compress16Generic does, with the same
// arguments and result: its loop over the sequences is compress16Block
// (unless useAsm is off), the last literals are written here.
func compress16(t *[table16Size]uint16, dst, src []byte, acceleration, olimit int) int {
	if !useAsm {
		return compress16Generic(t, dst, src, acceleration, olimit)
	}
	di, anchor := compress16Block(t, dst, src, acceleration, olimit)
	if di < 0 {
		return 0
	}
	return lastLiteralsRun(dst, src, di, anchor, olimit)
}

// compress16Block is compress32Block for the byU16 table: compress16Generic's
// loop in assembly, returning the output position di and the start of the
// last literals, or di = -1 where compress16Generic returns 0.
//
// It checks its arguments itself: unless minLength <= len(src) < u16Limit
// and 1 <= acceleration <= MaxAcceleration (which its caller always
// ensures) it returns di = -1 without reading anything. It reads a
// candidate from the table only when it is below the position tried, and
// never writes past len(dst), returning -1 where dst is too short.
//
//go:noescape
func compress16Block(t *[table16Size]uint16, dst, src []byte, acceleration, olimit int) (di, anchor int)
