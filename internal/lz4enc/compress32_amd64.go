//go:build !purego

package lz4enc

// useAsm selects compress32Block over compress32Generic (tests turn it off
// to compare the two).
var useAsm = true

// compress32 compresses the block src[start:] as compress32Generic does,
// with the same arguments and result: its loop over the sequences is
// compress32Block, the last literals are written here.
func compress32(t *[table32Size]uint32, dst, src []byte, start, acceleration, olimit int) int {
	if !useAsm {
		return compress32Generic(t, dst, src, start, acceleration, olimit)
	}
	di, anchor := compress32Block(t, dst, src, start, acceleration, olimit)
	if di < 0 {
		return 0
	}
	return lastLiteralsRun(dst, src, di, anchor, olimit)
}

// compress32Block is compress32Generic's loop in assembly, every value in a
// register: it writes the block's sequences up to the last literals into
// dst and returns the output position di and the start of the last
// literals, anchor, for lastLiteralsRun; or di = -1 where compress32Generic
// returns 0, lz4's limitedOutput check (against olimit) having failed.
//
// It checks its arguments itself: unless 0 <= start, start+minLength <=
// len(src) and 1 <= acceleration <= MaxAcceleration (which its caller
// always ensures) it returns di = -1 without reading anything. It reads
// src[:len(src)] and candidates from the table only when they are within
// the window behind the position tried, and never writes past len(dst):
// where dst is too short for a sequence (which a dst of CompressBound
// bytes or an olimit of at most len(dst) rules out) it returns -1.
//
//go:noescape
func compress32Block(t *[table32Size]uint32, dst, src []byte, start, acceleration, olimit int) (di, anchor int)
