package offsetcodec

import (
	"encoding/json"
	"math"

	"github.com/blosc2go/blosc2/blosc"
)

// BloscName is the Zarr v3 name of the blosc codec.
const BloscName = "blosc"

// Shuffle modes of the blosc codec (its "shuffle" configuration).
const (
	NoShuffle   = "noshuffle"
	ByteShuffle = "shuffle"
	BitShuffle  = "bitshuffle"
)

// BloscConfig is the configuration of the blosc codec.
type BloscConfig struct {
	// Cname is the compressor: "lz4", "lz4hc", "blosclz", "zstd" or "zlib";
	// "snappy", listed by the specification, decodes, but Encode fails
	// with an error wrapping blosc.ErrUnsupported.
	Cname string
	// Clevel is the compression level, 0 (no compression) to 9.
	Clevel int
	// Shuffle is NoShuffle, ByteShuffle or BitShuffle; "" leaves the
	// choice to the array's data type (ResolveItemSize): BitShuffle for
	// one-byte elements, ByteShuffle otherwise, as zarr-python chooses.
	Shuffle string
	// Typesize is the element size in bytes the shuffle works on, 1 or
	// more; 0 leaves it to the array's data type (ResolveItemSize). The
	// specification requires it unless Shuffle is NoShuffle. As C-Blosc,
	// sizes over 255 compress as 1.
	Typesize int
	// Blocksize is the size in bytes of the blocks compressed independently;
	// 0 chooses it automatically.
	Blocksize int
}

// Blosc is the Zarr v3 "blosc" codec. It writes chunks in the Blosc1 format
// (16-byte header, format version 2) that C-Blosc 1.x, numcodecs,
// zarr-python and numcodecs.js read, and reads chunks in the Blosc1 and
// Blosc2 formats. Build one with NewBlosc or from JSON with a Registry:
//
//	{"name": "blosc", "configuration": {"cname": "zstd", "clevel": 5,
//	  "shuffle": "shuffle", "typesize": 4, "blocksize": 0}}
//
// In the JSON form cname defaults to "zstd", clevel to 5 and blocksize to 0,
// as in zarr-python; shuffle and typesize, when absent, are chosen from the
// array's data type (see ItemSizeResolver) and then recorded in the metadata.
// A Blosc is safe for concurrent use.
type Blosc struct {
	p      BloscConfig
	opts   blosc.Options
	ready  bool  // false while Shuffle or a needed Typesize is open
	encErr error // why opts decode but do not encode (cname "snappy")
}

// NewBlosc checks p and returns the codec.
func NewBlosc(p BloscConfig) (*Blosc, error) {
	codec, err := parseCname(BloscName, p.Cname)
	if err != nil {
		return nil, err
	}
	if p.Clevel < 0 || p.Clevel > 9 {
		return nil, configErr(BloscName, "clevel", "%d is out of range [0, 9]", p.Clevel)
	}
	filter, err := parseShuffle(p.Shuffle)
	if err != nil {
		return nil, err
	}
	if p.Typesize < 0 || int64(p.Typesize) > math.MaxInt32 {
		return nil, configErr(BloscName, "typesize", "%d is out of range [1, %d]", p.Typesize, math.MaxInt32)
	}
	if p.Blocksize < 0 || p.Blocksize > blosc.MaxBlocksize {
		return nil, configErr(BloscName, "blocksize", "%d is out of range [0, %d]", p.Blocksize, blosc.MaxBlocksize)
	}
	b := &Blosc{p: p}
	if p.Shuffle == "" || (p.Typesize == 0 && p.Shuffle != NoShuffle) {
		return b, nil // completed by ResolveItemSize
	}
	o := blosc.DefaultOptions()
	o.Format = blosc.FormatBlosc1
	o.Codec = codec
	o.Clevel = p.Clevel
	o.Typesize = bloscEncodeTypesize(p.Typesize)
	o.Filters = [blosc.MaxFilters]blosc.Filter{}
	o.Filters[blosc.MaxFilters-1] = filter
	o.Blocksize = p.Blocksize
	if b.encErr, err = checkBloscOptions(BloscName, &o); err != nil {
		return nil, err
	}
	b.opts, b.ready = o, true
	return b, nil
}

