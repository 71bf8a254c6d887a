//go:build purego || !amd64

package zstd

// hufVecTab is empty where there is no vector Huffman loop.
type hufVecTab struct{}

// set does nothing where there is no vector Huffman loop.
func (t *hufVecTab) set(h *hufEnc) {}
