//go:build !amd64 || purego

package lz4enc

// search32 is search32Generic (no assembly on this build).
func search32(t *[table32Size]uint32, src []byte, ip, acceleration int) (pos, match int) {
	return search32Generic(t, src, ip, acceleration)
}
