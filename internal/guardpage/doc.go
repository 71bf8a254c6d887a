// Package guardpage gives tests memory placed against inaccessible pages
// (Linux only), so that a kernel reading or writing one byte past its
// buffers faults instead of passing unnoticed. The bounds tests of the
// assembly kernels in internal/lz4dec, internal/deflate and internal/zstd
// use it.
package guardpage
