package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
	"github.com/vmihailenco/msgpack/v5"
)

// vlChunk builds a VL-block chunk (format version 6) whose blocks are
// stored as they are: [int32 size][bytes] each, after the block starts.
func vlChunk(blocks [][]byte) []byte {
	n := len(blocks)
	total := 0
	for _, b := range blocks {
		total += len(b)
	}
	cbytes := blosc.ExtendedHeaderLen + 4*n
	for _, b := range blocks {
		cbytes += 4 + len(b)
	}
	h := blosc.Header{Version: 6, VersionLZ: 1, Flags: blosc.FlagShuffle | blosc.FlagBitShuffle | blosc.FlagDontSplit | 4<<5,
		Typesize: 1, Nbytes: int32(total), Blocksize: int32(n), Cbytes: int32(cbytes), Extended: true,
		UDCodec: uint8(blosc.Zstd), Blosc2Flags2: blosc.Blosc2Flags2VLBlocks}
	out := h.Append(nil)
	pos := len(out) + 4*n
	for _, b := range blocks {
		out = binary.LittleEndian.AppendUint32(out, uint32(pos))
		pos += 4 + len(b)
	}
	for _, b := range blocks {
		out = binary.LittleEndian.AppendUint32(out, uint32(len(b)))
		out = append(out, b...)
	}
	return out
}

// batchFrame builds a BatchArray frame of the given batches, itemsPerBlock
// items per block, as python-blosc2 lays it out.
func batchFrame(t testing.TB, batches [][]any, itemsPerBlock int) []byte {
	t.Helper()
	meta, _ := msgpack.Marshal(map[string]any{"version": 1, "serializer": "msgpack", "items_per_block": itemsPerBlock, "arrow_schema": nil})
	var lens []int
	for _, b := range batches {
		lens = append(lens, len(b))
	}
	lm, _ := msgpack.Marshal(map[string]any{"batch_lengths": lens})
	p := frame.DefaultParams()
	p.Typesize = 1
	p.Codec = blosc.Zstd
	p.Metalayers = []frame.Metalayer{{Name: metaBatchArray, Content: meta}}
	p.VLMetalayers = []frame.Metalayer{{Name: vlmetaBatchLengths, Content: lm}}
	var buf memFile
	w, err := frame.NewWriter(&buf, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range batches {
		var blocks [][]byte
		for i := 0; i < len(b); i += itemsPerBlock {
			blk, err := msgpack.Marshal(b[i:min(i+itemsPerBlock, len(b))])
			if err != nil {
				t.Fatal(err)
			}
			blocks = append(blocks, blk)
		}
		if err := w.AppendChunk(vlChunk(blocks)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.b
}

func TestBatchArray(t *testing.T) {
	_, arr := testArray(4)
	inner := CFrame{Data: arr} // any bytes do: CFrame is carried, not opened
	batches := [][]any{
		{"a", int8(1), map[string]any{"x": 2.5}, []any{"__tuple__", "t", true}},
		{"b", nil, inner, Reference{Kind: "c2array", Payload: map[string]any{"kind": "c2array", "version": int8(1)}}},
		{"only"},
	}
	cf := batchFrame(t, batches, 3)
	for _, form := range []string{"s.b2z", "s.b2e", "s.b2d"} {
		name := filepath.Join(t.TempDir(), form)
		w, err := Create(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.AddFrame("/batches", cf); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		s, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		e, err := s.Stat("/batches")
		if err != nil || e.Kind != KindBatchArray || (form != "s.b2e" && e.Path != "batches.b2b") {
			t.Fatalf("%s: %+v %v", form, e, err)
		}
		b, err := s.OpenBatchArray("/batches")
		if err != nil {
			t.Fatal(err)
		}
		if b.Len() != 3 || b.BatchLen(0) != 4 || b.ItemsPerBlock() != 3 {
			t.Errorf("len %d, batch 0 len %d, items per block %d", b.Len(), b.BatchLen(0), b.ItemsPerBlock())
		}
		want := [][]any{
			{"a", int8(1), map[string]any{"x": 2.5}, []any{"t", true}},
			{"b", nil, inner, Reference{Kind: "c2array", Payload: map[string]any{"kind": "c2array", "version": int8(1)}}},
			{"only"},
		}
		for i := range want {
			got, err := b.Batch(i)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want[i]) {
				t.Errorf("%s: batch %d: %#v, want %#v", form, i, got, want[i])
			}
		}
		var concat []byte
		for i := 0; i < b.Len(); i++ {
			blocks, err := b.Blocks(i)
			if err != nil {
				t.Fatal(err)
			}
			for _, blk := range blocks {
				concat = append(concat, blk...)
			}
		}
		if raw, err := s.ReadAll("/batches"); err != nil || !bytes.Equal(raw, concat) {
			t.Errorf("%s: ReadAll of a BatchArray: %v", form, err)
		}
		if _, err := s.OpenArray("/batches"); !errors.Is(err, frame.ErrNotB2ND) {
			t.Errorf("OpenArray of a BatchArray: %v", err)
		}
		s.Close()
	}
}
