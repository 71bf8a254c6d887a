package zarr

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/blosc2go/blosc2/offsetcodec"
)

// pipeline applies an array's codecs to one chunk, in the order of the
// specification: array -> array codecs, the array -> bytes codec, then
// bytes -> bytes codecs on encode; the reverse on decode.
type pipeline struct {
	arrays     []arrayStep // array -> array codecs
	bigEndian  bool
	es         int
	b2b        []offsetcodec.Codec
	bounds     []int // bounds[i]: largest valid input of b2b[i].Encode
	chunkBytes int
}

// arrayStep is one array -> array codec: a transpose, or an element-wise
// codec (numcodecs.delta) applied to little-endian elements in C order.
type arrayStep struct {
	t       *Transpose
	inShape []int64 // decoded shape seen by the transpose
	elem    offsetcodec.Codec
}

// elementCodec returns the element-wise codec c is, as an array -> array
// codec of numcodecs.zarr3 (numcodecs.delta), or nil.
func elementCodec(c Codec) *offsetcodec.Delta {
	if n, ok := c.(*offsetcodec.Numcodecs); ok {
		c = n.Inner()
	}
	d, _ := c.(*offsetcodec.Delta)
	return d
}

func newPipeline(codecs []Codec, chunk []int64, es, chunkBytes int) (*pipeline, error) {
	p := &pipeline{es: es, chunkBytes: chunkBytes}
	shape := append([]int64(nil), chunk...)
	seenBytes := false
	for i, c := range codecs {
		field := fmt.Sprintf("codecs[%d]", i)
		switch c := c.(type) {
		case *Transpose:
			if seenBytes {
				return nil, invalid(field, "array -> array codec %q after the array -> bytes codec", c.Name())
			}
			if err := checkPermutation(c.Order, len(shape)); err != nil {
				return nil, invalid(field, "transpose order %v: %v", c.Order, err)
			}
			p.arrays = append(p.arrays, arrayStep{t: c, inShape: shape})
			next := make([]int64, len(shape))
			for d, o := range c.Order {
				next[d] = shape[o]
			}
			shape = next
		case *Bytes:
			if seenBytes {
				return nil, invalid(field, "a second array -> bytes codec")
			}
			seenBytes = true
			switch c.Endian {
			case "little":
			case "big":
				p.bigEndian = es > 1
			case "":
				if es > 1 {
					return nil, invalid(field, "the bytes codec needs \"endian\" for %d-byte elements", es)
				}
			default:
				return nil, invalid(field, "endian %q must be \"little\" or \"big\"", c.Endian)
			}
		case *ShardingIndexed:
			return nil, unsupported(field, "sharding_indexed must be the only codec of the array (or of an enclosing shard)")
		case offsetcodec.Codec:
			if d := elementCodec(c); d != nil && !seenBytes {
				if d.Dtype().BigEndian || d.Dtype().Size != es {
					return nil, unsupported(field, "%s as an array -> array codec needs a little-endian dtype of the array's item size %d, got %q", c.Name(), es, d.Dtype())
				}
				p.arrays = append(p.arrays, arrayStep{elem: c})
				continue
			}
			if !seenBytes {
				return nil, invalid(field, "bytes -> bytes codec %q before the array -> bytes codec", c.Name())
			}
			p.b2b = append(p.b2b, c)
		default:
			return nil, unsupported(field, "codec %q of Go type %T is not a *Transpose, *Bytes or offsetcodec.Codec", c.Name(), c)
		}
	}
	if !seenBytes {
		return nil, invalid("codecs", "no array -> bytes codec (add a \"bytes\" codec)")
	}
	n := chunkBytes
	for _, c := range p.b2b {
		p.bounds = append(p.bounds, n)
		n = encodedBound(c, n)
	}
	return p, nil
}

// encodedBound is the largest encoded size c can produce from n bytes, as far
// as decoding has to allow for it.
func encodedBound(c offsetcodec.Codec, n int) int {
	var b int64
	if s, ok := c.(offsetcodec.Sizer); ok && s.EncodedSize(int64(n)) >= 0 {
		b = s.EncodedSize(int64(n))
	} else {
		// Compressors: deflate and zstd expand incompressible input by far
		// less than 1/8; blosc by its headers and block offsets.
		b = int64(n) + int64(n)/8 + 1<<16
	}
	if b > math.MaxInt32 {
		return math.MaxInt32
	}
	return int(b)
}

func checkPermutation(order []int, n int) error {
	if len(order) != n {
		return fmt.Errorf("has %d entries for %d dimensions", len(order), n)
	}
	seen := make([]bool, n)
	for _, o := range order {
		if o < 0 || o >= n || seen[o] {
			return errors.New("is not a permutation of 0..n-1")
		}
		seen[o] = true
	}
	return nil
}

// encode turns a decoded chunk (little-endian elements, C order) into the
// stored bytes.
func (p *pipeline) encode(chunk []byte) ([]byte, error) {
	data := chunk
	for _, st := range p.arrays {
		if st.t != nil {
			data = permute(data, st.inShape, st.t.Order, p.es, true)
			continue
		}
		out, err := st.elem.Encode(nil, data)
		if err != nil {
			return nil, fmt.Errorf("zarr: codec %q: %w", st.elem.Name(), err)
		}
		data = out
	}
	if p.bigEndian {
		if len(data) > 0 && &data[0] == &chunk[0] {
			data = append([]byte(nil), data...)
		}
		swapBytes(data, p.es)
	}
	for _, c := range p.b2b {
		out, err := c.Encode(nil, data)
		if err != nil {
			return nil, fmt.Errorf("zarr: codec %q: %w", c.Name(), err)
		}
		data = out
	}
	return data, nil
}

