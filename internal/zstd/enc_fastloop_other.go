//go:build purego || !amd64

package zstd

// useFastLoopAsm is false where there is no assembly parse (fastLoop).
var useFastLoopAsm = false

// fastLoop is fastLoopGeneric where there is no assembly twin.
func fastLoop(s *fastState) { fastLoopGeneric(s) }
