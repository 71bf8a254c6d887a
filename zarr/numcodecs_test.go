package zarr

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/blosc2go/blosc2/offsetcodec"
)

// TestNumcodecsV3 reads and writes Zarr v3 arrays with numcodecs.zarr3's
// codecs: numcodecs.delta as an array -> array codec, numcodecs.shuffle and
// numcodecs.zstd after the bytes codec.
func TestNumcodecsV3(t *testing.T) {
	m := ArrayMetadata{Shape: []int64{10, 10}, DataType: Int32, ChunkShape: []int64{5, 10}, Codecs: []Codec{
		mustCodec(t, `{"name":"numcodecs.delta","configuration":{"dtype":"<i4"}}`),
		mustCodec(t, `{"name":"bytes","configuration":{"endian":"big"}}`),
		mustCodec(t, `{"name":"numcodecs.shuffle","configuration":{}}`),
		mustCodec(t, `{"name":"numcodecs.zstd","configuration":{"level":1}}`),
	}}
	s := NewMemStore()
	a, err := CreateArray(s, "", m)
	if err != nil {
		t.Fatal(err)
	}
	vals := make([]int32, 100)
	for i := range vals {
		vals[i] = int32(i * i)
	}
	if err := WriteValues(a, []int64{0, 0}, []int64{10, 10}, vals); err != nil {
		t.Fatal(err)
	}
	b, err := OpenArray(s, "")
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadValues[int32](b, []int64{0, 0}, []int64{10, 10})
	if err != nil || !bytes.Equal(ToBytes(got), ToBytes(vals)) {
		t.Fatalf("round trip: %v", err)
	}
	// The stored chunk: zstd of the shuffled big-endian deltas.
	stored, _ := s.Get("c/1/0")
	z, _ := offsetcodec.NewZstd(offsetcodec.ZstdConfig{Level: 1})
	raw, err := z.Decode(nil, stored)
	if err != nil {
		t.Fatal(err)
	}
	unsh := make([]byte, len(raw))
	sh, _ := offsetcodec.NewShuffle(offsetcodec.ShuffleConfig{Elementsize: 4})
	unsh, _ = sh.Decode(unsh[:0], raw)
	for i := 0; i < 50; i++ {
		want := vals[50+i] - vals[50+i-1]
		if i == 0 {
			want = vals[50]
		}
		if got := int32(binary.BigEndian.Uint32(unsh[4*i:])); got != want {
			t.Fatalf("stored element %d = %d, want %d", i, got, want)
		}
	}
	doc, _ := s.Get("zarr.json")
	if !bytes.Contains(doc, []byte(`"elementsize": 4`)) {
		t.Errorf("numcodecs.shuffle's elementsize not recorded:\n%s", doc)
	}
	// A big-endian dtype cannot act on the array's elements.
	m.Codecs[0] = mustCodec(t, `{"name":"numcodecs.delta","configuration":{"dtype":">i4"}}`)
	if _, err := CreateArray(NewMemStore(), "", m); err == nil {
		t.Error("big-endian numcodecs.delta accepted as an array -> array codec")
	}
}
