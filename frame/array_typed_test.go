package frame

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"github.com/blosc2go/blosc2/blosc"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// readTyped reads the whole array through the typed API chosen by its
// dtype and returns the items re-encoded in the array's byte order.
func readTyped(a *Array) ([]byte, error) {
	d := a.Dtype()
	bo := orderOf(d)
	switch {
	case matchesElem[int8](d):
		v, err := Read[int8](a)
		return encodeElems(nil, v, bo), err
	case matchesElem[int16](d):
		v, err := Read[int16](a)
		return encodeElems(nil, v, bo), err
	case matchesElem[int32](d):
		v, err := Read[int32](a)
		return encodeElems(nil, v, bo), err
	case matchesElem[int64](d):
		v, err := Read[int64](a)
		return encodeElems(nil, v, bo), err
	case matchesElem[uint8](d):
		v, err := Read[uint8](a)
		return encodeElems(nil, v, bo), err
	case matchesElem[uint16](d):
		v, err := Read[uint16](a)
		return encodeElems(nil, v, bo), err
	case matchesElem[uint32](d):
		v, err := Read[uint32](a)
		return encodeElems(nil, v, bo), err
	case matchesElem[uint64](d):
		v, err := Read[uint64](a)
		return encodeElems(nil, v, bo), err
	case matchesElem[float32](d):
		v, err := Read[float32](a)
		return encodeElems(nil, v, bo), err
	case matchesElem[float64](d):
		v, err := Read[float64](a)
		return encodeElems(nil, v, bo), err
	case matchesElem[complex64](d):
		v, err := Read[complex64](a)
		return encodeElems(nil, v, bo), err
	case matchesElem[complex128](d):
		v, err := Read[complex128](a)
		return encodeElems(nil, v, bo), err
	case matchesElem[bool](d):
		v, err := Read[bool](a)
		return encodeElems(nil, v, bo), err
	}
	return nil, errors.New("no Go type for dtype " + d.String())
}

// TestTypedCorpus reads every b2nd file of the corpus through the typed
// API: the bytes match the manifest; a file whose dtype disagrees with its
// typesize and a saved LazyExpr are refused with the right errors.
func TestTypedCorpus(t *testing.T) {
	n := 0
	for _, e := range corpusEntries(t) {
		if e.Type != "b2nd" {
			continue
		}
		a, err := OpenArrayFile(filepath.Join(testdataDir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		var got []byte
		switch {
		case a.Lazy() != nil:
			_, err := Read[int64](a)
			var le *LazyError
			if !errors.As(err, &le) || !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), `"a + b"`) || !strings.Contains(err.Error(), "a=a.b2nd") {
				t.Errorf("%s: Read of a LazyExpr: %v", e.File, err)
			}
			a.Close()
			continue
		case a.Check() != nil:
			if _, err := Read[uint8](a); !errors.Is(err, ErrDtype) {
				t.Errorf("%s: dtype %q with typesize %d read as uint8: %v", e.File, a.Meta().Dtype, a.Itemsize(), err)
			}
			got, err = a.ReadAll(nil)
		default:
			got, err = readTyped(a)
			n++
		}
		a.Close()
		if err != nil {
			t.Errorf("%s: %v", e.File, err)
			continue
		}
		sum := sha256.Sum256(got)
		if hex.EncodeToString(sum[:]) != e.Sha256 {
			t.Errorf("%s: typed read differs from the manifest", e.File)
		}
	}
	if n < 8 {
		t.Errorf("only %d b2nd files read through the typed API", n)
	}
}

// refArray is a dense C-order array for checking.
type refArray[T Element] struct {
	shape []int64
	data  []T
}

func (r *refArray[T]) at(idx []int64) T {
	st := stridesOf(r.shape)
	o := int64(0)
	for i, v := range idx {
		o += v * st[i]
	}
	return r.data[o]
}

// region returns the items sp selects, in C order.
func (r *refArray[T]) region(sp []span) []T {
	cnt := make([]int64, len(sp))
	for i, s := range sp {
		cnt[i] = s.n
	}
	var out []T
	idx := make([]int64, len(sp))
	if len(sp) == 0 {
		return append(out, r.data[0])
	}
	forEachIndex(cnt, func(t []int64) {
		for i, v := range t {
			idx[i] = sp[i].start + v*sp[i].step
		}
		out = append(out, r.at(idx))
	})
	return out
}

