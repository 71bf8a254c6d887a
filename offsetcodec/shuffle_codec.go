package offsetcodec

import (
	"encoding/json"
	"fmt"

	"github.com/blosc2go/blosc2/shuffle"
)

// ShuffleName is the name of numcodecs' shuffle codec.
const ShuffleName = "shuffle"

// Shuffle is numcodecs' "shuffle" filter: the bytes of each chunk regrouped
// so that all first bytes of the elements come first, then all second bytes,
// and so on (the byte shuffle of Blosc, over the whole chunk). Its
// configuration is {"elementsize": 4}. It is a Zarr v2 filter and, named
// "numcodecs.shuffle", a Zarr v3 codec of numcodecs.zarr3; there an absent
// elementsize is taken from the array's data type, as numcodecs.zarr3 does.
// A chunk whose size is not a multiple of elementsize is an error, as in
// numcodecs.
type Shuffle struct{ elementsize int }

// ShuffleConfig is the configuration of the shuffle codec.
type ShuffleConfig struct {
	// Elementsize is the element size in bytes ("elementsize"), 1 to 255;
	// 0 (absent) leaves it to the array's data type (see
	// ItemSizeResolver).
	Elementsize int
}

// NewShuffle checks c and returns the shuffle codec.
func NewShuffle(c ShuffleConfig) (*Shuffle, error) {
	elementsize := c.Elementsize
	if elementsize < 0 || elementsize > shuffle.MaxTypesize {
		return nil, configErr(ShuffleName, "elementsize", "%d is out of range [1, %d]", elementsize, shuffle.MaxTypesize)
	}
	return &Shuffle{elementsize: elementsize}, nil
}

func newShuffleFromConfig(conf json.RawMessage) (Codec, error) {
	c, err := ParseConfig(ShuffleName, conf, "elementsize")
	if err != nil {
		return nil, err
	}
	es, err := c.Int("elementsize", 0, 1, shuffle.MaxTypesize)
	if err != nil {
		return nil, err
	}
	return NewShuffle(ShuffleConfig{Elementsize: int(es)})
}

// Config returns the codec's configuration.
func (s *Shuffle) Config() ShuffleConfig { return ShuffleConfig{Elementsize: s.elementsize} }

// Name returns "shuffle".
func (s *Shuffle) Name() string { return ShuffleName }

// EncodedSize returns n.
func (s *Shuffle) EncodedSize(n int64) int64 { return n }

// ResolveItemSize sets an open elementsize to itemSize.
func (s *Shuffle) ResolveItemSize(itemSize int) (Codec, error) {
	if s.elementsize != 0 {
		return s, nil
	}
	return NewShuffle(ShuffleConfig{Elementsize: itemSize})
}

// MarshalJSON returns {"name":"shuffle","configuration":{"elementsize":...}}.
func (s *Shuffle) MarshalJSON() ([]byte, error) {
	if s.elementsize == 0 {
		return []byte(`{"name":"shuffle","configuration":{}}`), nil
	}
	return marshalCodec(ShuffleName, []string{"elementsize"}, []any{s.elementsize})
}

func (s *Shuffle) check(src []byte) error {
	if s.elementsize == 0 {
		return fmt.Errorf("%w: shuffle: elementsize is not set", ErrEncode)
	}
	if len(src)%s.elementsize != 0 {
		return &DecodeError{Codec: ShuffleName, Offset: int64(len(src)),
			Reason: fmt.Sprintf("%d bytes is not a multiple of the element size %d", len(src), s.elementsize)}
	}
	return nil
}

// Encode appends the shuffled src to dst.
func (s *Shuffle) Encode(dst, src []byte) ([]byte, error) {
	if err := s.check(src); err != nil {
		return dst, err
	}
	n0 := len(dst)
	dst = append(dst, make([]byte, len(src))...)
	shuffle.Shuffle(dst[n0:], src, s.elementsize)
	return dst, nil
}

// Decode appends the unshuffled src to dst.
func (s *Shuffle) Decode(dst, src []byte) ([]byte, error) {
	if err := s.check(src); err != nil {
		return dst, err
	}
	n0 := len(dst)
	dst = append(dst, make([]byte, len(src))...)
	shuffle.Unshuffle(dst[n0:], src, s.elementsize)
	return dst, nil
}
