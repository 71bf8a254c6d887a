//go:build purego || !amd64

package zstd

// histCount4 is histCount4Generic where there is no assembly twin.
func histCount4(t *[4][256]uint32, b []byte) { histCount4Generic(t, b) }
