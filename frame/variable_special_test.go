package frame

import (
	"bytes"
	"errors"
	"github.com/blosc2go/blosc2/blosc"
	"testing"
)

// variableFrame writes a frame with variable chunk sizes: 400 bytes, 40
// zeros, 800 bytes of NaN (float32), 12 bytes; the writer stores the two
// special chunks as 32-byte chunks.
func variableFrame(t *testing.T) []byte {
	p := DefaultParams()
	p.Typesize = 4
	var buf bytes.Buffer
	w, err := NewWriter(&buf, p)
	must(t, err)
	data := bytes.Repeat([]byte{1, 2, 3, 4}, 100)
	must(t, w.AppendChunk(appendStoredChunk(nil, data, 4, indexFilters)))
	must(t, w.AppendSpecial(blosc.SpecialZeros, 40))
	must(t, w.AppendSpecial(blosc.SpecialNaN, 800))
	must(t, w.AppendChunk(appendStoredChunk(nil, data[:12], 4, indexFilters)))
	must(t, w.Close())
	return buf.Bytes()
}

// TestVariableFrameOneSpecialIndexEntry: in a frame with variable chunk
// sizes an index entry marking a chunk special gives no size; with one
// such entry the size is what the other chunks leave of the frame's
// uncompressed size. Two such entries cannot be resolved and are refused.
func TestVariableFrameOneSpecialIndexEntry(t *testing.T) {
	concurrentChunks(t, 1)
	orig := variableFrame(t)
	f0, err := OpenBytes(orig)
	must(t, err)
	want, err := f0.Decode(nil)
	must(t, err)
	for _, c := range []struct {
		i    int
		k    blosc.SpecialValue
		size int64
	}{{1, blosc.SpecialZeros, 40}, {2, blosc.SpecialNaN, 800}} {
		data := setIndex(t, orig, c.i, uint64(specialFlag|byte(c.k))<<56)
		for _, workers := range []int{1, 3} {
			f, err := Open(bytes.NewReader(data), int64(len(data)), WithWorkers(workers))
			must(t, err)
			if f.Header().Chunksize != 0 {
				t.Fatal("frame has fixed chunk sizes")
			}
			ci, err := f.ChunkInfo(c.i)
			must(t, err)
			if ci.Special != c.k || ci.Nbytes != c.size {
				t.Errorf("chunk %d: %+v", c.i, ci)
			}
			if ci, _ := f.ChunkInfo(0); ci.Nbytes != -1 {
				t.Errorf("stored chunk of a variable frame: Nbytes %d", ci.Nbytes)
			}
			got, err := f.Decode(nil)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("special entry %d, %d workers: %v", c.i, workers, err)
			}
			p := make([]byte, 50)
			if _, err := f.ReadAt(p, 420); err != nil || !bytes.Equal(p, want[420:470]) {
				t.Errorf("ReadAt across the special chunk: %v", err)
			}
		}
	}
	two := setIndex(t, setIndex(t, orig, 1, 0x81<<56), 2, 0x82<<56)
	if _, err := OpenBytes(two); !errors.Is(err, ErrCorrupt) {
		t.Errorf("two special entries: %v", err)
	}
	// The stored chunks alone already exceed the uncompressed size.
	short := put(setIndex(t, orig, 1, 0x81<<56), posNbytes+1, 1000, 8)
	if err := openAndRead(short); !errors.Is(err, ErrCorrupt) {
		t.Errorf("negative derived size: %v", err)
	}
}
