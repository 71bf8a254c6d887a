package offsetcodec

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/blosc2go/blosc2/blosc"
)

// Blosc2Name is the name of the blosc2 codec. It is not (yet) a standard
// Zarr v3 codec: other Zarr implementations do not know it, and its
// configuration is defined by this package.
const Blosc2Name = "blosc2"

// Blosc2Filter is one entry of the blosc2 codec's filter pipeline.
type Blosc2Filter struct {
	// ID names the filter as C-Blosc2 does: "shuffle", "bitshuffle",
	// "delta", "trunc_prec", "bytedelta" or "int_trunc".
	ID string
	// Meta is the filter's parameter: for "shuffle" the byte-group size
	// (0..255, 0 meaning the typesize); for "bytedelta" its typesize
	// (0..255, 0 meaning the codec's typesize); for "trunc_prec" and
	// "int_trunc" the precision in bits (-128..127 but not 0: positive
	// values are bits to keep, negative ones bits to drop). "bitshuffle"
	// and "delta" take none (0).
	Meta int
}

// Blosc2Config is the configuration of the blosc2 codec.
type Blosc2Config struct {
	// Cname is the compressor: "lz4", "lz4hc", "blosclz", "zstd" or "zlib",
	// or "blosc2", ocf_blosc2's name for BloscLZ ("snappy" decodes; Encode
	// fails with an error wrapping blosc.ErrUnsupported).
	Cname string
	// Clevel is the compression level, 0 (no compression) to 9.
	Clevel int
	// Typesize is the element size in bytes, 1 to 255; 0 leaves it to the
	// array's data type (ResolveItemSize).
	Typesize int
	// Filters is the filter pipeline, at most 6 filters applied in order
	// before compression (empty: none). They occupy the last slots of the
	// chunk's six filter slots, so a lone shuffle sits where C-Blosc2 puts
	// its default one.
	Filters []Blosc2Filter
	// Blocksize is the size in bytes of the blocks compressed independently;
	// 0 chooses it automatically as C-Blosc2 does.
	Blocksize int
	// SplitMode says when blocks are split into one stream per byte of the
	// type: "always", "never", "auto" or "forward_compat" ("" means "auto").
	SplitMode string
	// OCF marks the configuration of ocf_blosc2's codec (Open Climate
	// Fix), which has only cname and clevel: MarshalJSON then writes only
	// those two keys, so that ocf_blosc2 (which refuses other keys) reads
	// the metadata. The chunks are the same.
	OCF bool
}

// parseBlosc2Filter reads a filter ID with package blosc's names: a filter
// package blosc writes, spelled as blosc.Filter.String spells it.
func parseBlosc2Filter(id string) (blosc.Filter, bool) {
	f, err := blosc.ParseFilter(id)
	return f, err == nil && f.String() == id && blosc2Filter(f)
}

// blosc2Filter reports whether f may be listed in the blosc2 codec's
// filters: a filter package blosc decodes, other than "no filter" and the
// buggy bytedelta of C-Blosc2 2.6.
func blosc2Filter(f blosc.Filter) bool {
	return f.Decodable() && f != blosc.NoFilter && f != blosc.ByteDeltaBuggy
}

// blosc2FilterNames lists, for error messages, the filter IDs accepted.
func blosc2FilterNames() []string {
	var names []string
	for i := 0; i < 256; i++ {
		if f := blosc.Filter(i); blosc2Filter(f) {
			names = append(names, f.String())
		}
	}
	return names
}

// parseSplitMode reads a splitmode value with package blosc's names.
func parseSplitMode(s string) (blosc.SplitMode, error) {
	m, err := blosc.ParseSplitMode(s)
	if err != nil || m.String() != s || m > blosc.SplitForwardCompat {
		var names []string
		for m := blosc.SplitAlways; m <= blosc.SplitForwardCompat; m++ {
			names = append(names, m.String())
		}
		return 0, configErr(Blosc2Name, "splitmode", "%q is not one of %s", clip(s), quotedList(names))
	}
	return m, nil
}

