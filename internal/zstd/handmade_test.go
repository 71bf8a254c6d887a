package zstd

import (
	"bytes"
	"encoding/binary"
	"testing"

	kzstd "github.com/klauspost/compress/zstd"
)

// hdr4 returns a single-segment frame header with a 4-byte content size.
func hdr4(size int) []byte {
	return binary.LittleEndian.AppendUint32([]byte{0x28, 0xB5, 0x2F, 0xFD, 2<<6 | fhdSingleSegment}, uint32(size))
}

// hdrW returns a frame header with a 1 KiB window and no content size
// (single-segment frames limit blocks to their content size).
func hdrW() []byte { return []byte{0x28, 0xB5, 0x2F, 0xFD, 0, 0} }

// TestHandmade decodes frames built by hand for the forms encoders
// seldom write, and compares with klauspost's decoder.
func TestHandmade(t *testing.T) {
	// Direct (4-bit) Huffman weights: symbols 0..'a' with only 'a' of
	// weight 1, 'b' deduced (weight 1): 1-bit codes, 0 for 'a'.
	tree := []byte{127 + 98}
	for i := 0; i < 49; i++ {
		tree = append(tree, 0)
	}
	tree[len(tree)-1] = 0x01     // weights of 96 ('`') and 97 ('a')
	stream := []byte{0x55, 0x01} // marker, then 0,1,0,1,0,1,0,1
	comp := len(tree) + len(stream)
	lh := 2 | 8<<4 | comp<<14
	huf := append([]byte{byte(lh), byte(lh >> 8), byte(lh >> 16)}, tree...)
	huf = append(append(huf, stream...), 0) // no sequences
	// Treeless, 1 stream, the same 8 literals.
	tl := 3 | 8<<4 | 2<<14
	treeless := []byte{byte(tl), byte(tl >> 8), byte(tl >> 16), 0x55, 0x01, 0}

	// 0x7F00+5 sequences of 3 bytes from repeat offsets (alternately 4
	// and 1), every table in RLE mode (LL 0, OF code 0, ML code 0): no
	// bits per sequence.
	nseq := 0x7F00 + 5
	many := []byte{0, 255, byte(nseq - 0x7F00), byte((nseq - 0x7F00) >> 8), 0x54, 0, 0, 0, 0x01}

	frames := map[string][]byte{
		"rle-literals":   blk(hdr(10), true, blockCompressed, 3, 1|10<<3, 'z', 0),
		"direct-weights": blk(hdrW(), true, blockCompressed, len(huf), huf...),
		"treeless": blk(blk(hdrW(), false, blockCompressed, len(huf), huf...),
			true, blockCompressed, len(treeless), treeless...),
		"many-sequences": blk(blk(hdr4(8+3*nseq), false, blockRaw, 8, 1, 2, 3, 4, 5, 6, 7, 8),
			true, blockCompressed, len(many), many...),
		"raw-2byte-header": blk(hdrW(), true, blockCompressed, 103, append(append([]byte{0 | 1<<2 | (100&15)<<4, 100 >> 4}, bytes.Repeat([]byte{'q'}, 100)...), 0)...),
	}
	kd, err := kzstd.NewReader(nil, kzstd.WithDecoderConcurrency(1))
	if err != nil {
		t.Fatal(err)
	}
	defer kd.Close()
	var d Decoder
	for name, f := range frames {
		want, err := kd.DecodeAll(f, nil)
		if err != nil {
			t.Fatalf("%s: klauspost: %v", name, err)
		}
		got := make([]byte, len(want))
		n, err := d.DecodeInto(got, f)
		if err != nil || !bytes.Equal(got[:n], want) {
			t.Fatalf("%s: %d bytes, %v; want %d bytes %q...", name, n, err, len(want), want[:min(len(want), 16)])
		}
	}
}
