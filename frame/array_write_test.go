package frame

import "testing"

// copyArray copies the vlmetalayers and stored chunks of f through w.
func copyArray(t testing.TB, f *Frame, w *ArrayWriter) {
	t.Helper()
	vl, err := f.VLMetalayers()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range vl {
		if err := w.SetVLMetalayer(m.Name, m.Content); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < f.NChunks(); i++ {
		raw, k, err := f.RawChunk(i)
		if err != nil {
			t.Fatal(err)
		}
		if raw == nil {
			err = w.AppendSpecial(k)
		} else {
			err = w.AppendChunk(raw)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}
