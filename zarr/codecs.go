package zarr

import (
	"encoding/json"
	"fmt"

	"github.com/blosc2go/blosc2/offsetcodec"
)

// Codec is one entry of an array's codec list: a *Transpose (array -> array),
// a *Bytes or a *ShardingIndexed (array -> bytes), or an offsetcodec.Codec
// (bytes -> bytes: offsetcodec.NewGzip, NewZstd, NewBlosc, NewOffset, ...,
// or any codec registered with offsetcodec.Register). Package offsetcodec
// owns the bytes -> bytes codecs and the one registry metadata is parsed
// with; this package owns the core array codecs and the pipeline.
type Codec interface {
	Name() string
	MarshalJSON() ([]byte, error)
}

// Transpose is the "transpose" array -> array codec. Order is a permutation
// of 0..n-1 for an n-dimensional chunk: the encoded chunk's dimension i is the
// decoded chunk's dimension Order[i]. Order [n-1, ..., 0] stores chunks in
// Fortran order.
type Transpose struct {
	Order []int
}

// Name returns "transpose".
func (t *Transpose) Name() string { return "transpose" }

// MarshalJSON returns {"name":"transpose","configuration":{"order":[...]}}.
func (t *Transpose) MarshalJSON() ([]byte, error) {
	order := t.Order
	if order == nil {
		order = []int{}
	}
	o, err := json.Marshal(order)
	if err != nil {
		return nil, err
	}
	return []byte(`{"name":"transpose","configuration":{"order":` + string(o) + `}}`), nil
}

// Bytes is the "bytes" array -> bytes codec. Endian is "little" or "big";
// it may be empty only for one-byte data types.
type Bytes struct {
	Endian string
}

// Name returns "bytes".
func (b *Bytes) Name() string { return "bytes" }

// MarshalJSON returns {"name":"bytes","configuration":{"endian":...}}.
func (b *Bytes) MarshalJSON() ([]byte, error) {
	if b.Endian == "" {
		return []byte(`{"name":"bytes","configuration":{}}`), nil
	}
	e, _ := json.Marshal(b.Endian)
	return []byte(`{"name":"bytes","configuration":{"endian":` + string(e) + `}}`), nil
}

// registry is offsetcodec's default registry, where offsetcodec.Register
// adds codecs: metadata naming a codec registered there opens here. A
// compressor plugged in this way should implement offsetcodec.LimitDecoder
// (the pipeline passes the largest output a valid chunk can have), and a
// codec with settings that depend on the data type
// offsetcodec.ItemSizeResolver.
var registry = offsetcodec.Default()

// parseCodec builds one codec from its metadata.
func parseCodec(field string, raw json.RawMessage) (Codec, error) {
	return parseCodecDepth(field, raw, 0)
}

// parseCodecDepth builds one codec, depth levels of sharding deep.
func parseCodecDepth(field string, raw json.RawMessage, depth int) (Codec, error) {
	name, conf, err := offsetcodec.ParseExtension(raw)
	if err != nil {
		return nil, &MetadataError{Field: field, Reason: err.Error(), Err: ErrInvalidMetadata}
	}
	switch name {
	case shardingName:
		return parseSharding(field, conf, depth)
	case "transpose":
		c, err := offsetcodec.ParseConfig(name, conf, "order")
		if err == nil {
			err = c.Require("order")
		}
		if err != nil {
			return nil, &MetadataError{Field: field, Reason: err.Error(), Err: ErrInvalidMetadata}
		}
		var t Transpose
		if err := json.Unmarshal(conf, &struct {
			Order *[]int `json:"order"`
		}{&t.Order}); err != nil || t.Order == nil {
			return nil, invalid(field, "transpose \"order\" must be an array of integers")
		}
		return &t, nil
	case "bytes":
		c, err := offsetcodec.ParseConfig(name, conf, "endian")
		if err != nil {
			return nil, &MetadataError{Field: field, Reason: err.Error(), Err: ErrInvalidMetadata}
		}
		e, err := c.String("endian", "", "little", "big")
		if err != nil {
			return nil, &MetadataError{Field: field, Reason: err.Error(), Err: ErrInvalidMetadata}
		}
		return &Bytes{Endian: e}, nil
	}
	if _, ok := registry.Lookup(name); !ok {
		return nil, &MetadataError{Field: field, Err: ErrUnsupported,
			Reason: fmt.Sprintf("codec %q is not supported (known: transpose, bytes, %v)", name, registry.Names())}
	}
	c, err := registry.NewNamed(name, conf)
	if err != nil {
		return nil, &MetadataError{Field: field, Reason: err.Error(), Err: err}
	}
	return c, nil
}
