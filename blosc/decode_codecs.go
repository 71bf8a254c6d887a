package blosc

import (
	"encoding/binary"
	"errors"
	"hash/adler32"
	"io"
	"strconv"
	"sync"

	izstd "github.com/blosc2go/blosc2/internal/zstd"
	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/snappy"

	"github.com/blosc2go/blosc2/internal/blosclz"
	"github.com/blosc2go/blosc2/internal/lz4dec"
)

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
		n, err = w.zlibDecompress(dst, comp)
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

// zlibDecompress decodes a zlib stream (RFC 1950, as zlib's uncompress
// reads it: header, deflate data, Adler-32 of the output) into dst, reusing
// the worker's flate reader.
func (w *worker) zlibDecompress(dst, comp []byte) (int, error) {
	if len(comp) < 2 {
		return 0, errors.New("zlib header truncated")
	}
	cmf, flg := comp[0], comp[1]
	if cmf&0x0f != 8 || cmf>>4 > 7 || (uint16(cmf)<<8|uint16(flg))%31 != 0 {
		return 0, errors.New("invalid zlib header")
	}
	if flg&0x20 != 0 {
		return 0, errors.New("zlib stream needs a preset dictionary")
	}
	w.zsrc.Reset(comp[2:])
	if w.fr == nil {
		w.fr = flate.NewReader(&w.zsrc)
	} else if err := w.fr.(flate.Resetter).Reset(&w.zsrc, nil); err != nil {
		return 0, err
	}
	n, err := io.ReadFull(w.fr, dst)
	if err != nil {
		if err == io.ErrUnexpectedEOF || err == io.EOF {
			return n, nil // short: reported by the caller
		}
		return n, err
	}
	// The deflate stream must end here, followed by the checksum.
	if m, err := w.fr.Read(w.one[:]); m != 0 || err != io.EOF {
		if m != 0 {
			return n + m, nil
		}
		return n, err
	}
	var sum [4]byte
	if _, err := io.ReadFull(&w.zsrc, sum[:]); err != nil {
		return n, errors.New("zlib checksum truncated")
	}
	if binary.BigEndian.Uint32(sum[:]) != adler32.Checksum(dst) {
		return n, errors.New("zlib checksum mismatch")
	}
	return n, nil
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
