//go:build !amd64 || purego

package lz4enc

// useAsm is false where compress32 has no assembly twin.
var useAsm = false

// compress32 is compress32Generic (no assembly on this build).
func compress32(t *[table32Size]uint32, dst, src []byte, start, acceleration, olimit int) int {
	return compress32Generic(t, dst, src, start, acceleration, olimit)
}
