package frame

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
)

// refSlab cuts a slab out of a whole C-order array the slow way.
func refSlab(full []byte, shape, start, stop []int64, isz int64) []byte {
	nd := len(shape)
	st := stridesOf(shape)
	cnt := make([]int64, nd)
	for i := range cnt {
		cnt[i] = stop[i] - start[i]
	}
	var out []byte
	forEachIndex(cnt, func(t []int64) {
		lin := int64(0)
		for i := range t {
			lin += (start[i] + t[i]) * st[i]
		}
		out = append(out, full[lin*isz:(lin+1)*isz]...)
	})
	return out
}

func randomSlab(rng *rand.Rand, shape []int64) (start, stop []int64) {
	start = make([]int64, len(shape))
	stop = make([]int64, len(shape))
	for i, s := range shape {
		a, b := rng.Int63n(s+1), rng.Int63n(s+1)
		if a > b {
			a, b = b, a
		}
		start[i], stop[i] = a, b
	}
	return
}

func TestSlabs(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, e := range corpusEntries(t) {
		if e.Type != "b2nd" {
			continue
		}
		a, err := OpenArrayFile(filepath.Join(testdataDir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		if a.Lazy() != nil {
			a.Close()
			continue // no data (see TestLazyExpr)
		}
		full, err := a.ReadAll(nil)
		if err != nil {
			t.Fatal(err)
		}
		shape := a.Shape()
		if a.Nbytes() == 0 {
			a.Frame().Close()
			continue
		}
		for k := 0; k < 60; k++ {
			start, stop := randomSlab(rng, shape)
			got, err := a.ReadSlab([]byte("x"), start, stop)
			if err != nil {
				t.Fatalf("%s %v..%v: %v", e.File, start, stop, err)
			}
			if want := refSlab(full, shape, start, stop, int64(a.Itemsize())); !bytes.Equal(got[1:], want) || got[0] != 'x' {
				t.Fatalf("%s slab %v..%v differs", e.File, start, stop)
			}
		}
		bad := append([]int64(nil), shape...)
		bad[0]++
		if _, err := a.ReadSlab(nil, make([]int64, len(shape)), bad); !errors.Is(err, ErrRange) {
			t.Errorf("%s: slab past the shape: %v", e.File, err)
		}
		a.Frame().Close()
	}
}

func storedCompress(dst, src []byte, typesize int) ([]byte, error) {
	return appendStoredChunk(dst, src, typesize, indexFilters), nil
}

func TestArrayWriteRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	dir := t.TempDir()
	for k := 0; k < 40; k++ {
		nd := rng.Intn(4) + 1
		m := NDMeta{Shape: make([]int64, nd), ChunkShape: make([]int32, nd), BlockShape: make([]int32, nd), Dtype: "<i2"}
		for i := 0; i < nd; i++ {
			m.Shape[i] = int64(rng.Intn(12))
			m.ChunkShape[i] = int32(rng.Intn(6) + 1)
			m.BlockShape[i] = int32(rng.Intn(int(m.ChunkShape[i])) + 1)
		}
		p := DefaultParams()
		p.Typesize = 2
		var opts []Option
		if k%2 == 0 {
			opts = append(opts, WithCompress(storedCompress))
		} // else: package blosc with the frame's parameters
		g, err := m.Validate(2)
		must(t, err)
		data := make([]byte, g.NItems*2)
		rng.Read(data)
		var w *ArrayWriter
		path := filepath.Join(dir, "a.b2nd")
		sparse := k%4 == 3
		if sparse {
			path = filepath.Join(dir, "s"+itoa(int64(k))+".b2nd")
			w, err = NewSparseArrayWriter(path, m, p, opts...)
		} else {
			out, _ := os.Create(path)
			defer out.Close()
			w, err = NewArrayWriter(out, m, p, opts...)
		}
		must(t, err)
		_, err = w.Write(data)
		must(t, err)
		must(t, w.Close())
		a, err := OpenArrayFile(path)
		if err != nil {
			t.Fatalf("%+v: %v", m, err)
		}
		if a.Dtype().Kind != 'i' || a.Dtype().ItemSize != 2 {
			t.Errorf("dtype %+v", a.Dtype())
		}
		got, err := a.ReadAll(nil)
		must(t, err)
		if !bytes.Equal(got, data) {
			t.Fatalf("%+v: array round trip differs", m)
		}
		for j := 0; j < 10; j++ {
			start, stop := randomSlab(rng, m.Shape)
			s, err := a.ReadSlab(nil, start, stop)
			must(t, err)
			if !bytes.Equal(s, refSlab(data, m.Shape, start, stop, 2)) {
				t.Fatalf("%+v: slab %v..%v differs", m, start, stop)
			}
		}
		a.Frame().Close()
	}
}

func TestNDMetaCodec(t *testing.T) {
	m := NDMeta{Shape: []int64{400, 3}, ChunkShape: []int32{110, 3}, BlockShape: []int32{57, 3}, Dtype: "|u1"}
	b := AppendNDMeta(nil, m)
	// The layout from README_CFRAME_FORMAT's example.
	want := "970002" + "92d30000000000000190d30000000000000003" + "92d20000006ed200000003" + "92d200000039d200000003" + "00db00000003" + "7c7531"
	if hexs(b) != want {
		t.Fatalf("encoded %s\nwant    %s", hexs(b), want)
	}
	got, err := ParseNDMeta(b)
	must(t, err)
	if got.Dtype != "|u1" || got.Shape[0] != 400 || got.BlockShape[0] != 57 {
		t.Fatalf("%+v", got)
	}
}

func hexs(b []byte) string {
	const d = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, d[c>>4], d[c&15])
	}
	return string(out)
}

