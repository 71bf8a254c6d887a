//go:build (!amd64 && !arm64) || purego

package lz4dec

// haveFast reports whether this build has an assembly sequence loop.
const haveFast = false

// useFast selects the assembly loop (always false here).
var useFast = false

// fastMargin is the room the assembly loop needs (unused here).
const fastMargin = 32

// decodeFast is the assembly loop's stand-in: it decodes nothing.
func decodeFast(dst, src []byte, si, di int) (int, int) { return si, di }
