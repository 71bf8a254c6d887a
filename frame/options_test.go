package frame

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
)

// TestOptionScope: an option given to a constructor it does not apply to
// is an error wrapping ErrOption, before anything is read or written.
func TestOptionScope(t *testing.T) {
	var buf bytes.Buffer
	w, err := NewWriter(&buf, DefaultParams())
	must(t, err)
	must(t, w.AppendData(make([]byte, 800)))
	must(t, w.Close())
	b := buf.Bytes()

	if _, err := OpenBytes(b, WithLock(LockOn)); !errors.Is(err, ErrOption) {
		t.Errorf("OpenBytes(WithLock): %v, want ErrOption", err)
	}
	if _, err := Verify(bytes.NewReader(b), int64(len(b)), WithCompress(nil)); !errors.Is(err, ErrOption) {
		t.Errorf("Verify(WithCompress): %v, want ErrOption", err)
	}
	var out bytes.Buffer
	if _, err := NewWriter(&out, DefaultParams(), WithWorkers(2)); !errors.Is(err, ErrOption) || out.Len() != 0 {
		t.Errorf("NewWriter(WithWorkers): %v (%d bytes written), want ErrOption", err, out.Len())
	}
	if _, err := Edit(t.TempDir()+"/none.b2frame", WithFetch(0, 1)); !errors.Is(err, ErrOption) {
		t.Errorf("Edit(WithFetch): %v, want ErrOption", err)
	}

	d, err := blosc.NewDecoder(blosc.WithWorkers(1))
	must(t, err)
	f, err := OpenBytes(b, WithDecoder(d), WithWorkers(3), WithFetch(64, 2))
	must(t, err)
	if f.Workers() != 3 || f.blockDecoder() != d || f.chunkDecoder() != d {
		t.Errorf("workers %d, decoders not the one given", f.Workers())
	}
	if gap, n := f.fetchSettings(); gap != 64 || n != 2 {
		t.Errorf("fetch settings %d %d", gap, n)
	}
	got, err := f.Decode(nil)
	if err != nil || len(got) != 800 {
		t.Fatalf("decode: %d bytes, %v", len(got), err)
	}
}

// TestParamsDefaults: one default, python-blosc2's (blosc.DefaultOptions),
// and parameters a frame cannot record are refused before writing.
func TestParamsDefaults(t *testing.T) {
	p := DefaultParams()
	if !reflect.DeepEqual(p.Options, blosc.DefaultOptions()) || p.NThreadsComp != 1 || p.NThreadsDecomp != 1 {
		t.Fatalf("DefaultParams = %+v", p)
	}
	for name, change := range map[string]func(*Params){
		"blosc1 format":  func(p *Params) { p.Format = blosc.FormatBlosc1 },
		"negative level": func(p *Params) { p.Clevel = -1 },
		"threads":        func(p *Params) { p.NThreadsComp = 1 << 15 },
		"chunksize":      func(p *Params) { p.Chunksize = -1 },
	} {
		q := DefaultParams()
		change(&q)
		var out bytes.Buffer
		if _, err := NewWriter(&out, q); !errors.Is(err, ErrRange) || out.Len() != 0 {
			t.Errorf("%s: %v, want ErrRange", name, err)
		}
	}
}
