package frame

import (
	"github.com/blosc2go/blosc2/blosc"
)

// Option configures behaviour at construction: how a Frame decodes and
// fetches (Open, OpenBytes, OpenFile, OpenSparse, OpenArrayFile), how a
// Writer compresses (NewWriter, NewSparseWriter and the array writers),
// how an Editor compresses and commits (Edit, EditArray), how Verify,
// VerifyFile, VerifySparse and VerifyChunk check. What is written
// (codec, level, filters...) is in Params, not in options. Each WithX says
// which constructors take it; any other gives an error wrapping
// ErrOption.
type Option func(*settings) error

// scope is the set of constructors an option applies to.
type scope uint8

const (
	scopeRead   scope = 1 << iota // Open, OpenBytes, OpenFile, OpenSparse, OpenArrayFile
	scopeWrite                    // NewWriter, NewSparseWriter, NewArrayWriter, CreateArrayFile, NewSparseArrayWriter
	scopeEdit                     // Edit, EditArray
	scopeVerify                   // Verify, VerifyFile, VerifySparse, VerifyChunk
)

// settings are the options applied by one constructor.
type settings struct {
	scope    scope
	dec      *blosc.Decoder
	workers  int
	fetchGap int64
	fetchers int
	compress CompressFunc
	lock     LockMode
	noSync   bool

	structureOnly bool                  // WithStructureOnly
	maxChunkSize  int                   // WithMaxChunkSize
	progress      func(done, total int) // WithProgress
}

// applyOptions applies opts for a constructor of scope s.
func applyOptions(s scope, opts []Option) (settings, error) {
	st := settings{scope: s, fetchGap: DefaultCoalesceGap, fetchers: DefaultFetchers}
	for _, o := range opts {
		if o == nil {
			continue
		}
		if err := o(&st); err != nil {
			return st, err
		}
	}
	return st, nil
}

func (st *settings) allow(name string, s scope) error {
	if st.scope&s == 0 {
		return &FormatError{Where: "options", Offset: -1, Reason: name + " does not apply here", Err: ErrOption}
	}
	return nil
}

// WithDecoder makes a Frame decode its data chunks with d (for instance one
// with a size limit, blosc.WithMaxDecodedSize) instead of package blosc's
// default decoder; d is then used for every read, whatever WithWorkers
// says. For Open, OpenBytes, OpenFile, OpenSparse and OpenArrayFile.
func WithDecoder(d *blosc.Decoder) Option {
	return func(st *settings) error {
		st.dec = d
		return st.allow("WithDecoder", scopeRead)
	}
}

// WithWorkers makes ReadChunks, Decode, ReadAt and Array.ReadSlab use n
// goroutines (n <= 1: the default, one chunk at a time, package blosc's
// default decoder splitting a large chunk's blocks across GOMAXPROCS
// goroutines). A read of at least 2n chunks decodes up to n chunks at a
// time, each with one goroutine, while the calling goroutine reads the
// next ones: adjacent chunks are still read with one ReadAt per batch, and
// each chunk is decoded straight into its place in the destination. A
// read of fewer chunks decodes them one at a time, sharing each chunk's
// blocks among n goroutines. A decoder given with WithDecoder is used as
// it is in both cases. For Open, OpenBytes, OpenFile, OpenSparse and
// OpenArrayFile. For Verify and its variants, n is the number of chunks
// decoded at a time (n < 1: the default, GOMAXPROCS); memory use is about
// n times the stored plus decoded size of a chunk.
func WithWorkers(n int) Option {
	return func(st *settings) error {
		if n < 1 {
			n = 0
		}
		st.workers = n
		return st.allow("WithWorkers", scopeRead|scopeVerify)
	}
}

// WithFetch sets how reads that need only some blocks of a chunk fetch
// them from a frame on an io.ReaderAt (not from memory): byte ranges
// separated by at most gap bytes are read with one ReadAt (gap < 0: the
// default, DefaultCoalesceGap), and up to n ReadAt calls run at once (n <
// 1: the default, DefaultFetchers). With n = 1 ranges are read one after
// the other. For Open, OpenBytes, OpenFile, OpenSparse and OpenArrayFile.
func WithFetch(gap int64, n int) Option {
	return func(st *settings) error {
		if gap < 0 {
			gap = DefaultCoalesceGap
		}
		if n < 1 {
			n = DefaultFetchers
		}
		st.fetchGap, st.fetchers = gap, n
		return st.allow("WithFetch", scopeRead)
	}
}

// WithCompress compresses raw data (AppendData) and vlmetalayer contents
// with c instead of BloscCompressor of the frame's parameters (the index
// is always compressed as C-Blosc2 does it). For NewWriter,
// NewSparseWriter, the array writers, Edit and EditArray.
func WithCompress(c CompressFunc) Option {
	return func(st *settings) error {
		st.compress = c
		return st.allow("WithCompress", scopeWrite|scopeEdit)
	}
}

// WithLock says whether an Editor takes C-Blosc2's .b2lock sidecar lock
// while committing (default LockAuto). For Edit and EditArray.
func WithLock(m LockMode) Option {
	return func(st *settings) error {
		st.lock = m
		return st.allow("WithLock", scopeEdit)
	}
}

// WithNoSync leaves out an Editor's fsyncs, as C-Blosc2 does: faster, and
// a killed process still leaves a valid frame (the old or the new one),
// but after a power loss or an operating-system crash the frame may be
// lost or torn. For bulk loads that end with a file copy or a check. For
// Edit and EditArray.
func WithNoSync() Option {
	return func(st *settings) error {
		st.noSync = true
		return st.allow("WithNoSync", scopeEdit)
	}
}

// WithStructureOnly makes Verify skip decoding the chunks: only headers,
// offsets and sizes are checked. For Verify, VerifyFile, VerifySparse and
// VerifyChunk.
func WithStructureOnly() Option {
	return func(st *settings) error {
		st.structureOnly = true
		return st.allow("WithStructureOnly", scopeVerify)
	}
}

// WithMaxChunkSize sets, when n is positive, the largest decoded size of a
// chunk Verify decodes; a larger chunk is reported as a problem instead of
// being allocated (default: blosc.DefaultMaxDecodedSize, about 2 GiB).
// For Verify, VerifyFile, VerifySparse and VerifyChunk.
func WithMaxChunkSize(n int) Option {
	return func(st *settings) error {
		st.maxChunkSize = n
		return st.allow("WithMaxChunkSize", scopeVerify)
	}
}

// WithProgress makes Verify call fn from one goroutine after each chunk is
// decoded, with the number of chunks decoded so far and their total. For
// Verify, VerifyFile, VerifySparse and VerifyChunk.
func WithProgress(fn func(done, total int)) Option {
	return func(st *settings) error {
		st.progress = fn
		return st.allow("WithProgress", scopeVerify)
	}
}
