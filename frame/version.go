package frame

// The version policy is in the package documentation (doc.go, Versions).

// Newest layouts this package knows (the msgpack array lengths C-Blosc2
// 3.x writes).
const (
	headerEntries  = 14 // magic ... metalayers
	trailerEntries = 4  // version, vlmetalayers, trailer_len, fingerprint
	b2ndEntries    = 7  // version, ndim, shape, chunkshape, blockshape, dtype_format, dtype
	// B2NDVersion is the newest b2nd metalayer version this package reads.
	B2NDVersion = 0
)

// newerMajor returns the error for a part written with a newer major
// version than this package reads, or nil.
func newerMajor(where string, off int64, what string, found, max int) error {
	if found <= max {
		return nil
	}
	return unsupported(where, off, what+" written by a newer version ("+itoa(int64(found))+
		"), this reader understands up to "+itoa(int64(max)))
}

// newerMinor returns the warning for a msgpack array with more entries than
// this package knows (read, the extra entries skipped), or "".
func newerMinor(what string, found, known int) string {
	if found <= known {
		return ""
	}
	return what + " has " + itoa(int64(found)) + " entries, written by a newer minor version; this reader knows " +
		itoa(int64(known)) + " and ignores the others"
}
