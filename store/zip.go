package store

import (
	"archive/zip"
	"errors"
	"io"
	"path"
	"sort"
	"strings"
)

// member is where a STORED zip member's bytes lie in the archive.
type member struct {
	name   string
	offset int64 // first data byte, from the archive's start
	size   int64
}

// readZipDir reads a .b2z's central directory (and each member's local
// header, for its data offset) and checks that every member is STORED,
// lies inside the archive and overlaps no other. It reads nothing else.
func readZipDir(r io.ReaderAt, size int64) ([]member, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, corrupt("zip directory", -1, "cannot read the central directory", err)
	}
	seen := make(map[string]bool, len(zr.File))
	out := make([]member, 0, len(zr.File))
	for _, f := range zr.File {
		name := f.Name
		if strings.HasSuffix(name, "/") {
			continue // a directory entry: python-blosc2 writes none, zip tools may
		}
		where := "zip member " + quote(name)
		if name == "" || strings.HasPrefix(name, "/") || strings.ContainsAny(name, "\\\x00") || path.Clean(name) != name ||
			name == ".." || strings.HasPrefix(name, "../") {
			return nil, corrupt(where, -1, "name escapes the store", nil)
		}
		if seen[name] {
			return nil, corrupt(where, -1, "member named twice", nil)
		}
		seen[name] = true
		if f.Method != zip.Store {
			return nil, unsupported(where, -1, "member is compressed (method "+itoa(int64(f.Method))+"); a .b2z is read in place, so its members must be STORED: unzip it and open the directory", nil)
		}
		if f.CompressedSize64 != f.UncompressedSize64 {
			return nil, corrupt(where, -1, "STORED member with compressed size "+utoa(f.CompressedSize64)+" != size "+utoa(f.UncompressedSize64), nil)
		}
		if f.Flags&0x1 != 0 {
			return nil, unsupported(where, -1, "member is encrypted", nil)
		}
		off, err := f.DataOffset()
		if err != nil {
			return nil, corrupt(where, -1, "cannot read the local header", err)
		}
		if f.CompressedSize64 > uint64(size) || off < 0 || off > size-int64(f.CompressedSize64) {
			return nil, corrupt(where, off, "member of "+utoa(f.CompressedSize64)+" bytes lies outside the "+itoa(size)+"-byte archive", nil)
		}
		out = append(out, member{name: name, offset: off, size: int64(f.CompressedSize64)})
	}
	byOff := append([]member(nil), out...)
	sort.Slice(byOff, func(i, j int) bool { return byOff[i].offset < byOff[j].offset })
	for i := 1; i < len(byOff); i++ {
		if prev := byOff[i-1]; prev.offset+prev.size > byOff[i].offset {
			return nil, corrupt("zip member "+quote(byOff[i].name), byOff[i].offset, "overlaps member "+quote(prev.name), nil)
		}
	}
	return out, nil
}