// parseShuffle maps the shuffle values of the blosc codec, which are
// package blosc's filter names, to the filter ("" to none).
func parseShuffle(s string) (blosc.Filter, error) {
	if s == "" {
		return blosc.NoFilter, nil
	}
	f, err := blosc.ParseFilter(s)
	if err == nil && (s == NoShuffle || s == f.String()) {
		switch f {
		case blosc.NoFilter, blosc.Shuffle, blosc.BitShuffle:
			return f, nil
		}
	}
	return 0, configErr(BloscName, "shuffle", "%q is not one of %s", clip(s),
		quotedList([]string{NoShuffle, ByteShuffle, BitShuffle}))
}

// newBloscFromConfig is the registry factory for "blosc".
func newBloscFromConfig(configuration json.RawMessage) (Codec, error) {
	c, err := ParseConfig(BloscName, configuration, "cname", "clevel", "shuffle", "typesize", "blocksize")
	if err != nil {
		return nil, err
	}
	var p BloscConfig
	if p.Cname, err = c.String("cname", "zstd"); err != nil {
		return nil, err
	}
	clevel, err := c.Int("clevel", 5, 0, 9)
	if err != nil {
		return nil, err
	}
	if p.Shuffle, err = c.String("shuffle", ""); err != nil {
		return nil, err
	}
	typesize, err := c.Int("typesize", 0, 1, math.MaxInt32)
	if err != nil {
		return nil, err
	}
	blocksize, err := c.Int("blocksize", 0, 0, blosc.MaxBlocksize)
	if err != nil {
		return nil, err
	}
	p.Clevel, p.Typesize, p.Blocksize = int(clevel), int(typesize), int(blocksize)
	return NewBlosc(p)
}

// Name returns "blosc".
func (b *Blosc) Name() string { return BloscName }

// Config returns the codec's configuration.
func (b *Blosc) Config() BloscConfig { return b.p }

// ResolveItemSize fills in an open Shuffle and Typesize for elements of
// itemSize bytes (see BloscConfig), or returns b when nothing is open. As
// zarr-python, it records the item size as typesize with NoShuffle too,
// where it only steers the automatic blocksize.
func (b *Blosc) ResolveItemSize(itemSize int) (Codec, error) {
	if b.p.Shuffle != "" && b.p.Typesize != 0 {
		return b, nil
	}
	if itemSize < 1 {
		return nil, configErr(BloscName, "typesize", "cannot derive it from an item size of %d", itemSize)
	}
	p := b.p
	if p.Typesize == 0 {
		p.Typesize = itemSize
	}
	if p.Shuffle == "" {
		p.Shuffle = ByteShuffle
		if itemSize == 1 {
			p.Shuffle = BitShuffle
		}
	}
	return NewBlosc(p)
}

// Encode appends src compressed into one Blosc1-format chunk to dst. It
// fails when the shuffle mode or the typesize it needs was left open and
// never resolved.
func (b *Blosc) Encode(dst, src []byte) ([]byte, error) {
	return bloscEncode(BloscName, &b.opts, b.ready, b.encErr, dst, src)
}

// Decode appends the decoded chunk src (Blosc1 or Blosc2 format) to dst.
// Chunks that decode to more than MaxDecodedSize bytes are rejected.
func (b *Blosc) Decode(dst, src []byte) ([]byte, error) {
	return bloscDecodeLimit(BloscName, dst, src, MaxDecodedSize)
}

// DecodeLimit is Decode for a chunk that must decode to at most limit bytes:
// a chunk claiming more fails before anything is allocated.
func (b *Blosc) DecodeLimit(dst, src []byte, limit int) ([]byte, error) {
	return bloscDecodeLimit(BloscName, dst, src, limit)
}

// MarshalJSON returns {"name":"blosc","configuration":{...}} with cname,
// clevel, shuffle, typesize and blocksize; shuffle and typesize are left out
// while they are open.
func (b *Blosc) MarshalJSON() ([]byte, error) {
	keys := []string{"cname", "clevel"}
	vals := []any{b.p.Cname, b.p.Clevel}
	if b.p.Shuffle != "" {
		keys = append(keys, "shuffle")
		vals = append(vals, b.p.Shuffle)
	}
	if b.p.Typesize != 0 {
		keys = append(keys, "typesize")
		vals = append(vals, b.p.Typesize)
	}
	keys = append(keys, "blocksize")
	vals = append(vals, b.p.Blocksize)
	return marshalCodec(BloscName, keys, vals)
}
