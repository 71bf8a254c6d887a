package blosc

import (
	"errors"
	"strconv"
	"sync"

	izstd "github.com/blosc2go/blosc2/internal/zstd"
	"github.com/klauspost/compress/snappy"

	"github.com/blosc2go/blosc2/internal/blosclz"
	"github.com/blosc2go/blosc2/internal/deflate"
	"github.com/blosc2go/blosc2/internal/lz4dec"
)

// inflater decodes zlib streams in one call into the caller's buffer.
type inflater = deflate.Decompressor

// codecs holds the codec state a Decoder shares between its workers:
// parsed zstd dictionaries.
type codecs struct {
	mu        sync.Mutex
	zstdDicts map[string]*izstd.Dict
}

// decompressStream decodes one codec stream (comp, at offset base of the
// chunk) into dst, which must come out exactly full.
func (w *worker) decompressStream(p *plan, dst, comp []byte, base int) error {
	var n int
	var err error
	switch p.format {
	case formatBloscLZ:
		n, err = blosclzDecompress(dst, comp)
	case formatLZ4:
		n, err = lz4dec.Decompress(dst, comp, p.dict)
	case formatSnappy:
		n, err = snappyDecompress(dst, comp)
	case formatZlib:
		n, err = w.inflate.DecompressZlib(dst, comp)
	case formatZstd:
		n, err = w.zstdDecompress(dst, comp, p.dict)
	default:
		return unsupported("compressor format " + strconv.Itoa(int(p.format)))
	}
	if err != nil {
		return corrupt(int64(base), p.h.Codec().String()+" stream: "+err.Error())
	}
	if n != len(dst) {
		return corrupt(int64(base), p.h.Codec().String()+" stream decoded to "+strconv.Itoa(n)+" bytes, want "+strconv.Itoa(len(dst)))
	}
	return nil
}

// snappyDecompress decodes a Snappy block (the raw block format C-Blosc 1.x
// writes with snappy_compress, no framing) into dst. The length the block
// declares must be len(dst), so that it is decoded in place.
func snappyDecompress(dst, comp []byte) (int, error) {
	n, err := snappy.DecodedLen(comp)
	if err != nil {
		return 0, err
	}
	if n != len(dst) {
		return 0, errors.New("snappy block declares " + strconv.Itoa(n) + " bytes, want " + strconv.Itoa(len(dst)))
	}
	out, err := snappy.Decode(dst, comp)
	return len(out), err
}

// blosclzDecompress decodes a BloscLZ stream into dst, which has the exact
// decoded length.
func blosclzDecompress(dst, src []byte) (int, error) { return blosclz.Decompress(dst, src) }
