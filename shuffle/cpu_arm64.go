//go:build !purego

package shuffle

import "golang.org/x/sys/cpu"

// useNEON tells whether the NEON (ASIMD) kernels run. It is a variable so
// that the tests can switch it off and run the generic path too.
var useNEON = cpu.ARM64.HasASIMD