// Blosc2 is the "blosc2" codec: chunks in the Blosc2 format (32-byte
// header, format version 5) with C-Blosc2's whole filter pipeline. It reads
// chunks in the Blosc1 and Blosc2 formats. Its metadata:
//
//	{"name": "blosc2", "configuration": {"cname": "zstd", "clevel": 5,
//	  "typesize": 4, "filters": [{"id": "trunc_prec", "meta": 10}, {"id": "shuffle"}],
//	  "blocksize": 0, "splitmode": "auto"}}
//
// In the JSON form cname defaults to "zstd", clevel to 5, filters to
// [{"id": "shuffle"}], blocksize to 0 and splitmode to "auto" (the defaults of
// python-blosc2); typesize, when absent, is taken from the array's data type
// (see ItemSizeResolver). "meta" may be left out when it is 0. Unknown keys,
// filter IDs and out-of-range values are errors.
//
// ocf_blosc2 (github.com/openclimatefix/ocf_blosc2), whose Zarr stores use
// the same codec id, writes {"cname": "zstd" | "blosc2", "clevel": 5}, each
// chunk one blosc2.compress chunk. A configuration with no keys other than
// cname and clevel is read as ocf_blosc2's: cname "blosc2" means BloscLZ
// (any cname above is also accepted), an absent cname is "blosc2" (its
// default), clevel defaults to 5, and the other settings take the defaults
// of blosc2.compress (typesize: the array's item size, a shuffle filter,
// automatic blocksize), which is what those chunks are made with; such a
// codec writes back only cname and clevel (Blosc2Config.OCF).
//
// blosc2 is not a standard Zarr v3 codec: arrays using it are readable only by
// implementations that register a codec with this name and configuration. A
// Blosc2 is safe for concurrent use.
type Blosc2 struct {
	p      Blosc2Config
	opts   blosc.Options
	ready  bool  // false while Typesize is open
	encErr error // why opts decode but do not encode (cname "snappy")
}

// NewBlosc2 checks p and returns the codec.
func NewBlosc2(p Blosc2Config) (*Blosc2, error) {
	codec := blosc.BloscLZ
	var err error
	if p.Cname != ocfBloscLZ {
		if codec, err = parseCname(Blosc2Name, p.Cname); err != nil {
			return nil, err
		}
	}
	if p.Clevel < 0 || p.Clevel > 9 {
		return nil, configErr(Blosc2Name, "clevel", "%d is out of range [0, 9]", p.Clevel)
	}
	if p.Typesize < 0 || p.Typesize > blosc.MaxTypesize {
		return nil, configErr(Blosc2Name, "typesize", "%d is out of range [1, %d]", p.Typesize, blosc.MaxTypesize)
	}
	if p.Blocksize < 0 || p.Blocksize > blosc.MaxBlocksize {
		return nil, configErr(Blosc2Name, "blocksize", "%d is out of range [0, %d]", p.Blocksize, blosc.MaxBlocksize)
	}
	if p.SplitMode == "" {
		p.SplitMode = "auto"
	}
	split, err := parseSplitMode(p.SplitMode)
	if err != nil {
		return nil, err
	}
	if len(p.Filters) > blosc.MaxFilters {
		return nil, configErr(Blosc2Name, "filters", "%d filters, at most %d", len(p.Filters), blosc.MaxFilters)
	}
	o := blosc.DefaultOptions()
	o.Codec, o.Clevel, o.Blocksize, o.SplitMode = codec, p.Clevel, p.Blocksize, split
	o.Filters = [blosc.MaxFilters]blosc.Filter{}
	first := blosc.MaxFilters - len(p.Filters)
	for i, f := range p.Filters {
		id, ok := parseBlosc2Filter(f.ID)
		if !ok {
			return nil, configErr(Blosc2Name, "filters", "filter %d: id %q is not one of %s", i, clip(f.ID), quotedList(blosc2FilterNames()))
		}
		lo, hi := 0, 0
		switch id {
		case blosc.Shuffle, blosc.ByteDelta:
			hi = 255
		case blosc.TruncPrec, blosc.IntTrunc:
			lo, hi = -128, 127
			if f.Meta == 0 {
				return nil, configErr(Blosc2Name, "filters", "filter %d (%s): meta (the precision in bits) is required and not 0", i, f.ID)
			}
		}
		if f.Meta < lo || f.Meta > hi {
			if lo == hi {
				return nil, configErr(Blosc2Name, "filters", "filter %d (%s) takes no meta, got %d", i, f.ID, f.Meta)
			}
			return nil, configErr(Blosc2Name, "filters", "filter %d (%s): meta %d is out of range [%d, %d]", i, f.ID, f.Meta, lo, hi)
		}
		o.Filters[first+i] = id
		o.FiltersMeta[first+i] = uint8(f.Meta) // two's complement for negative precisions
	}
	p.Filters = append([]Blosc2Filter{}, p.Filters...)
	b := &Blosc2{p: p}
	if p.Typesize == 0 {
		return b, nil // completed by ResolveItemSize
	}
	o.Typesize = p.Typesize
	if b.encErr, err = checkBloscOptions(Blosc2Name, &o); err != nil {
		return nil, err
	}
	b.opts, b.ready = o, true
	return b, nil
}

