package offsetcodec

// Option sets a behaviour of a codec at construction: something that is not
// part of the codec's metadata (its configuration struct says what is
// written). NewOffset and NewPad take options.
type Option func(*options)

// options holds what the Options set.
type options struct {
	header HeaderFunc
}

// HeaderFunc computes the header of one chunk at encode time. It receives
// the encoded chunk payload (the output of the previous codecs) and must
// append exactly the configured number of header bytes to dst and return the
// extended slice. It must not retain or modify payload.
type HeaderFunc func(dst, payload []byte) ([]byte, error)

// WithHeaderFunc makes Encode of an offset codec compute each chunk's header
// with fn instead of writing the static prefix, and Encode of a pad codec
// compute each chunk's padding with fn instead of the static padding. The
// metadata (MarshalJSON) is unchanged: it keeps the sizes and any static
// bytes. Decoding never calls fn. nil keeps the static bytes.
func WithHeaderFunc(fn HeaderFunc) Option {
	return func(o *options) { o.header = fn }
}

func applyOptions(opts []Option) options {
	var o options
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	return o
}
