package blosc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"math/rand"
	"sort"
	"strconv"
	"sync/atomic"
	"testing"
)

// testData returns n bytes of a given kind.
func testData(kind string, n int) []byte {
	b := make([]byte, n)
	switch kind {
	case "f64":
		for i := 0; i+8 <= n; i += 8 {
			v := 1000*math.Sin(float64(i/8)*1e-4) + 10*math.Cos(float64(i/8)*3e-3)
			binary.LittleEndian.PutUint64(b[i:], math.Float64bits(v))
		}
	case "i32":
		r := rand.New(rand.NewSource(42))
		for i := 0; i+4 <= n; i += 4 {
			binary.LittleEndian.PutUint32(b[i:], uint32(i/4+r.Intn(256)))
		}
	case "random":
		rand.New(rand.NewSource(7)).Read(b)
	case "runs":
		r := rand.New(rand.NewSource(3))
		for i := 0; i < n; {
			v := byte(r.Intn(3)) // zeros often: zero streams
			k := 1 + r.Intn(3000)
			for ; k > 0 && i < n; k-- {
				b[i] = v
				i++
			}
		}
	}
	if kind != "random" && kind != "runs" { // a tail that is not a whole element
		for i := n - n%8; i < n; i++ {
			b[i] = byte(i * 7)
		}
	}
	return b
}

type builtCase struct {
	name string
	data []byte
	opts buildOpts
}

// builtCases covers what the corpus does not: BYTEDELTA tails, DELTA on
// many blocks with odd typesizes, shuffle byte groups, run and zero
// streams, Blosc1 headers with the version-2 rules, memcpyed chunks.
func builtCases() []builtCase {
	var cs []builtCase
	add := func(name, kind string, n int, o buildOpts) {
		cs = append(cs, builtCase{name + "/" + kind + "/" + strconv.Itoa(n), testData(kind, n), o})
	}
	f := func(slots ...Filter) (a [MaxFilters]Filter) {
		copy(a[MaxFilters-len(slots):], slots)
		return a
	}
	codecs, kinds := []Codec{LZ4, Zstd, Zlib}, []string{"f64", "i32", "runs", "random"}
	if testing.Short() {
		codecs, kinds = []Codec{LZ4, Zstd}, []string{"f64", "runs"}
	}
	for _, codec := range codecs {
		for _, kind := range kinds {
			add("shuffle-split-"+codec.String(), kind, 100003, buildOpts{typesize: 8, blocksize: 16384, codec: codec, filters: f(Shuffle), split: true})
			add("bitshuffle-"+codec.String(), kind, 100003, buildOpts{typesize: 8, blocksize: 16384, codec: codec, filters: f(BitShuffle)})
			add("delta-shuffle-"+codec.String(), kind, 70001, buildOpts{typesize: 4, blocksize: 8192, codec: codec, filters: f(Delta, Shuffle)})
		}
	}
	for _, ts := range []int{1, 2, 3, 4, 7, 8, 12, 16} {
		add("delta-ts"+strconv.Itoa(ts), "i32", 50001, buildOpts{typesize: ts, blocksize: 4096 - 4096%ts, codec: LZ4, filters: f(Delta)})
		add("shuffle-bytedelta-ts"+strconv.Itoa(ts), "i32", 30011, buildOpts{typesize: ts, blocksize: 2048 - 2048%ts, codec: Zstd,
			filters: f(Shuffle, ByteDelta), filtersMeta: [MaxFilters]uint8{5: uint8(ts)}})
		add("split-leftover-ts"+strconv.Itoa(ts), "f64", 40000+ts, buildOpts{typesize: ts, blocksize: 1024 * ts, codec: LZ4, filters: f(Shuffle), split: true})
		add("blosc1-shuffle-ts"+strconv.Itoa(ts), "f64", 40000+ts, buildOpts{typesize: ts, blocksize: 256 * ts, codec: LZ4, filters: f(Shuffle), split: ts <= 16, blosc1: true})
		add("blosc1-bitshuffle-ts"+strconv.Itoa(ts), "f64", 3*ts*8+ts+1, buildOpts{typesize: ts, codec: Zlib, filters: f(BitShuffle), blosc1: true})
		// As C-Blosc before the split flag: blocks of 100 elements are not
		// split, blocks of 200 are (when typesize <= 16).
		add("blosc1-presplitflag-ts"+strconv.Itoa(ts), "i32", 100*ts*3+200*ts+5, buildOpts{typesize: ts, blocksize: 100 * ts, codec: LZ4, filters: f(Shuffle), blosc1: true, preSplitFlag: true})
		add("blosc1-presplitflag-big-ts"+strconv.Itoa(ts), "i32", 200*ts*3+5, buildOpts{typesize: ts, blocksize: 200 * ts, codec: LZ4, filters: f(Shuffle), blosc1: true, preSplitFlag: true})
		add("blosc1-delta-ts"+strconv.Itoa(ts), "i32", 9000, buildOpts{typesize: ts, blocksize: 1000 * ts, codec: Zstd, filters: f(Delta, Shuffle), blosc1: true})
	}
	add("zstd-raw-dict", "i32", 50000, buildOpts{typesize: 4, blocksize: 4096, codec: Zstd, filters: f(Shuffle), zstdRawDict: testData("i32", 2000)})
	add("shuffle-meta2", "i32", 20000, buildOpts{typesize: 8, codec: LZ4, filters: f(Shuffle), filtersMeta: [MaxFilters]uint8{5: 2}})
	add("memcpyed", "random", 5000, buildOpts{typesize: 4, blocksize: 1024, codec: BloscLZ, memcpyed: true})
	add("blosc1-memcpyed", "random", 5000, buildOpts{typesize: 4, blocksize: 1024, codec: BloscLZ, memcpyed: true, blosc1: true})
	add("trunc-int-trunc-noop", "i32", 9000, buildOpts{typesize: 4, codec: LZ4, filters: [MaxFilters]Filter{TruncPrec, IntTrunc, 5: Shuffle}})
	if testing.Short() {
		return cs
	}
	add("many-blocks", "f64", 1<<20+5, buildOpts{typesize: 8, blocksize: 8192, codec: LZ4, filters: f(Shuffle)})
	add("many-blocks-delta", "f64", 1<<20+5, buildOpts{typesize: 8, blocksize: 8192, codec: LZ4, filters: f(Delta, BitShuffle)})
	return cs
}

