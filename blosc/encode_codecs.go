package blosc

import (
	"github.com/blosc2go/blosc2/internal/blosclz"
	"github.com/blosc2go/blosc2/internal/deflate"
	"github.com/blosc2go/blosc2/internal/lz4enc"
	"github.com/blosc2go/blosc2/internal/lz4hc"
	"github.com/klauspost/compress/zlib"
)

// BloscLZ, LZ4 and LZ4HC are C's algorithms (internal/blosclz,
// internal/lz4enc, internal/lz4hc) and give the bytes C-Blosc2 writes at
// the same clevel. Zstd is our own encoder (internal/zstd) at the zstd
// level C-Blosc2 passes (zstdCLevel). Zlib from zlibOwnMinClevel on is our
// own deflate encoder (internal/deflate) at the level C-Blosc2 passes (the
// clevel); Zlib at clevel 1 comes from klauspost/compress, at the level
// whose sizes stay close to C-Blosc2's (measured on the corpus of chunks
// C-Blosc2 wrote: TestCompressCorpusSizes).

// Zlib: from clevel 2 on, our deflate encoder (internal/deflate) at the
// level C-Blosc2 passes to zlib-ng, the clevel itself: at clevels 2 to 4
// the chunks are at or below C-Blosc2's size on the reference datasets,
// at clevel 5 within 0.5% of it (level 5 trades 3-byte matches that
// break literal runs for faster decoding; internal/deflate's levelParams)
// (klauspost/compress's fast levels wrote up to 1.7 times C's size at
// clevels 2-4), in about C's CPU time (0.9-1.3x of its speed at clevels
// 2-4, more at 5). At clevel 1 (zlib-ng's deflate_quick) our encoder is
// 0.7-0.85x of C's speed, klauspost/compress's level 3 about as fast as
// C: zlibLevels[1] stays for it (TestCompressCorpusSizes).
var zlibLevels = [2]int{0, 3}

// zlibOwnMinClevel is the first clevel compressed by internal/deflate.
const zlibOwnMinClevel = 2

// sliceWriter is an io.Writer appending to a byte slice.
type sliceWriter struct{ b []byte }

func (w *sliceWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

// compressStream compresses src with the Encoder's codec into dst, whose
// length (at most len(src)) is the capacity, and returns the compressed
// size, or 0 when the stream does not compress to fewer than len(src)
// bytes within that capacity and is to be stored raw. It may write
// anywhere in dst[:cap(dst)]. dict is the chunk's dictionary (nil: none).
func (e *Encoder) compressStream(w *encWorker, dst, src, dict []byte) int {
	o := &e.opts
	limit := len(dst)
	var n int
	switch o.Codec {
	case BloscLZ:
		n = blosclz.Compress(dst[:limit], src, o.Clevel)
	case LZ4:
		// C-Blosc2 passes acceleration 10-clevel to LZ4_compress_fast
		// (LZ4_compress_fast_continue after LZ4_loadDict with a
		// dictionary; CompressDict without one is Compress).
		if w.lz4 == nil {
			w.lz4 = new(lz4enc.Compressor)
		}
		n = w.lz4.CompressDict(dst[:limit], src, dict, 10-o.Clevel)
	case LZ4HC:
		// C-Blosc2 runs LZ4_compress_HC at level clevel (with a
		// dictionary, LZ4_loadDictHC and LZ4_compress_HC_continue).
		if w.lz4hc == nil {
			w.lz4hc = lz4hc.NewCompressor()
		}
		n = w.lz4hc.CompressDict(dst[:limit], src, dict, o.Clevel)
	case Zlib:
		if o.Clevel >= zlibOwnMinClevel {
			if w.deflate == nil {
				w.deflate = new(deflate.Compressor) // about 200 KiB of match tables
			}
			w.zout.b = w.deflate.CompressZlib(w.zout.b[:0], src, o.Clevel)
		} else {
			w.zout.b = w.zout.b[:0]
			if w.zlib == nil {
				zw, err := zlib.NewWriterLevel(&w.zout, zlibLevels[o.Clevel])
				if err != nil {
					return 0
				}
				w.zlib = zw
			} else {
				w.zlib.Reset(&w.zout)
			}
			if _, err := w.zlib.Write(src); err != nil {
				return 0
			}
			if err := w.zlib.Close(); err != nil {
				return 0
			}
		}
		if len(w.zout.b) > limit {
			return 0
		}
		n = copy(dst, w.zout.b)
	case Zstd:
		n = e.zstdCompress(w, dst, src, dict)
	}
	if n <= 0 || n > limit || n >= len(src) {
		return 0
	}
	return n
}
