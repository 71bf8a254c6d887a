package frame

import (
	"bytes"
	"encoding/binary"
	"sync/atomic"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
)

// TestSlabDecodesOnlyItsBlocks reads a ~1% hyper-slab of a 3-D b2nd
// array written with ArrayWriter and package blosc's encoder and checks
// that exactly the blocks intersecting the slab are decoded: the count
// reported by the decode path equals a brute-force count of intersecting
// blocks, and the slab still reads correctly after every other block of
// the file has been made undecodable (its block start pointed outside the
// data), while reading the whole array from that file fails.
func TestSlabDecodesOnlyItsBlocks(t *testing.T) {
	concurrentChunks(t, 1)
	m := NDMeta{Shape: []int64{60, 80, 100}, ChunkShape: []int32{20, 40, 50}, BlockShape: []int32{5, 10, 10}, Dtype: "<f8"}
	start, stop := []int64{15, 30, 40}, []int64{27, 50, 60} // 4800 of 480000 items, across chunk edges
	g, err := m.Validate(8)
	must(t, err)
	data := f64Smooth(int(g.NItems * 8))
	p := DefaultParams()
	p.Codec, p.Clevel = blosc.LZ4, 5
	var buf bytes.Buffer
	w, err := NewArrayWriter(&buf, m, p)
	must(t, err)
	_, err = w.Write(data)
	must(t, err)
	must(t, w.Close())
	file := buf.Bytes()
	want := refSlab(data, m.Shape, start, stop, 8)

	// Brute force: which blocks of which chunks intersect the slab.
	f, err := OpenBytes(file)
	must(t, err)
	need := map[[2]int64]bool{} // {chunk, block in chunk}
	forEachIndex(g.ChunksPerDim, func(c []int64) {
		forEachIndex(g.BlocksPerDim, func(b []int64) {
			hit := true
			for i := range c {
				lo := c[i]*int64(m.ChunkShape[i]) + b[i]*int64(m.BlockShape[i])
				hi := min64(lo+int64(m.BlockShape[i]), min64((c[i]+1)*int64(m.ChunkShape[i]), m.Shape[i]))
				if hi <= start[i] || lo >= stop[i] {
					hit = false
				}
			}
			if hit {
				need[[2]int64{linear(c, g.ChunksPerDim), linear(b, g.BlocksPerDim)}] = true
			}
		})
	})
	nblocks := g.NChunks * g.ChunkItems / g.BlockItems
	t.Logf("%d of %d blocks intersect the slab", len(need), nblocks)
	if len(need) != 12 {
		t.Fatalf("brute force found %d blocks, expected 12", len(need))
	}

	// Break every block the slab does not need.
	bad := append([]byte(nil), file...)
	for ci := 0; ci < f.NChunks(); ci++ {
		info, err := f.ChunkInfo(ci)
		must(t, err)
		hdr := bad[info.Offset:]
		if bs := int64(binary.LittleEndian.Uint32(hdr[8:])); bs != g.BlockNbytes {
			t.Fatalf("chunk %d: blocksize %d, b2nd blocks hold %d bytes", ci, bs, g.BlockNbytes)
		}
		for j := int64(0); j < g.ChunkItems/g.BlockItems; j++ {
			if !need[[2]int64{int64(ci), j}] {
				binary.LittleEndian.PutUint32(hdr[blosc.ExtendedHeaderLen+4*j:], 0)
			}
		}
	}

	for _, workers := range []int{1, 2} {
		fb, err := OpenBytes(bad, WithWorkers(workers))
		must(t, err)
		a, err := OpenArray(fb)
		must(t, err)
		var count atomic.Int64
		testHookBlocksDecoded = func(ci, n int) { count.Add(int64(n)) }
		got, err := a.ReadSlab(nil, start, stop)
		testHookBlocksDecoded = nil
		if err != nil {
			t.Fatalf("workers %d: slab needs a block it should not: %v", workers, err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("workers %d: slab differs", workers)
		}
		if count.Load() != int64(len(need)) {
			t.Errorf("workers %d: %d blocks decoded, %d intersect the slab", workers, count.Load(), len(need))
		}
		if _, err := a.ReadAll(nil); err == nil {
			t.Fatal("the broken blocks decode: the check above proves nothing")
		}
	}
}

// linear returns the C-order index of t in a grid of shape n.
func linear(t, n []int64) int64 {
	l := int64(0)
	for i := range t {
		l = l*n[i] + t[i]
	}
	return l
}