func randomRegion(rng *rand.Rand, shape []int64) []Range {
	r := make([]Range, rng.Intn(len(shape)+1))
	for i := range r {
		s := shape[i]
		a, b := rng.Int63n(s+1), rng.Int63n(s+1)
		if a > b {
			a, b = b, a
		}
		step := int64(1 + rng.Intn(3))
		switch rng.Intn(5) {
		case 0: // negative start and stop, as Python's
			r[i] = Range{a - s, b - s, step}
			if b == s {
				r[i].Stop = End
			}
		case 1:
			r[i] = Range{a, End, step}
		case 2:
			if s > 0 {
				r[i] = Index(rng.Int63n(2*s) - s)
			}
		default:
			r[i] = Range{a, b, step}
		}
	}
	return r
}

func randomShape(rng *rand.Rand, nd int, items int64) []int64 {
	shape := make([]int64, nd)
	for i := range shape {
		shape[i] = int64(1 + rng.Intn(7))
	}
	for prod(shape) > items {
		shape[rng.Intn(nd)] = 1 + shape[rng.Intn(nd)]/2
		for i := range shape {
			if shape[i] > 1 && prod(shape) > items {
				shape[i]--
			}
		}
	}
	return shape
}

func prod(v []int64) int64 {
	p := int64(1)
	for _, x := range v {
		p *= x
	}
	return p
}

