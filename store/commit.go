package store

import (
	"archive/zip"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"time"
)

// commitFile writes a .b2e or .b2z through a temporary file in the
// target's directory, syncs it and renames it over the target.
func (w *Writer) commitFile(write func(*os.File) error) (err error) {
	dir, base := filepath.Split(w.name)
	if dir == "" {
		dir = "."
	}
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(w.name); err == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("store: %s is not a regular file", w.name)
		}
		mode = fi.Mode().Perm()
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err = f.Chmod(mode); err != nil {
		return err
	}
	if err = write(f); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if w.old == nil {
		if _, serr := os.Lstat(w.name); serr == nil {
			return fmt.Errorf("%w: %s", ErrExist, w.name)
		}
	}
	if err = os.Rename(tmp, w.name); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// syncDir makes a rename in dir durable where the system allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// leafName is the path of a pending external member in the store.
func leafName(p *pending) string {
	if p.src.rel != "" {
		return p.src.rel
	}
	return leafPath(p.key, p.kind)
}

// dosTime is t in MS-DOS date and time fields (what python's zipfile
// writes; no extended-timestamp extra field).
func dosTime(t time.Time) (date, tm uint16) {
	if t.Year() < 1980 {
		t = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	date = uint16(t.Day() + int(t.Month())<<5 + (t.Year()-1980)<<9)
	tm = uint16(t.Second()/2 + t.Minute()<<5 + t.Hour()<<11)
	return
}

// crcOf returns the CRC-32 of a pending member's frame bytes.
func crcOf(s source) (uint32, error) {
	if s.data != nil {
		return crc32.ChecksumIEEE(s.data), nil
	}
	h := crc32.NewIEEE()
	if _, err := io.Copy(h, io.NewSectionReader(s.ra, 0, s.size)); err != nil {
		return 0, err
	}
	return h.Sum32(), nil
}

// writeZip writes the .b2z: every external leaf STORED, largest first, then
// embed.b2e, as python-blosc2's to_b2z does.
func (w *Writer) writeZip(f *os.File) error {
	zw := zip.NewWriter(f)
	date, tm := dosTime(time.Now())
	put := func(name string, s source) error {
		crc, err := crcOf(s)
		if err != nil {
			return err
		}
		fh := &zip.FileHeader{Name: name, Method: zip.Store, CRC32: crc,
			CompressedSize64: uint64(s.size), UncompressedSize64: uint64(s.size),
			ModifiedDate: date, ModifiedTime: tm}
		fh.SetMode(0o644)
		dst, err := zw.CreateRaw(fh)
		if err != nil {
			return err
		}
		return copySource(dst, s)
	}
	for _, p := range w.external() {
		if err := put(leafName(p), p.src); err != nil {
			return err
		}
	}
	var eb memFile
	if err := w.writeEmbed(&eb); err != nil {
		return err
	}
	if err := put(EmbedName, source{data: eb.b, size: int64(len(eb.b))}); err != nil {
		return err
	}
	return zw.Close()
}

// writeTemp writes a file of the store to a synced temporary file next to
// name and returns its path.
func writeTemp(name string, write func(io.Writer) error) (_ string, err error) {
	dir, base := filepath.Split(name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return "", err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err = f.Chmod(0o644); err != nil {
		return "", err
	}
	if err = write(f); err != nil {
		return "", err
	}
	if err = f.Sync(); err != nil {
		return "", err
	}
	return tmp, f.Close()
}

// commitDir writes a .b2d: a new one in a temporary directory renamed into
// place; an existing one leaf by leaf, embed.b2e after the leaves and
// deleted leaves last.
func (w *Writer) commitDir() (err error) {
	target := w.name
	if w.old == nil {
		parent, base := filepath.Split(target)
		if parent == "" {
			parent = "."
		}
		var tmp string
		if tmp, err = os.MkdirTemp(parent, "."+base+".tmp-*"); err != nil {
			return err
		}
		if err = os.Chmod(tmp, 0o755); err != nil {
			os.RemoveAll(tmp)
			return err
		}
		target = tmp
		defer func() {
			if err == nil {
				if _, serr := os.Lstat(w.name); serr == nil {
					err = fmt.Errorf("%w: %s", ErrExist, w.name)
				} else {
					err = os.Rename(tmp, w.name)
				}
			}
			if err != nil {
				os.RemoveAll(tmp)
			} else {
				syncDir(parent)
			}
		}()
	}
	// Every new file is written and synced before any is renamed: a
	// failure up to there leaves the directory as it was.
	type move struct{ tmp, final string }
	var moves []move
	defer func() {
		for _, m := range moves {
			os.Remove(m.tmp) // those not renamed
		}
	}()
	written := map[string]bool{}
	for _, p := range w.external() {
		if p.src.keep {
			continue
		}
		rel := leafName(p)
		written[rel] = true
		src := p.src
		final := filepath.Join(target, filepath.FromSlash(rel))
		tmp, err := writeTemp(final, func(dst io.Writer) error { return copySource(dst, src) })
		if err != nil {
			return err
		}
		moves = append(moves, move{tmp, final})
	}
	final := filepath.Join(target, EmbedName)
	tmp, err := writeTemp(final, func(dst io.Writer) error { return w.writeEmbed(dst) })
	if err != nil {
		return err
	}
	moves = append(moves, move{tmp, final}) // embed.b2e last
	for len(moves) > 0 {
		if err := os.Rename(moves[0].tmp, moves[0].final); err != nil {
			return err
		}
		moves = moves[1:]
	}
	var errs []error
	for _, rel := range w.removed {
		if written[rel] {
			continue
		}
		if err := os.Remove(filepath.Join(target, filepath.FromSlash(rel))); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
