package zstd

import (
	"testing"

	"github.com/blosc2go/blosc2/internal/guardpage"
)

// hufEncBuf returns n bytes placed right before an inaccessible page: the
// Huffman encoder's tests take their outputs from its end.
func hufEncBuf(t testing.TB, n int) []byte { return guardpage.Bytes(t, n) }