func roundTrip[T Element](t *testing.T, rng *rand.Rand, dir string, gen func(*rand.Rand) T) {
	dt := DtypeOf[T]()
	orders := []string{dt.String()}
	if dt.ItemSize > 1 {
		orders = append(orders, ">"+dt.String()[1:])
	}
	var err error
	for _, dtype := range orders {
		for nd := 0; nd <= 8; nd++ {
			if testing.Short() && (nd == 3 || nd == 5 || nd == 6 || nd == 7) {
				continue
			}
			shape := randomShape(rng, nd, 3000)
			if nd > 0 && rng.Intn(6) == 0 {
				shape[rng.Intn(nd)] = 0 // empty
			}
			ref := refArray[T]{shape: shape, data: make([]T, prod(shape))}
			for i := range ref.data {
				ref.data[i] = gen(rng)
			}
			o := &ArrayOptions{Dtype: dtype}
			if rng.Intn(2) == 0 && nd > 0 { // shapes not dividing the array
				o.ChunkShape = make([]int64, nd)
				o.BlockShape = make([]int64, nd)
				for i := range o.ChunkShape {
					o.ChunkShape[i] = int64(1 + rng.Intn(4))
					o.BlockShape[i] = int64(1 + rng.Intn(int(o.ChunkShape[i])))
				}
			}
			var a *Array
			if nd%4 == 1 { // through a file
				path := filepath.Join(dir, "rt.b2nd")
				if err := CreateArray(path, ref.data, shape, o); err != nil {
					t.Fatalf("%s %v: %v", dtype, shape, err)
				}
				a, err = OpenArrayFile(path)
			} else {
				var buf bytes.Buffer
				if err := EncodeArray(&buf, ref.data, shape, o); err != nil {
					t.Fatalf("%s %v: %v", dtype, shape, err)
				}
				var f *Frame
				if f, err = OpenBytes(buf.Bytes()); err == nil {
					a, err = OpenArray(f)
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			if a.Meta().Dtype != dtype || a.Dtype().String() != dtype || a.Check() != nil {
				t.Errorf("%s: stored dtype %q (%v)", dtype, a.Meta().Dtype, a.Check())
			}
			all, err := Read[T](a)
			if err != nil || !sameItems(all, ref.data) {
				t.Fatalf("%s %v: whole array differs (%v)", dtype, shape, err)
			}
			if prod(shape) > 0 {
				for k := 0; k < 8; k++ {
					if testing.Short() && k >= 4 {
						break
					}
					reg := randomRegion(rng, shape)
					sp, _, err := resolveRegion(shape, reg)
					if err != nil {
						t.Fatalf("%v: %v", reg, err)
					}
					got, err := Read[T](a, reg...)
					if err != nil || !sameItems(got, ref.region(sp)) {
						t.Fatalf("%s %v: region %v differs (%v)", dtype, shape, reg, err)
					}
				}
				idx := make([]int64, nd)
				for i := range idx {
					idx[i] = rng.Int63n(shape[i])
				}
				neg := make([]int64, nd)
				for i := range neg {
					neg[i] = idx[i] - shape[i]
				}
				v1, err1 := At[T](a, idx...)
				v2, err2 := At[T](a, neg...)
				if err1 != nil || err2 != nil || !sameItems([]T{v1, v2}, []T{ref.at(idx), ref.at(idx)}) {
					t.Fatalf("%s %v: At(%v) = %v, At(%v) = %v (%v, %v)", dtype, shape, idx, v1, neg, v2, err1, err2)
				}
			}
			a.Close()
		}
	}
}

// sameItems compares bit patterns (NaN equals NaN).
func sameItems[T Element](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	dt := DtypeOf[T]()
	return bytes.Equal(encodeElems(nil, a, orderOf(dt)), encodeElems(nil, b, orderOf(dt)))
}

// TestTypedRoundTrip writes and reads back every Element type in both
// byte orders, 0-D to 8-D, with shapes not divisible by the chunk and
// block shapes and empty arrays, through regions with steps and negative
// indices and single items.
func TestTypedRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	dir := t.TempDir()
	roundTrip(t, rng, dir, func(r *rand.Rand) int8 { return int8(r.Uint32()) })
	roundTrip(t, rng, dir, func(r *rand.Rand) int16 { return int16(r.Uint32()) })
	roundTrip(t, rng, dir, func(r *rand.Rand) int32 { return int32(r.Uint32()) })
	roundTrip(t, rng, dir, func(r *rand.Rand) int64 { return int64(r.Uint64()) })
	roundTrip(t, rng, dir, func(r *rand.Rand) uint8 { return uint8(r.Uint32()) })
	roundTrip(t, rng, dir, func(r *rand.Rand) uint16 { return uint16(r.Uint32()) })
	roundTrip(t, rng, dir, func(r *rand.Rand) uint32 { return r.Uint32() })
	roundTrip(t, rng, dir, func(r *rand.Rand) uint64 { return r.Uint64() })
	roundTrip(t, rng, dir, func(r *rand.Rand) float32 { return float32(r.NormFloat64()) })
	roundTrip(t, rng, dir, func(r *rand.Rand) float64 { return r.NormFloat64() })
	roundTrip(t, rng, dir, func(r *rand.Rand) complex64 { return complex(float32(r.NormFloat64()), float32(r.NormFloat64())) })
	roundTrip(t, rng, dir, func(r *rand.Rand) complex128 { return complex(r.NormFloat64(), math.Inf(-1)) })
	roundTrip(t, rng, dir, func(r *rand.Rand) bool { return r.Intn(2) == 0 })
}

// TestBigEndianBytes: a ">f8" array stores big-endian items.
func TestBigEndianBytes(t *testing.T) {
	var buf bytes.Buffer
	if err := EncodeArray(&buf, []float64{1, -2}, []int64{2}, &ArrayOptions{Dtype: ">f8", Params: &Params{Options: blosc.Options{Clevel: 0}}}); err != nil {
		t.Fatal(err)
	}
	f, err := OpenBytes(buf.Bytes())
	must(t, err)
	raw, err := f.Decode(nil)
	must(t, err)
	want := []byte{0x3f, 0xf0, 0, 0, 0, 0, 0, 0, 0xc0, 0, 0, 0, 0, 0, 0, 0}
	if !bytes.Equal(raw, want) {
		t.Errorf("stored % x, want % x", raw, want)
	}
}

func TestRegionErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.b2nd")
	must(t, CreateArray(path, make([]int32, 60), []int64{6, 10}, nil))
	a, err := OpenArrayFile(path)
	must(t, err)
	defer a.Close()
	for _, c := range []struct {
		reg  []Range
		want string
	}{
		{[]Range{Span(4, 2)}, "reversed"},
		{[]Range{All(), Span(-2, -5)}, "reversed"},
		{[]Range{Span(0, 7)}, "outside"},
		{[]Range{Span(-7, 2)}, "outside"},
		{[]Range{Stride(0, 6, -1)}, "negative"},
		{[]Range{All(), All(), All()}, "dimensions"},
	} {
		_, err := Read[int32](a, c.reg...)
		if !errors.Is(err, ErrRange) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v; want ErrRange saying %q", c.reg, err, c.want)
		}
	}
	if _, err := a.ReadSlab(nil, []int64{3, 0}, []int64{1, 10}); err == nil || !strings.Contains(err.Error(), "reversed") {
		t.Errorf("ReadSlab reversed: %v", err)
	}
	if v, err := Read[int32](a, Span(2, 2)); err != nil || len(v) != 0 {
		t.Errorf("empty span: %v, %v", v, err)
	}
	if _, err := Read[float32](a); !errors.Is(err, ErrDtype) {
		t.Errorf("int32 array read as float32: %v", err)
	}
	if _, err := At[int32](a, 6, 0); !errors.Is(err, ErrRange) {
		t.Errorf("At outside: %v", err)
	}
	if s := a.Dtype().String(); s != "<i4" {
		t.Errorf("Dtype prints %q", s)
	}
	// A directory that is not a sparse frame is named.
	_, err = OpenArrayFile(dir)
	if err == nil || !strings.Contains(err.Error(), dir) {
		t.Errorf("opening a plain directory: %v; want the path named", err)
	}
}

