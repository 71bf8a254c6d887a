package zstd

import (
	"testing"

	"github.com/blosc2go/blosc2/internal/guardpage"
)

// fastLoopBuf returns n bytes placed right before an inaccessible page
// (and right after one when n fills whole pages): TestFastLoop puts the
// inputs and the literals' buffers there, so that a read past the input's
// end or a literal written past the buffer's room faults.
func fastLoopBuf(t testing.TB, n int) []byte { return guardpage.Bytes(t, n) }