func TestBuiltRoundTrip(t *testing.T) {
	serial, _ := NewDecoder(WithWorkers(1))
	par, _ := NewDecoder(WithWorkers(3))
	for _, c := range builtCases() {
		c := c
		t.Run(c.name, func(t *testing.T) {
			chunk := buildChunk(t, c.data, c.opts)
			for _, d := range []*Decoder{serial, par} {
				got, err := d.Decompress(nil, chunk)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, c.data) {
					t.Fatalf("decoded bytes differ (first at %d)", firstDiff(got, c.data))
				}
			}
			checkRanges(t, serial, chunk, c.data, 40)
		})
	}
}

func TestNoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are meaningless under the race detector")
	}
	data := testData("f64", 1<<20)
	d, _ := NewDecoder(WithWorkers(1))
	dst := make([]byte, len(data))
	for _, c := range benchCases() {
		chunk := buildChunk(t, data, c.opts)
		allocs := testing.AllocsPerRun(20, func() {
			if _, err := d.DecompressInto(dst, chunk); err != nil {
				t.Fatal(err)
			}
		})
		// sync.Pool may lose a worker to the GC now and then; flate
		// allocates Huffman tables for long codes in dynamic blocks.
		if allocs > 0.5 && c.opts.codec != Zlib {
			t.Errorf("%s: %.1f allocations per decode", c.name, allocs)
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range a {
		if i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	return len(a)
}

// checkRanges compares partial decodes of chunk with slices of full.
func checkRanges(t *testing.T, d *Decoder, chunk, full []byte, n int) {
	t.Helper()
	h, err := ReadHeader(chunk)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(int64(len(full))))
	nb := len(full)
	ranges := [][2]int{{0, 0}, {0, nb}, {nb, 0}}
	if bs := h.BlockSize(); bs > 0 && bs < nb {
		ranges = append(ranges, [2]int{0, bs}, [2]int{bs, nb - bs}, [2]int{bs - 1, 2}, [2]int{nb - 1, 1})
	}
	for i := 0; i < n && nb > 0; i++ {
		off := r.Intn(nb)
		ranges = append(ranges, [2]int{off, r.Intn(nb - off + 1)})
	}
	for _, rg := range ranges {
		got, err := d.DecompressRange([]byte("x"), chunk, rg[0], rg[1])
		if err != nil {
			t.Fatalf("DecompressRange(%d, %d): %v", rg[0], rg[1], err)
		}
		if !bytes.Equal(got[1:], full[rg[0]:rg[0]+rg[1]]) || got[0] != 'x' {
			t.Fatalf("DecompressRange(%d, %d) differs from the full decode", rg[0], rg[1])
		}
	}
	// Items, in the header's typesize.
	ts := int(h.Typesize)
	nitems := nb / ts
	for i := 0; i < n/4 && nitems > 0; i++ {
		start := r.Intn(nitems)
		cnt := r.Intn(nitems - start + 1)
		dst := make([]byte, cnt*ts)
		k, err := d.GetItems(dst, chunk, start, cnt)
		if err != nil || k != cnt*ts || !bytes.Equal(dst, full[start*ts:(start+cnt)*ts]) {
			t.Fatalf("GetItems(%d, %d) = %d, %v: wrong bytes", start, cnt, k, err)
		}
		got, err := d.DecompressItems(nil, chunk, start, cnt)
		if err != nil || !bytes.Equal(got, dst) {
			t.Fatalf("DecompressItems(%d, %d): %v", start, cnt, err)
		}
	}
	// Every block on its own.
	var cat []byte
	for j := 0; ; j++ {
		b, err := d.DecompressBlock(cat, chunk, j)
		if err != nil {
			if j == 0 && nb > 0 {
				t.Fatalf("DecompressBlock(0): %v", err)
			}
			break
		}
		cat = b
	}
	if !bytes.Equal(cat, full) {
		t.Fatalf("the blocks do not add up to the chunk")
	}
	if _, err := d.DecompressRange(nil, chunk, nb, 1); err == nil {
		t.Fatal("range past the end accepted")
	}
	if _, err := d.DecompressRange(nil, chunk, -1, 1); err == nil {
		t.Fatal("negative offset accepted")
	}
}

func TestCorpusRanges(t *testing.T) {
	d, _ := NewDecoder(WithWorkers(2))
	for _, c := range loadCorpus(t) {
		c := c
		t.Run(chunkName(&c), func(t *testing.T) {
			if c.SpecialKind == "uninit" {
				t.Skip("content undefined")
			}
			full, err := d.Decompress(nil, c.data)
			if err != nil {
				t.Fatal(err)
			}
			n := 30
			if testing.Short() {
				n = 8
			}
			checkRanges(t, d, c.data, full, n)
		})
	}
}

// makeLazy turns a complete extended-header chunk into the lazy chunk
// C-Blosc2's frame_get_lazychunk builds: header with the lazy bit, bstarts,
// then nchunk, offset and the compressed size of every block (found by
// sorting the bstarts).
func makeLazy(t testing.TB, chunk []byte) []byte {
	h, err := ReadHeader(chunk)
	if err != nil {
		t.Fatal(err)
	}
	nb := h.NBlocks()
	lazy := make([]byte, 32+4*nb+12+4*nb)
	copy(lazy, chunk[:32])
	lazy[offBlosc2Flags] |= Blosc2FlagLazy
	cs := lazy[32+4*nb+12:]
	binary.LittleEndian.PutUint32(lazy[32+4*nb:], 7)
	binary.LittleEndian.PutUint64(lazy[32+4*nb+4:], 12345)
	if h.Memcpyed() {
		for j := 0; j < nb; j++ {
			sz := h.BlockSize()
			if j == nb-1 && h.Leftover() > 0 {
				sz = h.Leftover()
			}
			binary.LittleEndian.PutUint32(cs[4*j:], uint32(sz))
		}
		return lazy
	}
	copy(lazy[32:], chunk[32:32+4*nb])
	idx := make([]int, nb)
	starts := make([]int, nb)
	for j := range idx {
		idx[j] = j
		starts[j] = int(binary.LittleEndian.Uint32(chunk[32+4*j:]))
	}
	sort.Slice(idx, func(a, b int) bool { return starts[idx[a]] < starts[idx[b]] })
	for k, j := range idx {
		end := int(h.Cbytes)
		if k+1 < nb {
			end = starts[idx[k+1]]
		}
		binary.LittleEndian.PutUint32(cs[4*j:], uint32(end-starts[j]))
	}
	return lazy
}

// countingReader counts the bytes read from a chunk.
type countingReader struct {
	b []byte
	n atomic.Int64
}

func (r *countingReader) ReadAt(p []byte, off int64) (int, error) {
	r.n.Add(int64(len(p)))
	return bytes.NewReader(r.b).ReadAt(p, off)
}

func TestLazy(t *testing.T) {
	d, _ := NewDecoder(WithWorkers(2))
	var chunks [][]byte
	for _, c := range loadCorpus(t) {
		h, _ := ReadHeader(c.data)
		if h.Extended && h.Special() == SpecialNone && c.Nbytes > 0 {
			chunks = append(chunks, c.data)
		}
	}
	for _, c := range builtCases() {
		if !c.opts.blosc1 {
			chunks = append(chunks, buildChunk(t, c.data, c.opts))
		}
	}
	for i, chunk := range chunks {
		full, err := d.Decompress(nil, chunk)
		if err != nil {
			t.Fatal(err)
		}
		lazy := makeLazy(t, chunk)
		if _, err := d.Decompress(nil, lazy); !errors.Is(err, ErrUnsupported) {
			t.Fatalf("chunk %d: Decompress of a lazy chunk: %v", i, err)
		}
		tr, err := ReadLazyTrailer(lazy)
		if err != nil || tr.Nchunk != 7 || tr.Offset != 12345 {
			t.Fatalf("chunk %d: ReadLazyTrailer = %+v, %v", i, tr, err)
		}
		r := &countingReader{b: chunk}
		got, err := d.DecompressLazy(nil, lazy, r)
		if err != nil {
			t.Fatalf("chunk %d: DecompressLazy: %v", i, err)
		}
		if !bytes.Equal(got, full) {
			t.Fatalf("chunk %d: lazy decode differs", i)
		}
		// A range in the last block reads little.
		h, _ := ReadHeader(chunk)
		r.n.Store(0)
		off := len(full) - 1
		got, err = d.DecompressLazyRange(nil, lazy, r, off, 1)
		if err != nil || got[0] != full[off] {
			t.Fatalf("chunk %d: DecompressLazyRange: %v", i, err)
		}
		if h.NBlocks() > 4 && !h.VLBlocks() && r.n.Load() > int64(h.Cbytes)/2 {
			t.Errorf("chunk %d: reading 1 byte read %d of %d bytes", i, r.n.Load(), h.Cbytes)
		}
		// A truncated source gives an error.
		if _, err := d.DecompressLazy(nil, lazy, bytes.NewReader(chunk[:len(chunk)-1])); err == nil && len(full) > 0 && !h.Memcpyed() {
			t.Fatalf("chunk %d: truncated lazy source accepted", i)
		}
	}
}