// TestArrayWriterMismatches: every caller mistake is an error before
// anything is written, or poisons the writer so that Close fails and
// the destination is left as it was.
func TestArrayWriterMismatches(t *testing.T) {
	dir := t.TempDir()
	m := NDMeta{Shape: []int64{4, 5}, ChunkShape: []int32{2, 5}, BlockShape: []int32{1, 5}, Dtype: "<f4"}
	for _, c := range []struct {
		name     string
		dtype    string
		typesize int32
	}{
		{"empty dtype", "", 4},
		{"dtype name", "float32", 4},
		{"typesize 8 for <f4", "<f4", 8},
		{"garbage", "<q4", 4},
	} {
		m2 := m
		m2.Dtype = c.dtype
		p := DefaultParams()
		p.Typesize = int(c.typesize)
		var buf bytes.Buffer
		if _, err := NewArrayWriter(&buf, m2, p); !errors.Is(err, ErrDtype) || buf.Len() != 0 {
			t.Errorf("%s: %v (%d bytes written); want ErrDtype and nothing written", c.name, err, buf.Len())
		}
	}
	// Typesize 0: the dtype's item size.
	p := DefaultParams()
	p.Typesize = 0
	path := filepath.Join(dir, "ok.b2nd")
	aw, err := CreateArrayFile(path, m, p)
	must(t, err)
	must(t, WriteItems(aw, make([]float32, 20)))
	must(t, aw.Close())
	a, err := OpenArrayFile(path)
	must(t, err)
	if a.Itemsize() != 4 || a.Check() != nil {
		t.Errorf("typesize %d, %v", a.Itemsize(), a.Check())
	}
	a.Close()
	old, _ := os.ReadFile(path)

	fails := []struct {
		name string
		do   func(aw *ArrayWriter) error
	}{
		{"short", func(aw *ArrayWriter) error { return WriteItems(aw, make([]float32, 19)) }},
		{"long", func(aw *ArrayWriter) error { return WriteItems(aw, make([]float32, 21)) }},
		{"wrong Go type", func(aw *ArrayWriter) error { return WriteItems(aw, make([]float64, 20)) }},
		{"bad chunk", func(aw *ArrayWriter) error { return aw.AppendChunk([]byte("not a chunk at all, not at all, no")) }},
		{"mixed", func(aw *ArrayWriter) error {
			WriteItems(aw, make([]float32, 5))
			return aw.AppendSpecial(blosc.SpecialZeros)
		}},
	}
	for _, c := range fails {
		aw, err := CreateArrayFile(path, m, p)
		must(t, err)
		c.do(aw)
		if err := aw.Close(); err == nil {
			t.Errorf("%s: Close succeeded", c.name)
		}
		if b, _ := os.ReadFile(path); !bytes.Equal(b, old) {
			t.Errorf("%s: the existing file changed", c.name)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 1 {
			t.Errorf("%s: %d files left in the directory", c.name, len(ents))
		}
		// A plain io.Writer gets the error too.
		var buf bytes.Buffer
		aw, err = NewArrayWriter(&buf, m, p)
		must(t, err)
		c.do(aw)
		if err := aw.Close(); err == nil {
			t.Errorf("%s: Close on an io.Writer succeeded", c.name)
		}
		if _, err := OpenBytes(buf.Bytes()); err == nil {
			t.Errorf("%s: the io.Writer holds a frame that opens", c.name)
		}
		// A caller's own file (written in place): what is there does not
		// open as a frame.
		own := filepath.Join(t.TempDir(), "own.b2nd")
		fh, err := os.Create(own)
		must(t, err)
		aw, err = NewArrayWriter(fh, m, p)
		must(t, err)
		if c.name != "short" {
			WriteItems(aw, make([]float32, 8)) // some chunks reach the file
		}
		c.do(aw)
		if err := aw.Close(); err == nil {
			t.Errorf("%s: Close on a file succeeded", c.name)
		}
		fh.Close()
		if f, err := OpenFile(own); err == nil {
			f.Close()
			t.Errorf("%s: the caller's file holds a frame that opens", c.name)
		}
	}
	// Sparse: an existing directory is replaced only on success.
	sdir := filepath.Join(dir, "s.b2nd")
	aw, err = NewSparseArrayWriter(sdir, m, p)
	must(t, err)
	must(t, WriteItems(aw, []float32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}))
	must(t, aw.Close())
	aw, err = NewSparseArrayWriter(sdir, m, p)
	must(t, err)
	WriteItems(aw, make([]float32, 3))
	if aw.Close() == nil {
		t.Error("short sparse array closed without error")
	}
	v, _, err := ReadArrayFile[float32](sdir)
	if err != nil || len(v) != 20 || v[19] != 20 {
		t.Errorf("sparse array after a failed rewrite: %v %v", v, err)
	}
}

