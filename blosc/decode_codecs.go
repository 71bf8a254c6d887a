package blosc

import (
	"encoding/binary"
	"errors"
	"hash/adler32"
	"io"
	"strconv"
	"sync"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/snappy"
	"github.com/klauspost/compress/zstd"

	"github.com/blosc2go/blosc2/internal/lz4dec"
)

// zstdDictMagic starts a zstd dictionary in the format of ZDICT (with
// entropy tables and an ID); other dictionaries are raw content.
const zstdDictMagic = 0xEC30A437

// maxZstdDictDecoders is how many zstd decoders with a dictionary a Decoder
// keeps for reuse.
const maxZstdDictDecoders = 8

// codecs holds the codec state a Decoder shares between its workers: zstd
// decoders are safe for concurrent use.
type codecs struct {
	concurrency int

	zstdOnce sync.Once
	zstd     *zstd.Decoder
	zstdErr  error

	mu       sync.Mutex
	zstdDict map[string]*zstd.Decoder
}

func (c *codecs) zstdOptions() []zstd.DOption {
	return []zstd.DOption{
		zstd.WithDecoderConcurrency(c.concurrency),
		zstd.WithDecodeAllCapLimit(true),
		zstd.WithDecoderMaxMemory(MaxBlocksize),
	}
}

// zstdDecoder returns the shared zstd decoder for dict (nil: no dictionary).
func (c *codecs) zstdDecoder(dict []byte) (*zstd.Decoder, error) {
	if dict == nil {
		c.zstdOnce.Do(func() {
			c.zstd, c.zstdErr = zstd.NewReader(nil, c.zstdOptions()...)
		})
		return c.zstd, c.zstdErr
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if d, ok := c.zstdDict[string(dict)]; ok {
		return d, nil
	}
	opts := c.zstdOptions()
	if len(dict) >= 8 && uint32(dict[0])|uint32(dict[1])<<8|uint32(dict[2])<<16|uint32(dict[3])<<24 == zstdDictMagic {
		opts = append(opts, zstd.WithDecoderDicts(dict))
	} else {
		// C-Blosc2 loads the dictionary with ZSTD_createDDict, which takes
		// bytes without the magic as raw content; frames then carry ID 0.
		opts = append(opts, zstd.WithDecoderDictRaw(0, dict))
	}
	d, err := zstd.NewReader(nil, opts...)
	if err != nil {
		return nil, corrupt(0, "zstd dictionary: "+err.Error())
	}
	if c.zstdDict == nil {
		c.zstdDict = make(map[string]*zstd.Decoder)
	}
	if len(c.zstdDict) >= maxZstdDictDecoders {
		for k, old := range c.zstdDict {
			old.Close()
			delete(c.zstdDict, k)
			break
		}
	}
	c.zstdDict[string(dict)] = d
	return d, nil
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
		var d *zstd.Decoder
		d, err = w.codecs.zstdDecoder(p.dict)
		if err != nil {
			return err
		}
		n, err = w.zstdDecompress(d, dst, comp, p.dict == nil)
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
