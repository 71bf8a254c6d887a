//go:build windows

package frame

import (
	"os"

	"golang.org/x/sys/windows"
)

const lockSupported = true

// osLock locks the first byte of the sidecar with LockFileEx, as
// C-Blosc2 does on Windows.
func osLock(f *os.File, exclusive bool) error {
	var flags uint32
	if exclusive {
		flags = windows.LOCKFILE_EXCLUSIVE_LOCK
	}
	ol := new(windows.Overlapped)
	return windows.LockFileEx(windows.Handle(f.Fd()), flags, 0, 1, 0, ol)
}

func osUnlock(f *os.File) error {
	ol := new(windows.Overlapped)
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, ol)
}