// TestArrayEditor edits an array (regions with steps, resizes along every
// axis, appends) against a dense model, reopening after each Commit; a
// failing call changes nothing. C-Blosc2 reads the result when
// cb2-verify is installed.
func TestArrayEditor(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	dir := t.TempDir()
	for _, sparse := range []bool{false, true} {
		path := filepath.Join(dir, "e.b2nd")
		shape := []int64{7, 9, 5}
		ref := refArray[float64]{shape: shape, data: make([]float64, prod(shape))}
		for i := range ref.data {
			ref.data[i] = float64(i)
		}
		o := &ArrayOptions{ChunkShape: []int64{3, 4, 5}, BlockShape: []int64{2, 3, 2}}
		if sparse {
			path = filepath.Join(dir, "sparse.b2nd")
			m, p, err := arrayMeta[float64](shape, o)
			must(t, err)
			aw, err := NewSparseArrayWriter(path, m, p)
			must(t, err)
			must(t, WriteItems(aw, ref.data))
			must(t, aw.Close())
		} else {
			must(t, CreateArray(path, ref.data, shape, o))
		}
		check := func(what string) {
			t.Helper()
			got, gshape, err := ReadArrayFile[float64](path)
			if err != nil || !equalInt64(gshape, ref.shape) || !sameItems(got, ref.data) {
				t.Fatalf("%s: shape %v (want %v), %v", what, gshape, ref.shape, err)
			}
			verifyWithC(t, path, encodeElems(nil, got, orderOf(DtypeOf[float64]())))
		}
		steps := 12
		if testing.Short() {
			steps = 6
		}
		for step := 0; step < steps; step++ {
			ae, err := EditArray(path)
			must(t, err)
			switch step % 3 {
			case 0: // a region with steps
				reg := randomRegion(rng, ref.shape)
				sp, n, err := resolveRegion(ref.shape, reg)
				must(t, err)
				vals := make([]float64, n)
				for i := range vals {
					vals[i] = rng.NormFloat64()
				}
				must(t, WriteRegion(ae, vals, reg...))
				k := 0
				cnt := make([]int64, len(sp))
				for i, s := range sp {
					cnt[i] = s.n
				}
				st := stridesOf(ref.shape)
				forEachIndex(cnt, func(u []int64) {
					o := int64(0)
					for i, v := range u {
						o += (sp[i].start + v*sp[i].step) * st[i]
					}
					ref.data[o] = vals[k]
					k++
				})
			case 1: // resize one axis
				ns := append([]int64(nil), ref.shape...)
				ax := rng.Intn(len(ns))
				ns[ax] = int64(rng.Intn(11))
				must(t, ae.Resize(ns))
				ref = resized(ref, ns)
			case 2: // append rows
				rows := int64(1 + rng.Intn(4))
				vals := make([]float64, rows*ref.shape[1]*ref.shape[2])
				for i := range vals {
					vals[i] = float64(1000 + i)
				}
				must(t, Append(ae, vals))
				ns := append([]int64(nil), ref.shape...)
				ns[0] += rows
				ref = resized(ref, ns)
				copy(ref.data[len(ref.data)-len(vals):], vals)
			}
			// Failing calls leave the edit as it was.
			if err := ae.Resize([]int64{1, 2}); err == nil {
				t.Error("Resize to another ndim accepted")
			}
			if err := Append(ae, make([]float64, 1+int(ref.shape[1]*ref.shape[2]))); err == nil && ref.shape[1]*ref.shape[2] > 0 {
				t.Error("Append of a partial row accepted")
			}
			if err := WriteRegion(ae, make([]float64, 3), Span(0, 1), Span(0, 1), Span(0, 1)); err == nil {
				t.Error("WriteRegion with the wrong item count accepted")
			}
			if err := WriteRegion(ae, make([]int64, 1), Span(0, 1), Span(0, 1), Span(0, 1)); !errors.Is(err, ErrDtype) {
				t.Errorf("WriteRegion of int64 into <f8: %v", err)
			}
			if !equalInt64(ae.Shape(), ref.shape) {
				t.Fatalf("editor shape %v, model %v", ae.Shape(), ref.shape)
			}
			must(t, ae.Commit())
			check("step " + itoa(int64(step)))
		}
		// Abandoned edits leave the file as it was.
		before, _, _ := ReadArrayFile[float64](path)
		ae, err := EditArray(path)
		must(t, err)
		must(t, ae.Resize([]int64{1, 1, 1}))
		must(t, ae.Close())
		after, _, _ := ReadArrayFile[float64](path)
		if !sameItems(before, after) {
			t.Error("Close without Commit changed the array")
		}
	}
}

