package blosc

import (
	"bytes"
	"testing"
)

// TestDecodeFlatParallel checks special-value and memcpyed chunks decoded
// by several workers in pieces: whole, in ranges that start and end inside
// pieces, lazily through an io.ReaderAt (parallel ReadAt calls), and a
// memcpyed chunk cut short, which must give ErrCorrupt.
func TestDecodeFlatParallel(t *testing.T) {
	const n = 3*fanPiece + 4096 + 24 // pieces and a short last one
	data := encGenerate("random", 4, 8, n)
	memcpyed, err := Compress(nil, data, encOpts(BloscLZ, 5, 8))
	if err != nil {
		t.Fatal(err)
	}
	if h, _ := ReadHeader(memcpyed); !h.Memcpyed() {
		t.Fatal("random input not memcpyed")
	}
	value := []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	repeat, err := AppendRepeat(nil, value, n/12*12)
	if err != nil {
		t.Fatal(err)
	}
	nans, err := AppendNaNs(nil, n, 8)
	if err != nil {
		t.Fatal(err)
	}
	zeros, err := AppendZeros(nil, n, 8)
	if err != nil {
		t.Fatal(err)
	}
	chunks := []struct {
		name  string
		chunk []byte
	}{{"memcpyed", memcpyed}, {"repeat", repeat}, {"nans", nans}, {"zeros", zeros}}
	ranges := [][2]int{{0, -1}, {1, -1}, {fanPiece - 3, 2*fanPiece + 5}, {100, 2*fanPiece + 300}, {7, 9}}
	serial, _ := NewDecoder(WithWorkers(1))
	for _, nw := range []int{2, 3} {
		d, err := NewDecoder(WithWorkers(nw))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range chunks {
			want, err := serial.Decompress(nil, c.chunk)
			if err != nil {
				t.Fatal(err)
			}
			if c.name == "memcpyed" && !bytes.Equal(want, data) {
				t.Fatal("memcpyed chunk does not decode to its input")
			}
			for _, r := range ranges {
				off, end := r[0], r[1]
				if end < 0 || end > len(want) {
					end = len(want)
				}
				dst := bytes.Repeat([]byte{0xA5}, end-off)
				got, err := d.DecompressRange(dst[:0], c.chunk, off, end-off)
				if err != nil || !bytes.Equal(got, want[off:end]) {
					t.Errorf("%s %d workers [%d, %d): wrong bytes (%v)", c.name, nw, off, end, err)
				}
			}
		}
		// A memcpyed chunk read lazily: its bytes come through parallel
		// ReadAt calls.
		r := &countingReader{b: memcpyed}
		got, err := d.DecompressLazy(nil, makeLazy(t, memcpyed), r)
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("lazy memcpyed, %d workers: wrong bytes (%v)", nw, err)
		}
		if r.n.Load() != int64(len(data)) {
			t.Errorf("lazy memcpyed, %d workers: %d bytes read, want %d", nw, r.n.Load(), len(data))
		}
		// Cut short: every piece is in the header's range, but the chunk
		// ends before its last bytes.
		short := memcpyed[:len(memcpyed)-100]
		if _, err := d.Decompress(nil, short); err == nil {
			t.Errorf("%d workers: truncated memcpyed chunk decoded", nw)
		}
	}
}

// TestDecodeFlatNoAllocs checks that one worker decodes special-value and
// memcpyed chunks into a caller's buffer without allocating.
func TestDecodeFlatNoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under the race detector")
	}
	const n = 4 * fanPiece
	memcpyed, err := Compress(nil, encGenerate("random", 4, 8, n), encOpts(BloscLZ, 5, 8))
	if err != nil {
		t.Fatal(err)
	}
	zeros, _ := AppendZeros(nil, n, 8)
	repeat, _ := AppendRepeat(nil, []byte{1, 2, 3}, n/3*3)
	d, _ := NewDecoder(WithWorkers(1))
	dst := make([]byte, n)
	for name, c := range map[string][]byte{"memcpyed": memcpyed, "zeros": zeros, "repeat": repeat} {
		allocs := testing.AllocsPerRun(20, func() {
			if _, err := d.DecompressInto(dst, c); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > 0.5 {
			t.Errorf("%s: %.1f allocations per decode", name, allocs)
		}
	}
}
