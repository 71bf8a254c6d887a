package offsetcodec

import "encoding/json"

// Codec is a Zarr v3 bytes -> bytes codec.
//
// Encode and Decode append their result to dst and return the extended slice,
// like the append-style functions of the standard library; dst may be nil.
// They must not retain src or dst, and must be safe for concurrent use once
// the codec is configured.
type Codec interface {
	// Name returns the Zarr v3 codec name, e.g. "offset".
	Name() string
	// Encode appends the encoded form of src to dst.
	Encode(dst, src []byte) ([]byte, error)
	// Decode appends the decoded form of src to dst.
	Decode(dst, src []byte) ([]byte, error)
	// MarshalJSON returns the codec metadata,
	// {"name": ..., "configuration": {...}}.
	MarshalJSON() ([]byte, error)
}

// Sizer is implemented by codecs whose encoded size is a fixed function of
// the decoded size (offset, pad, crc32c, delta and shuffle are; compressors
// are not). A Zarr library uses it for sharding indexes and to bound
// allocations.
type Sizer interface {
	// EncodedSize returns the encoded size of n decoded bytes, or -1 when
	// it is not a fixed function of n: a Numcodecs implements Sizer for
	// the codecs it wraps that do, and returns -1 for the others.
	EncodedSize(n int64) int64
}

// MaxHeaderBytes is the largest offset, nbytes, prefix or padding accepted
// (16 MiB). Headers are a few hundred bytes in practice; the limit keeps
// hostile metadata from making every encode allocate gigabytes.
const MaxHeaderBytes = 1 << 24

// marshalCodec writes {"name": name, "configuration": conf} with the keys of
// conf in the order given.
func marshalCodec(name string, keys []string, values []any) ([]byte, error) {
	b := []byte(`{"name":`)
	nb, err := json.Marshal(name)
	if err != nil {
		return nil, err
	}
	b = append(b, nb...)
	b = append(b, `,"configuration":{`...)
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(values[i])
		if err != nil {
			return nil, err
		}
		b = append(b, kb...)
		b = append(b, ':')
		b = append(b, vb...)
	}
	return append(b, "}}"...), nil
}