// resized is the model of Resize: kept items keep their values, new ones
// are zero.
func resized[T Element](r refArray[T], shape []int64) refArray[T] {
	out := refArray[T]{shape: shape, data: make([]T, prod(shape))}
	keep := make([]int64, len(shape))
	for i := range keep {
		keep[i] = min64(shape[i], r.shape[i])
	}
	st := stridesOf(shape)
	forEachIndex(keep, func(u []int64) {
		o := int64(0)
		for i, v := range u {
			o += v * st[i]
		}
		out.data[o] = r.at(u)
	})
	return out
}

// verifyWithC has C-Blosc2 (cb2-verify, when installed) read the b2nd
// file and compare with raw. CI has no C-Blosc2: the check is local.
func verifyWithC(t *testing.T, path string, raw []byte) {
	t.Helper()
	if !haveCVerify() {
		return
	}
	tool := cb2Verify
	rf := filepath.Join(t.TempDir(), "raw")
	must(t, os.WriteFile(rf, raw, 0o644))
	if out, err := exec.Command(tool, "-q", "b2nd", path, rf).CombinedOutput(); err != nil {
		t.Errorf("C-Blosc2 rejects %s: %v: %s", path, err, out)
	}
}

func TestVLMeta(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "v.b2nd")
	vals := map[string]any{
		"s": "hello", "i": int64(-5), "u": uint64(math.MaxUint64), "f": 1.5, "b": true, "n": nil,
		"bin": []byte{1, 2}, "list": []any{int64(1), "x"}, "t": Tuple{int64(1), int64(2)},
		"d": map[string]any{"k": int64(3)},
	}
	must(t, CreateArray(path, []int16{1, 2, 3}, []int64{3}, &ArrayOptions{VLMeta: vals}))
	f, err := OpenFile(path)
	must(t, err)
	for k, want := range vals {
		got, err := f.VLMeta(k)
		if err != nil || !equalAny(got, want) {
			t.Errorf("%s: %#v, %v; want %#v", k, got, err, want)
		}
	}
	f.Close()
	ae, err := EditArray(path)
	must(t, err)
	must(t, ae.SetVLMeta("s", "changed"))
	must(t, ae.Commit())
	f, err = OpenFile(path)
	must(t, err)
	if v, err := f.VLMeta("s"); err != nil || v != "changed" {
		t.Errorf("after edit: %v %v", v, err)
	}
	if _, err := f.VLMeta("none"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing: %v", err)
	}
	f.Close()
	if _, err := UnmarshalVLMeta([]byte{0xc4, 0xff}); !errors.Is(err, ErrCorrupt) {
		t.Errorf("truncated msgpack: %v", err)
	}
	if _, err := UnmarshalVLMeta([]byte{0xc9, 0xff, 0xff, 0xff, 0xff, 42}); err == nil {
		t.Error("huge truncated extension accepted")
	}
}

