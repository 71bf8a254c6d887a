//go:build linux || darwin || dragonfly || freebsd || netbsd || openbsd

package frame

import (
	"os"

	"golang.org/x/sys/unix"
)

const lockSupported = true

// osLock takes a BSD flock on f, as C-Blosc2 does (fcntl locks would not
// exclude its flock).
func osLock(f *os.File, exclusive bool) error {
	how := unix.LOCK_SH
	if exclusive {
		how = unix.LOCK_EX
	}
	for {
		err := unix.Flock(int(f.Fd()), how)
		if err != unix.EINTR {
			return err
		}
	}
}

func osUnlock(f *os.File) error { return unix.Flock(int(f.Fd()), unix.LOCK_UN) }
