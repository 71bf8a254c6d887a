package blosc

import (
	"encoding/binary"

	"github.com/blosc2go/blosc2/internal/blosclz"
	"github.com/blosc2go/blosc2/internal/deflate"
	"github.com/blosc2go/blosc2/internal/lz4enc"
	"github.com/blosc2go/blosc2/internal/lz4hc"
	izstd "github.com/blosc2go/blosc2/internal/zstd"
	"github.com/klauspost/compress/zlib"
	"github.com/klauspost/compress/zstd"
)

// BloscLZ, LZ4 and LZ4HC are C's algorithms (internal/blosclz,
// internal/lz4enc, internal/lz4hc) and give the bytes C-Blosc2 writes at
// the same clevel. Zstd is our own encoder (internal/zstd) at the zstd
// level C-Blosc2 passes (zstdCLevel);
// Zlib from zlibOwnMinClevel on is our own deflate encoder
// (internal/deflate) at the level C-Blosc2 passes (the clevel). Zlib at
// lower clevels and Zstd at clevels 6-7 come from klauspost/compress, whose
// levels are chosen per Blosc clevel so that compressed sizes stay close to
// C-Blosc2's (measured on the corpus of chunks C-Blosc2 wrote:
// TestCompressCorpusSizes), not by the numbers C passes to its libraries.

// zstdLevel maps a Blosc clevel (1..9) to a level of klauspost/compress's
// zstd encoder. C-Blosc2 uses zstd level 2*clevel-1 (22 for 9). Clevel 1 (C's zstd level 1) gets SpeedDefault, not SpeedFastest:
// SpeedFastest runs at C's speed but its output was up to 1.85 times C's
// on structured corpus chunks (TestCompressCorpusSizes), SpeedDefault is
// within 10% of C's size and about half C's speed.
func zstdLevel(clevel int) zstd.EncoderLevel {
	switch {
	case clevel <= 2:
		return zstd.SpeedDefault
	case clevel <= 5:
		return zstd.SpeedBetterCompression
	}
	return zstd.SpeedBestCompression
}

// Zlib: from clevel 2 on, our deflate encoder (internal/deflate) at the
// level C-Blosc2 passes to zlib-ng, the clevel itself: at clevels 2 to 5
// the chunks are at or below C-Blosc2's size on the reference datasets
// (klauspost/compress's fast levels wrote up to 1.7 times C's size at
// clevels 2-4), in about C's CPU time (0.9-1.3x of its speed at clevels
// 2-4, more at 5). At clevel 1 (zlib-ng's deflate_quick) our encoder is
// 0.7-0.85x of C's speed, klauspost/compress's level 3 about as fast as
// C: zlibLevels[1] stays for it (TestCompressCorpusSizes).
var zlibLevels = [2]int{0, 3}

// zlibOwnMinClevel is the first clevel compressed by internal/deflate.
const zlibOwnMinClevel = 2

// zstdOptions returns the options of klauspost/compress's zstd encoders
// of an Encoder with options o, less the level and the window and block
// sizes (see zstdFor), after checking that both encoders accept them (the
// dictionary). Building a zstd.Encoder is cheap: its match tables are
// allocated on first use.
func zstdOptions(o *Options) ([]zstd.EOption, error) {
	if o.Dict != nil {
		if _, err := izstd.NewDict(o.Dict); err != nil {
			return nil, optionError("Dict", err.Error())
		}
	}
	opts := []zstd.EOption{
		zstd.WithEncoderCRC(false),
		zstd.WithAllLitEntropyCompression(true),
		// One EncodeAll at a time per worker: each worker has its own.
		zstd.WithEncoderConcurrency(1),
		// Smaller first buffers; the output is the same.
		zstd.WithLowerEncoderMem(true),
	}
	if o.Dict != nil {
		if len(o.Dict) >= 8 && binary.LittleEndian.Uint32(o.Dict) == zstdDictMagic {
			opts = append(opts, zstd.WithEncoderDict(o.Dict))
		} else {
			opts = append(opts, zstd.WithEncoderDictRaw(0, o.Dict))
		}
	}
	if _, err := zstd.NewWriter(nil, append(opts[:len(opts):len(opts)], zstd.WithEncoderLevel(zstdLevel(o.Clevel)))...); err != nil {
		return nil, optionError("Dict", err.Error())
	}
	return opts, nil
}

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
// anywhere in dst[:cap(dst)]. planeBlk is the zstd block size for a
// shuffled stream (zstdCompress), 0 for others. dict is the chunk's
// dictionary (nil: none).
func (e *Encoder) compressStream(w *encWorker, dst, src []byte, planeBlk int, dict []byte) int {
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
		n = e.zstdCompress(w, dst, src, planeBlk, dict)
	}
	if n <= 0 || n > limit || n >= len(src) {
		return 0
	}
	return n
}
