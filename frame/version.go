package frame

// Version policy.
//
// Every versioned part of a frame has a major version (a number a newer
// writer bumps when old readers can no longer understand the layout) and
// may grow in a backward-compatible way (a minor change: more entries
// appended to a msgpack array whose length the reader can skip):
//
//	part                 major (refused when newer)        minor (read, unknown entries skipped)
//	frame header         general_flags bits 0-3 (<= 3)      header fixarray of more than 14 entries
//	trailer              trailer version byte (<= 1)        trailer fixarray of more than 4 entries
//	b2nd metalayer       metalayer version byte (<= 0)      metalayer fixarray of more than 7 entries
//	chunk (package blosc) header byte 0 (<= 6)               none: the chunk header is binary
//
// A newer major is refused with an error wrapping ErrUnsupported that says
// "written by a newer version (N), this reader understands up to M" (never
// ErrCorrupt: the file may be sound). A newer minor is read as if the
// unknown entries were absent; VerifyFile reports it as a warning.

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
