//go:build !(linux || darwin || dragonfly || freebsd || netbsd || openbsd || windows)

package frame

import "os"

// lockSupported is false where the operating system has no file locks
// this package can share with C-Blosc2 (js/wasm, wasip1, plan9, aix,
// solaris, ...): locking is then a no-op, as it is in C-Blosc2 when not
// requested, and one writer at a time is the caller's business.
const lockSupported = false

func osLock(*os.File, bool) error { return nil }

func osUnlock(*os.File) error { return nil }
