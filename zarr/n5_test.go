package zarr

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
	"github.com/blosc2go/blosc2/offsetcodec"
)

// n5Metadata is the Zarr v3 view of a 2-D uint16 N5 dataset whose
// attributes.json has dimensions dims and blockSize block (N5 order): the
// proposal's Example 3 plus the transpose it omits (N5 blocks are in Fortran
// order).
func n5Metadata(t *testing.T, dims, block [2]int64) ArrayMetadata {
	hdr := []byte{0, 0, 0, 2} // mode 0 (default), 2 dimensions
	hdr = binary.BigEndian.AppendUint32(hdr, uint32(block[0]))
	hdr = binary.BigEndian.AppendUint32(hdr, uint32(block[1]))
	off, err := offsetcodec.NewOffset(offsetcodec.OffsetConfig{Offset: 12, Prefix: hdr})
	if err != nil {
		t.Fatal(err)
	}
	zs, _ := offsetcodec.NewZstd(offsetcodec.ZstdConfig{Level: 3})
	return ArrayMetadata{
		Shape: dims[:], DataType: Uint16, ChunkShape: block[:],
		ChunkKeyEncoding: ChunkKeyEncoding{Name: "v2", Separator: "/"},
		Codecs:           []Codec{&Transpose{Order: []int{1, 0}}, &Bytes{Endian: "big"}, zs, off},
	}
}

// TestExample3N5 reads an N5 dataset written by zarr-python's N5Store
// (zstd, 2-D uint16, padded edge blocks) through transpose + bytes(big) +
// zstd + offset(12) and compares with what zarr-python reads; then writes an
// N5 dataset the same way and has zarr-python read it.
func TestExample3N5(t *testing.T) {
	peertest.Python(t, "zarr", "numcodecs", "numpy")
	const h, w = 100, 150 // zarr-python (C order) shape; N5 dimensions are [w, h]
	root := t.TempDir()
	n5 := filepath.Join(root, "data.n5")
	// zarr-python writes the dataset, then prints what it reads back from a
	// fresh N5Store: little-endian C order of shape (h, w).
	theirs := FromBytes[uint16](peertest.RunPython(t, `
import sys, zarr, numcodecs, numpy as np
from zarr.n5 import N5Store
root, h, w = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
z = zarr.create(store=N5Store(root), path='ds', shape=(h, w), chunks=(32, 64), dtype='u2',
                compressor=numcodecs.Zstd(level=3))
z[:] = ((np.arange(h * w, dtype=np.uint32) * 2654435761) >> 11).astype('u2').reshape(h, w)
z = zarr.open(store=N5Store(root), path='ds', mode='r')
sys.stdout.buffer.write(z[:].astype('<u2').tobytes())
`, n5, "100", "150"))

	var attrs struct {
		Dimensions []int64 `json:"dimensions"`
		BlockSize  []int64 `json:"blockSize"`
		DataType   string  `json:"dataType"`
	}
	raw, err := os.ReadFile(filepath.Join(n5, "ds", "attributes.json"))
	if err != nil || json.Unmarshal(raw, &attrs) != nil || len(attrs.Dimensions) != 2 || attrs.DataType != "uint16" {
		t.Fatalf("N5 attributes %s: %v", raw, err)
	}
	store := NewFSStore(n5)
	// Shape and chunk shape straight from the N5 attributes.
	m := n5Metadata(t, [2]int64{attrs.Dimensions[0], attrs.Dimensions[1]}, [2]int64{attrs.BlockSize[0], attrs.BlockSize[1]})
	if _, err := CreateArray(store, "ds", m); err != nil { // writes ds/zarr.json only
		t.Fatal(err)
	}
	a, err := OpenArray(store, "ds")
	if err != nil {
		t.Fatal(err)
	}
	ours, err := ReadValues[uint16](a, []int64{0, 0}, []int64{w, h})
	if err != nil {
		t.Fatal(err)
	}
	if len(theirs) != h*w {
		t.Fatalf("zarr-python returned %d values", len(theirs))
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if ours[x*h+y] != theirs[y*w+x] {
				t.Fatalf("N5 element x=%d y=%d: ours %d, zarr-python %d", x, y, ours[x*h+y], theirs[y*w+x])
			}
		}
	}

	// The other way: write N5 blocks with the same codecs, add the N5
	// attributes, and let zarr-python's N5Store read them.
	out := filepath.Join(root, "ours.n5")
	b, err := CreateArray(NewFSStore(out), "ds", m)
	if err != nil {
		t.Fatal(err)
	}
	rev := make([]uint16, len(ours))
	for i := range ours {
		rev[i] = ours[len(ours)-1-i]
	}
	if err := WriteValues(b, []int64{0, 0}, []int64{w, h}, rev); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "attributes.json"), []byte(`{"n5": "2.0.0"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "ds", "attributes.json"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	back := FromBytes[uint16](peertest.RunPython(t, `
import sys, zarr
from zarr.n5 import N5Store
z = zarr.open(store=N5Store(sys.argv[1]), path='ds', mode='r')
sys.stdout.buffer.write(z[:].astype('<u2').tobytes())
`, out))
	if len(back) != h*w {
		t.Fatalf("zarr-python returned %d values", len(back))
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if rev[x*h+y] != back[y*w+x] {
				t.Fatalf("our N5 element x=%d y=%d: zarr-python read %d, want %d", x, y, back[y*w+x], rev[x*h+y])
			}
		}
	}
}
