package frame

import (
	"encoding/binary"
	"os"
	"path/filepath"
)

// Cross-process locking, compatible with C-Blosc2 3.2+ (blosc/frame.c,
// frame_lock): a sidecar file next to the frame (FRAME.b2lock for a
// contiguous frame, DIR/.b2lock for a sparse one) is locked with flock(2)
// (LockFileEx on the first byte on Windows), shared by readers while they
// load the header, index and trailer, exclusive by a writer while it
// commits. Byte 8 of the sidecar holds a uint64 generation counter in the
// host's byte order, bumped by every writer, which C-Blosc2 readers compare
// to notice changes that keep the frame length.
//
// C-Blosc2 locks only when asked to (blosc2_stdio_params.locking or the
// BLOSC_LOCKING environment variable). This package does the same, and
// also locks whenever the sidecar already exists: a frame that other
// programs share under locking is then shared safely without any setting.

// LockMode says whether readers and editors take C-Blosc2's .b2lock.
type LockMode uint8

const (
	// LockAuto locks when BLOSC_LOCKING is set to anything but "" or "0"
	// (as C-Blosc2 does) or when the sidecar file exists.
	LockAuto LockMode = iota
	// LockOn always locks (creating the sidecar if needed).
	LockOn
	// LockOff never locks.
	LockOff
)

// String returns "auto", "on" or "off".
func (m LockMode) String() string {
	switch m {
	case LockAuto:
		return "auto"
	case LockOn:
		return "on"
	case LockOff:
		return "off"
	}
	return "lockmode(" + itoa(int64(m)) + ")"
}

// lockSeqOffset is where the generation counter lives in the sidecar
// (C-Blosc2's FRAME_LOCK_SEQ_OFFSET).
const lockSeqOffset = 8

// lockPath returns the sidecar's path for the frame at path.
func lockPath(path string, sparse bool) string {
	if sparse {
		return filepath.Join(path, ".b2lock")
	}
	return path + ".b2lock"
}

// lockingRequested reports whether BLOSC_LOCKING asks for locking.
func lockingRequested() bool {
	v := os.Getenv("BLOSC_LOCKING")
	return v != "" && v != "0"
}

// frameLock is an open sidecar.
type frameLock struct {
	f *os.File
}

// openLock opens (LockOn: creates) the sidecar for the frame at path, or
// returns nil when mode says not to lock.
func openLock(path string, sparse bool, mode LockMode) (*frameLock, error) {
	if mode == LockOff || !lockSupported {
		return nil, nil
	}
	lp := lockPath(path, sparse)
	if mode == LockAuto && !lockingRequested() {
		if _, err := os.Stat(lp); err != nil {
			return nil, nil
		}
	}
	f, err := os.OpenFile(lp, os.O_RDWR|os.O_CREATE, 0o666)
	if err != nil {
		return nil, err
	}
	return &frameLock{f: f}, nil
}

// lock takes the lock (exclusive for writers) and, for a writer, bumps
// the generation counter as C-Blosc2 does. A nil *frameLock does nothing.
func (l *frameLock) lock(exclusive bool) error {
	if l == nil {
		return nil
	}
	if err := osLock(l.f, exclusive); err != nil {
		return &os.PathError{Op: "lock", Path: l.f.Name(), Err: err}
	}
	if !exclusive {
		return nil
	}
	var b [8]byte
	if n, _ := l.f.ReadAt(b[:], lockSeqOffset); n != len(b) {
		b = [8]byte{} // a fresh (short) sidecar reads as 0
	}
	// C-Blosc2 stores the counter in memory order: native byte order.
	binary.NativeEndian.PutUint64(b[:], binary.NativeEndian.Uint64(b[:])+1)
	if _, err := l.f.WriteAt(b[:], lockSeqOffset); err != nil {
		osUnlock(l.f)
		return err
	}
	return nil
}

func (l *frameLock) unlock() {
	if l != nil {
		osUnlock(l.f)
	}
}

func (l *frameLock) close() error {
	if l == nil {
		return nil
	}
	return l.f.Close()
}