// newBlosc2FromConfig is the registry factory for "blosc2".
func newBlosc2FromConfig(configuration json.RawMessage) (Codec, error) {
	c, err := ParseConfig(Blosc2Name, configuration, "cname", "clevel", "typesize", "filters", "blocksize", "splitmode")
	if err != nil {
		return nil, err
	}
	var p Blosc2Config
	p.OCF = (c.Has("cname") || c.Has("clevel")) && len(c.values) == boolCount(c.Has("cname"), c.Has("clevel"))
	defCname := "zstd"
	if p.OCF {
		defCname = ocfBloscLZ
	}
	if p.Cname, err = c.String("cname", defCname); err != nil {
		return nil, err
	}
	clevel, err := c.Int("clevel", 5, 0, 9)
	if err != nil {
		return nil, err
	}
	typesize, err := c.Int("typesize", 0, 1, blosc.MaxTypesize)
	if err != nil {
		return nil, err
	}
	blocksize, err := c.Int("blocksize", 0, 0, blosc.MaxBlocksize)
	if err != nil {
		return nil, err
	}
	if p.SplitMode, err = c.String("splitmode", "auto"); err != nil {
		return nil, err
	}
	p.Clevel, p.Typesize, p.Blocksize = int(clevel), int(typesize), int(blocksize)
	p.Filters = []Blosc2Filter{{ID: "shuffle"}}
	if c.Has("filters") {
		if p.Filters, err = parseBlosc2Filters(c.values["filters"]); err != nil {
			return nil, err
		}
	}
	return NewBlosc2(p)
}

// ocfBloscLZ is ocf_blosc2's cname for BloscLZ.
const ocfBloscLZ = "blosc2"

