package zarr

import (
	"bytes"
	stdgzip "compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
	"golang.org/x/image/tiff"
)

// The proposal's Example 1 prefix: a 110-byte little-endian TIFF header for a
// 256x256 uint16 single-strip image.
const tiffPrefix = "SUkqAAgAAAAIAAABAwABAAAAAAEAAAEBAwABAAAAAAEAAAIBAwABAAAAEAAAAAMBAwABAAAAAQAAAAYBAwABAAAAAQAAABEBBAABAAAAbgAAABYBAwABAAAAAAEAABcBBAABAAAAAAACAAAAAAA="

func tiffCodecs(t testing.TB) []Codec {
	return []Codec{&Bytes{Endian: "little"}, mustCodec(t, `{"name":"offset","configuration":{"offset":110,"prefix":"`+tiffPrefix+`"}}`)}
}

func pattern16(n int) []uint16 {
	v := make([]uint16, n)
	for i := range v {
		v[i] = uint16(uint32(i)*2654435761>>7) ^ uint16(i)
	}
	return v
}

// chunkValues extracts chunk (ci, cj) of a row-major h x w array of 256x256
// chunks, padding with fill.
func chunkValues(all []uint16, h, w, ci, cj int, fill uint16) []uint16 {
	out := make([]uint16, 256*256)
	for y := 0; y < 256; y++ {
		for x := 0; x < 256; x++ {
			gy, gx := ci*256+y, cj*256+x
			v := fill
			if gy < h && gx < w {
				v = all[gy*w+gx]
			}
			out[y*256+x] = v
		}
	}
	return out
}

// TestExample1TIFF: every stored chunk of a uint16 array with 256x256 chunks,
// bytes + offset(110, TIFF prefix), is a TIFF file that golang.org/x/image/tiff
// and the Python tifffile package decode to the chunk's pixels.
func TestExample1TIFF(t *testing.T) {
	const h, w = 300, 512 // 2x2 chunks; the bottom row is partly fill
	dir := t.TempDir()
	s := NewFSStore(dir)
	a, err := CreateArray(s, "img", ArrayMetadata{Shape: []int64{h, w}, DataType: Uint16, ChunkShape: []int64{256, 256},
		FillValue: json.RawMessage("4660"), Codecs: tiffCodecs(t)})
	if err != nil {
		t.Fatal(err)
	}
	all := pattern16(h * w)
	if err := WriteValues(a, []int64{0, 0}, []int64{h, w}, all); err != nil {
		t.Fatal(err)
	}
	type chunkFile struct {
		path   string
		pixels []uint16
	}
	var files []chunkFile
	for ci := 0; ci < 2; ci++ {
		for cj := 0; cj < 2; cj++ {
			key := a.ChunkKey([]int64{int64(ci), int64(cj)})
			path := filepath.Join(dir, filepath.FromSlash(key))
			want := chunkValues(all, h, w, ci, cj, 4660)
			files = append(files, chunkFile{path, want})

			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			img, err := tiff.Decode(f)
			f.Close()
			if err != nil {
				t.Fatalf("%s is not a TIFF golang.org/x/image/tiff reads: %v", key, err)
			}
			if img.Bounds() != image.Rect(0, 0, 256, 256) {
				t.Fatalf("%s: bounds %v", key, img.Bounds())
			}
			for y := 0; y < 256; y++ {
				for x := 0; x < 256; x++ {
					if got := img.At(x, y).(color.Gray16).Y; got != want[y*256+x] {
						t.Fatalf("%s: pixel (%d,%d) = %d, want %d", key, x, y, got, want[y*256+x])
					}
				}
			}
		}
	}

	// The same files through tifffile (peer).
	t.Run("tifffile", func(t *testing.T) {
		peertest.Python(t, "tifffile", "numpy")
		var args []string
		for _, f := range files {
			args = append(args, f.path)
		}
		out := peertest.RunPython(t, `
import hashlib, sys, tifffile
for p in sys.argv[1:]:
    a = tifffile.imread(p)
    print(a.shape[0], a.shape[1], a.dtype.str, hashlib.sha256(a.astype('<u2').tobytes()).hexdigest())
`, args...)
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(lines) != len(files) {
			t.Fatalf("tifffile printed %q", out)
		}
		for i, f := range files {
			sum := sha256.Sum256(ToBytes(f.pixels))
			if want := fmt.Sprintf("256 256 <u2 %s", hex.EncodeToString(sum[:])); lines[i] != want {
				t.Errorf("%s: tifffile read %q, want %q", f.path, lines[i], want)
			}
		}
	})
}

// TestExample2GzipHeader: bytes + gzip + offset(16, "MY_CUSTOM_HEADER")
// round-trips, and each stored chunk is the 16 header bytes followed by a
// gzip stream that the standard library decodes to the chunk.
func TestExample2GzipHeader(t *testing.T) {
	s := NewMemStore()
	// The proposal lists [gzip, offset]; a v3 codec list needs "bytes" first.
	var codecs []Codec
	for _, js := range []string{`{"name":"bytes","configuration":{"endian":"little"}}`, `{"name":"gzip"}`,
		`{"name":"offset","configuration":{"offset":16,"prefix":"TVlfQ1VTVE9NX0hFQURFUg=="}}`} {
		codecs = append(codecs, mustCodec(t, js))
	}
	a, err := CreateArray(s, "", ArrayMetadata{Shape: []int64{100, 70}, DataType: Int32, ChunkShape: []int64{64, 64}, Codecs: codecs})
	if err != nil {
		t.Fatal(err)
	}
	vals := make([]int32, 100*70)
	for i := range vals {
		vals[i] = int32(i*i) - 5000
	}
	if err := WriteValues(a, []int64{0, 0}, []int64{100, 70}, vals); err != nil {
		t.Fatal(err)
	}
	b, _ := OpenArray(s, "")
	got, err := ReadValues[int32](b, []int64{0, 0}, []int64{100, 70})
	if err != nil {
		t.Fatal(err)
	}
	for i := range vals {
		if got[i] != vals[i] {
			t.Fatalf("element %d: %d, want %d", i, got[i], vals[i])
		}
	}
	stored, _ := s.Get("c/1/1")
	if !bytes.HasPrefix(stored, []byte("MY_CUSTOM_HEADER")) {
		t.Fatalf("stored chunk starts with %q", stored[:16])
	}
	zr, err := stdgzip.NewReader(bytes.NewReader(stored[16:]))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil || len(raw) != 64*64*4 {
		t.Fatalf("gzip body: %d bytes, %v", len(raw), err)
	}
	// Element (64, 64) of the array is the chunk's first element.
	if v := int32(binary.LittleEndian.Uint32(raw)); v != vals[64*70+64] {
		t.Errorf("first element %d, want %d", v, vals[64*70+64])
	}
	if doc, _ := s.Get("zarr.json"); !bytes.Contains(doc, []byte(`"level": 5`)) {
		t.Errorf("gzip without configuration should record level 5:\n%s", doc)
	}
}
