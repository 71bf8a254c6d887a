//go:build !amd64 || purego

package lz4enc

// compress16 is compress16Generic (no assembly on this build).
func compress16(t *[table16Size]uint16, dst, src []byte, acceleration, olimit int) int {
	return compress16Generic(t, dst, src, acceleration, olimit)
}