func boolCount(bs ...bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// parseBlosc2Filters reads the "filters" array: objects with a string "id"
// and an optional integer "meta".
func parseBlosc2Filters(raw json.RawMessage) ([]Blosc2Filter, error) {
	var items []json.RawMessage
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || trimmed[0] != '[' || json.Unmarshal(trimmed, &items) != nil {
		return nil, configErr(Blosc2Name, "filters", "must be an array of {\"id\": ..., \"meta\": ...} objects")
	}
	if len(items) > blosc.MaxFilters {
		return nil, configErr(Blosc2Name, "filters", "%d filters, at most %d", len(items), blosc.MaxFilters)
	}
	filters := make([]Blosc2Filter, 0, len(items))
	for i, item := range items {
		fc, err := ParseConfig(Blosc2Name, item, "id", "meta")
		if err != nil {
			return nil, configErr(Blosc2Name, "filters", "filter %d: %s", i, reason(err))
		}
		if err := fc.Require("id"); err != nil {
			return nil, configErr(Blosc2Name, "filters", "filter %d: \"id\" is missing", i)
		}
		var f Blosc2Filter
		if f.ID, err = fc.String("id", ""); err != nil {
			return nil, configErr(Blosc2Name, "filters", "filter %d: %s", i, reason(err))
		}
		meta, err := fc.Int("meta", 0, -128, 255)
		if err != nil {
			return nil, configErr(Blosc2Name, "filters", "filter %d: %s", i, reason(err))
		}
		f.Meta = int(meta)
		filters = append(filters, f)
	}
	return filters, nil
}

// reason returns the reason of a *ConfigError with its key, or the error
// text.
func reason(err error) string {
	if ce, ok := err.(*ConfigError); ok {
		if ce.Key != "" {
			return fmt.Sprintf("%q: %s", ce.Key, ce.Reason)
		}
		return ce.Reason
	}
	return err.Error()
}

// Name returns "blosc2".
func (b *Blosc2) Name() string { return Blosc2Name }

// Config returns the codec's configuration.
func (b *Blosc2) Config() Blosc2Config {
	p := b.p
	p.Filters = append([]Blosc2Filter{}, p.Filters...)
	return p
}

// ResolveItemSize sets an open Typesize to itemSize (at most 255; larger
// elements get typesize 1, as in C-Blosc2), or returns b when it is set.
func (b *Blosc2) ResolveItemSize(itemSize int) (Codec, error) {
	if b.p.Typesize != 0 {
		return b, nil
	}
	if itemSize < 1 {
		return nil, configErr(Blosc2Name, "typesize", "cannot derive it from an item size of %d", itemSize)
	}
	p := b.Config()
	p.Typesize = bloscEncodeTypesize(itemSize)
	return NewBlosc2(p)
}

// Encode appends src compressed into one Blosc2-format chunk to dst. It
// fails when Typesize was left open and never resolved.
func (b *Blosc2) Encode(dst, src []byte) ([]byte, error) {
	return bloscEncode(Blosc2Name, &b.opts, b.ready, b.encErr, dst, src)
}

// Decode appends the decoded chunk src (Blosc2 or Blosc1 format) to dst.
// Chunks that decode to more than MaxDecodedSize bytes are rejected.
func (b *Blosc2) Decode(dst, src []byte) ([]byte, error) {
	return bloscDecodeLimit(Blosc2Name, dst, src, MaxDecodedSize)
}

// DecodeLimit is Decode for a chunk that must decode to at most limit bytes.
func (b *Blosc2) DecodeLimit(dst, src []byte, limit int) ([]byte, error) {
	return bloscDecodeLimit(Blosc2Name, dst, src, limit)
}

// MarshalJSON returns {"name":"blosc2","configuration":{...}} with cname,
// clevel, typesize (left out while open), filters (each "meta" left out when
// 0), blocksize and splitmode.
func (b *Blosc2) MarshalJSON() ([]byte, error) {
	type filterJSON struct {
		ID   string `json:"id"`
		Meta int    `json:"meta,omitempty"`
	}
	filters := make([]filterJSON, len(b.p.Filters))
	for i, f := range b.p.Filters {
		filters[i] = filterJSON{f.ID, f.Meta}
	}
	keys := []string{"cname", "clevel"}
	vals := []any{b.p.Cname, b.p.Clevel}
	if b.p.OCF {
		return marshalCodec(Blosc2Name, keys, vals)
	}
	if b.p.Typesize != 0 {
		keys = append(keys, "typesize")
		vals = append(vals, b.p.Typesize)
	}
	keys = append(keys, "filters", "blocksize", "splitmode")
	vals = append(vals, filters, b.p.Blocksize, b.p.SplitMode)
	return marshalCodec(Blosc2Name, keys, vals)
}
