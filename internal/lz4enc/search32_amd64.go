//go:build !purego

package lz4enc

// search32 is search32Generic in assembly. It checks its arguments itself,
// so that calls are direct: with ip outside [0, len(src)-mfLimit+1] or an
// acceleration outside [1, MaxAcceleration] (which its callers never pass)
// it returns (ip, -1) without reading anything.
//
//go:noescape
func search32(t *[table32Size]uint32, src []byte, ip, acceleration int) (pos, match int)
