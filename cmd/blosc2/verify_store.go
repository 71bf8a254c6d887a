package main

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/store"
)

// verifyStore handles python-blosc2 stores (.b2e, .b2d, .b2z): the embed
// store's frame, then every member's frame where it lies (an embedded
// member as a window of the embed store's decoded bytes, a leaf file, a
// STORED zip member). Problems of a member name it in their Where, with
// offsets in the member's frame. Members without bytes (C2Array
// references) have nothing to check.
func verifyStore(path string, opts []frame.Option) (*frame.Report, bool, error) {
	if !isStore(path) {
		return nil, false, nil
	}
	s, err := store.Open(path)
	if err != nil {
		return nil, true, err
	}
	defer s.Close()
	var zf *os.File
	if s.Form() == store.FormZip {
		if zf, err = os.Open(path); err != nil {
			return nil, true, err
		}
		defer zf.Close()
	}
	rep := &frame.Report{Kind: "store (" + s.Form().String() + ")", Problems: []frame.Problem{}}
	merge := func(what string, r *frame.Report, err error) {
		if err != nil {
			rep.Problems = append(rep.Problems, frame.Problem{Offset: -1, Where: what, Message: err.Error(), Err: frame.ErrCorrupt})
			return
		}
		rep.NChunks += r.NChunks
		rep.Special += r.Special
		rep.Decoded += r.Decoded
		rep.Nbytes += r.Nbytes
		for _, p := range r.Problems {
			p.Where = what + ": " + p.Where
			rep.Problems = append(rep.Problems, p)
		}
	}

	// The embed store's own frame.
	switch s.Form() {
	case store.FormEmbed:
		r, err := frame.VerifyFile(path, opts...)
		merge(store.EmbedName, r, err)
	case store.FormDir:
		r, err := frame.VerifyFile(filepath.Join(path, store.EmbedName), opts...)
		merge(store.EmbedName, r, err)
	case store.FormZip:
		r, err := verifyZipMember(zf, store.EmbedName, opts)
		merge(store.EmbedName, r, err)
	}

	for _, key := range s.Keys() {
		what := "member " + key
		e, err := s.Stat(key)
		if err != nil {
			merge(what, nil, err)
			continue
		}
		if e.Length <= 0 {
			continue
		}
		var r *frame.Report
		switch {
		case e.Embedded:
			r, err = frame.Verify(io.NewSectionReader(s.Embed(), e.Offset, e.Length), e.Length, opts...)
		case s.Form() == store.FormZip:
			r, err = frame.Verify(io.NewSectionReader(zf, e.Offset, e.Length), e.Length, opts...)
		default:
			r, err = frame.VerifyFile(filepath.Join(path, filepath.FromSlash(e.Path)), opts...)
		}
		merge(what, r, err)
	}
	return rep, true, nil
}

// verifyZipMember verifies the STORED zip member name of the archive f.
func verifyZipMember(f *os.File, name string, opts []frame.Option) (*frame.Report, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	zr, err := zip.NewReader(f, st.Size())
	if err != nil {
		return nil, err
	}
	for _, m := range zr.File {
		if m.Name != name {
			continue
		}
		if m.Method != zip.Store {
			return nil, fmt.Errorf("zip member %s is compressed (method %d), not STORED", name, m.Method)
		}
		off, err := m.DataOffset()
		if err != nil {
			return nil, err
		}
		n := int64(m.CompressedSize64)
		return frame.Verify(io.NewSectionReader(f, off, n), n, opts...)
	}
	return nil, errors.New("the zip holds no " + name)
}