func TestNDMetaHostile(t *testing.T) {
	good := AppendNDMeta(nil, NDMeta{Shape: []int64{10, 10}, ChunkShape: []int32{5, 5}, BlockShape: []int32{5, 5}, Dtype: "<f8"})
	for i := 0; i < len(good); i++ { // every truncation fails cleanly
		if _, err := ParseNDMeta(good[:i]); err == nil && i < len(good)-9 {
			t.Errorf("truncated to %d bytes: accepted", i)
		}
	}
	cases := []NDMeta{
		{Shape: []int64{1 << 62, 1 << 62}, ChunkShape: []int32{1, 1}, BlockShape: []int32{1, 1}},   // items overflow
		{Shape: []int64{-1}, ChunkShape: []int32{1}, BlockShape: []int32{1}},                       // negative
		{Shape: []int64{10}, ChunkShape: []int32{0}, BlockShape: []int32{0}},                       // zero chunk
		{Shape: []int64{10}, ChunkShape: []int32{2}, BlockShape: []int32{3}},                       // block > chunk
		{Shape: []int64{10, 10}, ChunkShape: []int32{1 << 30, 1 << 30}, BlockShape: []int32{1, 1}}, // chunk too big
		{Shape: []int64{10}, ChunkShape: []int32{-5}, BlockShape: []int32{1}},
	}
	for i, m := range cases {
		if _, err := m.Validate(8); !errors.Is(err, ErrCorrupt) {
			t.Errorf("case %d: %v", i, err)
		}
	}
	nd17 := append([]byte{0x97, 0, 17}, good[3:]...)
	if _, err := ParseNDMeta(nd17); err == nil {
		t.Error("ndim 17 accepted")
	}
}

// replaceMeta returns a copy of frame data whose b2nd metalayer content is
// rewritten by fn (same length).
func replaceMeta(t *testing.T, data []byte, fn func(m []byte)) []byte {
	f, err := OpenBytes(data)
	must(t, err)
	m, err := f.Metalayer(B2NDMetaName)
	if err != nil {
		t.Fatal("no b2nd")
	}
	out := append([]byte(nil), data...)
	off := bytes.Index(out, m)
	fn(out[off : off+len(m)])
	return out
}

// TestB2NDShapeLies: a shape that does not match the frame (shape[0] =
// 2^62, as in the C-Blosc2 bug) is refused at open, quickly.
func TestB2NDShapeLies(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testdataDir, "b2nd/a01_2d_f8.b2nd"))
	must(t, err)
	for _, v := range []uint64{1 << 62, 1<<63 - 1, 1 << 63, 0, 200} {
		bad := replaceMeta(t, data, func(m []byte) { binary.BigEndian.PutUint64(m[5:], v) })
		f, err := OpenBytes(bad)
		must(t, err)
		if _, err := OpenArray(f); !errors.Is(err, ErrCorrupt) {
			t.Errorf("shape[0] = %d: %v", v, err)
		}
	}
	bad := replaceMeta(t, data, func(m []byte) { binary.BigEndian.PutUint32(m[1+1+1+1+18+1+1:], 0) }) // chunkshape[0] = 0
	f, _ := OpenBytes(bad)
	if _, err := OpenArray(f); !errors.Is(err, ErrCorrupt) {
		t.Errorf("chunkshape 0: %v", err)
	}
}

func TestParseDtype(t *testing.T) {
	tests := []struct {
		s    string
		kind byte
		size int
		ord  byte
	}{
		{"<f8", 'f', 8, '<'}, {">i4", 'i', 4, '>'}, {"|u1", 'u', 1, '|'}, {"<U5", 'U', 20, '<'},
		{"|S10", 'S', 10, '|'}, {"<M8[ns]", 'M', 8, '<'}, {"|b1", 'b', 1, '|'}, {"<c16", 'c', 16, '<'}, {"=i2", 'i', 2, '<'},
	}
	for _, tt := range tests {
		d, err := ParseDtype(tt.s)
		if err != nil || d.Kind != tt.kind || d.ItemSize != tt.size || d.Order != tt.ord {
			t.Errorf("%q: %+v %v", tt.s, d, err)
		}
	}
	for _, s := range []string{"", "<", "<x4", "<f", "<f-1", "[('a', '<i4')]", "|O", "<f8[s]"} {
		if _, err := ParseDtype(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}