// decode turns stored bytes into a decoded chunk; key is for error messages.
func (p *pipeline) decode(key string, stored []byte) ([]byte, error) {
	data := stored
	for i := len(p.b2b) - 1; i >= 0; i-- {
		c, limit := p.b2b[i], p.bounds[i]
		var out []byte
		var err error
		if ld, ok := c.(offsetcodec.LimitDecoder); ok {
			out, err = ld.DecodeLimit(nil, data, limit)
		} else {
			out, err = c.Decode(nil, data)
		}
		if err != nil {
			return nil, &ChunkError{Key: key, Codec: c.Name(), Reason: err.Error(), Err: err}
		}
		if len(out) > limit {
			return nil, &ChunkError{Key: key, Codec: c.Name(), Reason: fmt.Sprintf("decoded to %d bytes, at most %d expected", len(out), limit)}
		}
		data = out
	}
	if len(data) != p.chunkBytes {
		return nil, &ChunkError{Key: key, Reason: fmt.Sprintf("decoded chunk has %d bytes, want %d", len(data), p.chunkBytes)}
	}
	if p.bigEndian {
		if len(p.b2b) == 0 {
			data = append([]byte(nil), data...) // do not modify the caller's bytes
		}
		swapBytes(data, p.es)
	}
	for i := len(p.arrays) - 1; i >= 0; i-- {
		st := p.arrays[i]
		if st.t != nil {
			data = permute(data, st.inShape, st.t.Order, p.es, false)
			continue
		}
		out, err := st.elem.Decode(nil, data)
		if err != nil {
			return nil, &ChunkError{Key: key, Codec: st.elem.Name(), Reason: err.Error(), Err: err}
		}
		data = out
	}
	if len(p.b2b) == 0 && !p.bigEndian && len(p.arrays) == 0 {
		data = append([]byte(nil), data...)
	}
	return data, nil
}

// permute moves elements between an array A of shape aShape (C order) and
// its transpose B: B has shape B[i] = aShape[order[i]] and
// B[b] = A[a] with b[i] = a[order[i]]. toB selects the direction.
func permute(src []byte, aShape []int64, order []int, es int, toB bool) []byte {
	n := len(aShape)
	dst := make([]byte, len(src))
	if n == 0 {
		copy(dst, src)
		return dst
	}
	aStride := make([]int64, n)
	s := int64(es)
	for d := n - 1; d >= 0; d-- {
		aStride[d] = s
		s *= aShape[d]
	}
	bShape := make([]int64, n)
	step := make([]int64, n) // byte step in A for a unit step along B's axis i
	for i, o := range order {
		bShape[i] = aShape[o]
		step[i] = aStride[o]
	}
	idx := make([]int64, n)
	var aOff int64
	inner, innerStep := bShape[n-1], step[n-1]
	for bOff := int64(0); bOff < int64(len(src)); {
		if toB {
			moveStrided(dst, bOff, int64(es), src, aOff, innerStep, inner, es)
		} else {
			moveStrided(dst, aOff, innerStep, src, bOff, int64(es), inner, es)
		}
		bOff += inner * int64(es)
		// Advance the outer dimensions of B like an odometer.
		for d := n - 2; d >= 0; d-- {
			idx[d]++
			aOff += step[d]
			if idx[d] < bShape[d] {
				break
			}
			aOff -= step[d] * idx[d]
			idx[d] = 0
		}
	}
	return dst
}

// moveStrided copies n elements of es bytes from src (starting at byte s,
// stepping sStep) to dst (starting at byte d, stepping dStep).
func moveStrided(dst []byte, d, dStep int64, src []byte, s, sStep, n int64, es int) {
	switch es {
	case 1:
		for ; n > 0; n-- {
			dst[d] = src[s]
			d, s = d+dStep, s+sStep
		}
	case 2:
		for ; n > 0; n-- {
			binary.LittleEndian.PutUint16(dst[d:], binary.LittleEndian.Uint16(src[s:]))
			d, s = d+dStep, s+sStep
		}
	case 4:
		for ; n > 0; n-- {
			binary.LittleEndian.PutUint32(dst[d:], binary.LittleEndian.Uint32(src[s:]))
			d, s = d+dStep, s+sStep
		}
	case 8:
		for ; n > 0; n-- {
			binary.LittleEndian.PutUint64(dst[d:], binary.LittleEndian.Uint64(src[s:]))
			d, s = d+dStep, s+sStep
		}
	default:
		for ; n > 0; n-- {
			copy(dst[d:d+int64(es)], src[s:s+int64(es)])
			d, s = d+dStep, s+sStep
		}
	}
}

// swapBytes reverses the byte order of each es-byte element of b.
func swapBytes(b []byte, es int) {
	switch es {
	case 2:
		for i := 0; i+2 <= len(b); i += 2 {
			binary.BigEndian.PutUint16(b[i:], binary.LittleEndian.Uint16(b[i:]))
		}
	case 4:
		for i := 0; i+4 <= len(b); i += 4 {
			binary.BigEndian.PutUint32(b[i:], binary.LittleEndian.Uint32(b[i:]))
		}
	case 8:
		for i := 0; i+8 <= len(b); i += 8 {
			binary.BigEndian.PutUint64(b[i:], binary.LittleEndian.Uint64(b[i:]))
		}
	}
}
