package blosc

import (
	izstd "github.com/blosc2go/blosc2/internal/zstd"
)

// Zstd streams are decoded by internal/zstd, straight into the block's
// buffer: each worker has a decoder of its own (tables and scratch kept
// from stream to stream), and the Decoder shares parsed dictionaries
// between its workers.

// maxZstdDicts is how many parsed zstd dictionaries a Decoder keeps.
const maxZstdDicts = 8

// zstdDict returns the parsed form of the chunk dictionary dict (nil: no
// dictionary), in zstd's format or raw content as C-Blosc2 loads it with
// ZSTD_createDDict (frames then carry dictionary ID 0).
func (c *codecs) zstdDict(dict []byte) (*izstd.Dict, error) {
	if dict == nil {
		return nil, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if d, ok := c.zstdDicts[string(dict)]; ok {
		return d, nil
	}
	d, err := izstd.NewDict(dict)
	if err != nil {
		return nil, corrupt(0, "zstd dictionary: "+err.Error())
	}
	if c.zstdDicts == nil {
		c.zstdDicts = make(map[string]*izstd.Dict)
	}
	if len(c.zstdDicts) >= maxZstdDicts {
		for k := range c.zstdDicts {
			delete(c.zstdDicts, k)
			break
		}
	}
	c.zstdDicts[string(dict)] = d
	return d, nil
}

// zstdDecompress decodes the zstd stream comp into dst and returns the
// number of bytes written; the caller checks that dst came out full.
func (w *worker) zstdDecompress(dst, comp, dict []byte) (int, error) {
	d, err := w.codecs.zstdDict(dict)
	if err != nil {
		return 0, err
	}
	return w.zd.DecodeDictInto(dst, comp, d)
}
