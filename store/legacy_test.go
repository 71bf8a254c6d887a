package store

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPythonBlosc2Legacy reads the persisted LazyExpr and LazyUDF that
// python-blosc2 ships as test data (tests/data/legacy_*_v1), put in a
// .b2d as DictStore would hold them: the operands are arrays, the
// expressions are recognized and refused with ErrUnsupported.
func TestPythonBlosc2Legacy(t *testing.T) {
	for dir, kind := range map[string]Kind{"legacy_lazyexpr_v1": KindLazyExpr, "legacy_lazyudf_v1": KindLazyUDF} {
		name := filepath.Join(t.TempDir(), "legacy.b2d")
		w, err := Create(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"a", "b", "expr"} {
			b, err := os.ReadFile(filepath.Join("..", "testdata", "stores", "python-blosc2", dir, f+".b2nd"))
			if err != nil {
				t.Fatal(err)
			}
			if err := w.AddFrame("/"+f, b); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		s, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		e, err := s.Stat("/expr")
		if err != nil || e.Kind != kind || (e.Dtype != "<f8" && e.Dtype != "<i8") || len(e.Shape) != 1 || e.Path != "expr.b2nd" {
			t.Errorf("%s: %+v %v", dir, e, err)
		}
		for _, open := range []func(string) error{
			func(k string) error { _, err := s.OpenFrame(k); return err },
			func(k string) error { _, err := s.OpenArray(k); return err },
			func(k string) error { _, err := s.ReadAll(k); return err },
		} {
			if err := open("/expr"); !errors.Is(err, ErrUnsupported) || !contains(err.Error(), kind.String()) {
				t.Errorf("%s: opening /expr: %v", dir, err)
			}
		}
		a, err := s.ReadAll("/a")
		if err != nil || len(a) == 0 {
			t.Errorf("%s: /a: %v", dir, err)
		}
		s.Close()
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
