package store

import (
	"fmt"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
)

// BatchArray reads a python-blosc2 BatchArray (.b2b): a super-chunk whose
// every chunk is one batch, stored as a VL-block chunk whose blocks are
// msgpack arrays of up to ItemsPerBlock items each.
type BatchArray struct {
	f             *frame.Frame
	serializer    string
	itemsPerBlock int64
	lengths       []int64 // per batch, from _batch_array_metadata; nil if absent
}

// OpenBatchArray opens key as a BatchArray; the error wraps
// ErrUnsupported for another kind.
func (s *Store) OpenBatchArray(key string) (*BatchArray, error) {
	f, err := s.OpenFrame(key)
	if err != nil {
		return nil, err
	}
	return OpenBatchArray(f)
}

// OpenBatchArray interprets f, which must carry the "batcharray"
// metalayer. Only the msgpack serializer is read (Arrow batches give an
// error wrapping ErrUnsupported).
func OpenBatchArray(f *frame.Frame) (*BatchArray, error) {
	raw, err := f.Metalayer(metaBatchArray)
	if err != nil {
		return nil, fmt.Errorf("%w: not a BatchArray (no %q metalayer)", ErrUnsupported, metaBatchArray)
	}
	meta, err := decodeMap(raw)
	if err != nil {
		return nil, corrupt("batcharray metalayer", -1, "not a msgpack map", err)
	}
	b := &BatchArray{f: f, serializer: "msgpack"}
	if v, ok := meta["serializer"]; ok && v != nil {
		if b.serializer, ok = v.(string); !ok {
			return nil, corrupt("batcharray metalayer", -1, "serializer is not a string", nil)
		}
	}
	if b.serializer != "msgpack" {
		return nil, unsupported("batcharray metalayer", -1, "serializer "+quote(b.serializer), nil)
	}
	if v, ok := intOf(meta["items_per_block"]); ok {
		b.itemsPerBlock = v
	}
	if _, err := f.VLMetalayerRaw(vlmetaBatchLengths); err == nil {
		raw, err := f.VLMetalayer(vlmetaBatchLengths)
		if err != nil {
			return nil, corrupt("vlmetalayer "+vlmetaBatchLengths, -1, "", err)
		}
		// python-blosc2 ignores lengths it cannot use; so does this.
		if lm, err := decodeMap(raw); err == nil {
			if list, ok := lm["batch_lengths"].([]any); ok && len(list) == f.NChunks() {
				lengths := make([]int64, len(list))
				for i, v := range list {
					if lengths[i], ok = intOf(v); !ok || lengths[i] < 0 {
						lengths = nil
						break
					}
				}
				b.lengths = lengths
			}
		}
	}
	return b, nil
}

// Frame returns the underlying frame.
func (b *BatchArray) Frame() *frame.Frame { return b.f }

// Len returns the number of batches.
func (b *BatchArray) Len() int { return b.f.NChunks() }

// ItemsPerBlock returns the metalayer's items per block (0 when unset).
func (b *BatchArray) ItemsPerBlock() int64 { return b.itemsPerBlock }

// BatchLen returns the number of items of batch i as recorded in the
// metadata, or -1 when it is not recorded.
func (b *BatchArray) BatchLen(i int) int64 {
	if b.lengths == nil || i < 0 || i >= len(b.lengths) {
		return -1
	}
	return b.lengths[i]
}

// batchDecoder decodes batches one goroutine per chunk (batches are
// small; the reads are item lookups).
var batchDecoder, _ = blosc.NewDecoder(blosc.WithWorkers(1))

// Blocks returns the msgpack payloads of batch i, one per VL block.
func (b *BatchArray) Blocks(i int) ([][]byte, error) {
	raw, sp, err := b.f.RawChunk(i)
	if err != nil {
		return nil, err
	}
	where := "batch " + itoa(int64(i))
	if raw == nil {
		return nil, corrupt(where, -1, "special chunk ("+sp.String()+") where a batch belongs", nil)
	}
	h, err := blosc.ReadHeader(raw)
	if err != nil {
		return nil, corrupt(where, -1, "chunk header", err)
	}
	if !h.VLBlocks() {
		return nil, corrupt(where, -1, "chunk without variable-length blocks", nil)
	}
	n := h.NBlocks()
	var out [][]byte
	for j := 0; j < n; j++ {
		blk, err := batchDecoder.DecompressBlock(nil, raw, j)
		if err != nil {
			return nil, corrupt(where, -1, "block "+itoa(int64(j)), err)
		}
		out = append(out, blk)
	}
	return out, nil
}

// Batch decodes the items of batch i (see decodeValue for the Go types:
// maps are map[string]any, lists []any, python-blosc2 objects serialized
// inside CFrame, references Reference).
func (b *BatchArray) Batch(i int) ([]any, error) {
	blocks, err := b.Blocks(i)
	if err != nil {
		return nil, err
	}
	var items []any
	for j, blk := range blocks {
		v, err := decodeValue(blk)
		if err != nil {
			return nil, corrupt("batch "+itoa(int64(i)), -1, "block "+itoa(int64(j))+" is not msgpack", err)
		}
		list, ok := v.([]any)
		if !ok {
			return nil, corrupt("batch "+itoa(int64(i)), -1, "block "+itoa(int64(j))+" is not a msgpack array", nil)
		}
		items = append(items, list...)
	}
	return items, nil
}