func equalAny(a, b any) bool {
	switch x := a.(type) {
	case []byte:
		y, ok := b.([]byte)
		return ok && bytes.Equal(x, y)
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equalAny(x[i], y[i]) {
				return false
			}
		}
		return true
	case Tuple:
		y, ok := b.(Tuple)
		return ok && equalAny([]any(x), []any(y))
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k := range x {
			if !equalAny(x[k], y[k]) {
				return false
			}
		}
		return true
	}
	return a == b
}

// TestStructuredBytes: a structured dtype goes through the byte-level
// methods with an explicit typesize; typed calls refuse it.
func TestStructuredBytes(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "st.b2nd")
	m := NDMeta{Shape: []int64{5}, ChunkShape: []int32{2}, BlockShape: []int32{2}, Dtype: "[('a', '<i4'), ('b', '<f8')]"}
	p := DefaultParams()
	p.Typesize = 0
	if _, err := CreateArrayFile(path, m, p); !errors.Is(err, ErrDtype) {
		t.Errorf("structured dtype without typesize: %v", err)
	}
	p.Typesize = 12
	aw, err := CreateArrayFile(path, m, p)
	must(t, err)
	data := make([]byte, 60)
	for i := range data {
		data[i] = byte(i)
	}
	_, err = aw.Write(data)
	must(t, err)
	must(t, aw.Close())
	ae, err := EditArray(path)
	must(t, err)
	must(t, ae.AppendBytes(bytes.Repeat([]byte{0xee}, 12)))
	must(t, ae.WriteRegionBytes(bytes.Repeat([]byte{0xaa}, 24), Stride(0, 5, 4)))
	if err := WriteRegion(ae, []int32{1}, Index(0)); !errors.Is(err, ErrDtype) {
		t.Errorf("typed write into a structured array: %v", err)
	}
	must(t, ae.Commit())
	a, err := OpenArrayFile(path)
	must(t, err)
	defer a.Close()
	got, err := a.ReadAll(nil)
	must(t, err)
	want := append(append([]byte(nil), data...), bytes.Repeat([]byte{0xee}, 12)...)
	copy(want[0:12], bytes.Repeat([]byte{0xaa}, 12))
	copy(want[48:60], bytes.Repeat([]byte{0xaa}, 12))
	if !bytes.Equal(got, want) {
		t.Errorf("structured array after edits:\n% x\nwant\n% x", got, want)
	}
	if _, err := Read[int32](a); !errors.Is(err, ErrDtype) || a.Check() == nil {
		t.Errorf("typed read of a structured array: %v (Check %v)", err, a.Check())
	}
	p2 := a.Frame().Params()
	if p2.Typesize != 12 || p2.Codec != p.Codec || p2.Clevel != p.Clevel || p2.Filters != p.Filters {
		t.Errorf("Params() %+v", p2)
	}
}

// TestCreateArrayMode: a new array file is not left private (0600) by the
// temporary file it was written as; a replaced one keeps its mode.
func TestCreateArrayMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.b2nd")
	must(t, CreateArray(path, []uint8{1, 2, 3}, []int64{3}, nil))
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("new array mode %v (%v)", st.Mode(), err)
	}
	must(t, os.Chmod(path, 0o640))
	must(t, CreateArray(path, []uint8{4, 5, 6}, []int64{3}, nil))
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o640 {
		t.Errorf("replaced array mode %v (%v)", st.Mode(), err)
	}
}
