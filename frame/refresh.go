package frame

import (
	"os"
	"sync"
)

// openFileLocked opens the frame at path under the shared .b2lock lock.
func openFileLocked(path string, mode LockMode, opts []Option) (*Frame, error) {
	rs, err := applyOptions(scopeRead, opts)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	lk, err := openLock(path, st.IsDir(), mode)
	if err != nil {
		return nil, err
	}
	defer lk.close()
	if err := lk.lock(false); err != nil {
		return nil, err
	}
	defer lk.unlock()
	f, err := openPath(path)
	if err != nil {
		return nil, err
	}
	if err := f.setDecoders(rs); err != nil {
		f.Close()
		return nil, err
	}
	f.path = path
	return f, nil
}

// openPath opens a frame file or sparse directory without locking.
func openPath(path string) (*Frame, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return OpenSparse(os.DirFS(path))
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	f, err := Open(fh, st.Size())
	if err != nil {
		fh.Close()
		return nil, err
	}
	f.c = fh
	return f, nil
}

// Refresh re-reads the header, index and trailer of a frame opened with
// OpenFile, to see what writers (an Editor, C-Blosc2, python-blosc2)
// committed since it was opened or last refreshed, as C-Blosc2's
// blosc2_schunk_refresh and b2nd_refresh do. It reports whether the frame
// changed. On error the Frame keeps its previous view. Frames opened
// another way do not change (false, nil).
//
// Between refreshes a Frame is a consistent snapshot: in-place commits
// never overwrite bytes a published frame uses (only Editor.Compact
// replaces the file, and an open Frame keeps reading the old one). Refresh
// must not run concurrently with other methods of the same Frame.
func (f *Frame) Refresh() (bool, error) {
	if f.path == "" {
		return false, nil
	}
	nf, err := openFileLocked(f.path, LockAuto, nil)
	if err != nil {
		return false, err
	}
	changed := nf.hdr != f.hdr || nf.trailerLen != f.trailerLen || nf.indexOff != f.indexOff ||
		nf.indexCbytes != f.indexCbytes
	if !changed {
		nf.Close()
		return false, nil
	}
	old := f.c
	f.hdr, f.r, f.mem, f.size, f.fsys, f.c = nf.hdr, nf.r, nf.mem, nf.size, nf.fsys, nf.c
	f.meta, f.vlmeta = nf.meta, nf.vlmeta
	f.trailerOff, f.trailerLen, f.trailerVersion = nf.trailerOff, nf.trailerLen, nf.trailerVersion
	f.fingerprintType, f.fingerprint = nf.fingerprintType, nf.fingerprint
	f.indexOff, f.indexCbytes = nf.indexOff, nf.indexCbytes
	f.offsets, f.extents, f.varSpecial = nf.offsets, nf.extents, nf.varSpecial
	f.startsOnce, f.starts, f.startsErr = sync.Once{}, nil, nil
	if old != nil {
		old.Close()
	}
	return true, nil
}
