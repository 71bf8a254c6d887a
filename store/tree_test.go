package store

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"testing"
)

func TestWalk(t *testing.T) {
	name := filepath.Join(t.TempDir(), "t.b2z")
	writeStore(t, name, nil, testContent())
	s, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var got []string
	err = s.Walk("/", func(p string, groups, leaves []string) error {
		got = append(got, fmt.Sprint(p, groups, leaves))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"/[dir1] [node1 remote]", "/dir1[sub] [node3 schunk1]", "/dir1/sub[] [deep]"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("walk %q, want %q", got, want)
	}
	got = nil
	err = s.Walk("/dir1", func(p string, groups, leaves []string) error {
		got = append(got, p)
		return fs.SkipDir
	})
	if err != nil || !reflect.DeepEqual(got, []string{"/dir1"}) {
		t.Errorf("walk /dir1 with SkipDir: %q %v", got, err)
	}
	if err := s.Walk("/node1", func(string, []string, []string) error { return nil }); !errors.Is(err, ErrNotFound) {
		t.Errorf("walk of a leaf: %v", err)
	}
	if err := s.Walk("/../x", func(string, []string, []string) error { return nil }); !errors.Is(err, ErrNotFound) {
		t.Errorf("walk of /../x: %v", err)
	}
}

func TestTreeKeyRules(t *testing.T) {
	w, err := Create(filepath.Join(t.TempDir(), "t.b2d"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	if err := w.AddC2Array("/a", "https://x", "p"); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"/a/b", "a", "/", "/x/", "//x", "/x/../y", "/./y", "/x:y", "/x\\y", "/x\ty"} {
		if err := w.AddC2Array(k, "https://x", "p"); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("AddC2Array(%q): %v, want ErrInvalidKey", k, err)
		}
	}
	if err := w.AddC2Array("/a", "https://x", "p"); !errors.Is(err, ErrExist) {
		t.Errorf("second /a: %v", err)
	}
	if err := w.AddC2Array("/c/d", "https://x", "p"); err != nil {
		t.Fatal(err)
	}
	if err := w.AddC2Array("/c", "https://x", "p"); !errors.Is(err, ErrInvalidKey) {
		t.Errorf("/c above /c/d: %v", err)
	}
	// A dict store allows both.
	wd, err := Create(filepath.Join(t.TempDir(), "d.b2d"), &Options{Flavor: FlavorDict})
	if err != nil {
		t.Fatal(err)
	}
	defer wd.Abort()
	if err := wd.AddC2Array("/a", "https://x", "p"); err != nil {
		t.Fatal(err)
	}
	if err := wd.AddC2Array("/a/b", "https://x", "p"); err != nil {
		t.Fatal(err)
	}
}
