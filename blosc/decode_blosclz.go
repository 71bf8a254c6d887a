package blosc

import "github.com/blosc2go/blosc2/internal/blosclz"

// blosclzDecompress decodes a BloscLZ stream into dst, which has the exact
// decoded length.
func blosclzDecompress(dst, src []byte) (int, error) { return blosclz.Decompress(dst, src) }
