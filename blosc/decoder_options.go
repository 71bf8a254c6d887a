package blosc

import "errors"

// DefaultMaxDecodedSize is the default limit on the decoded size of a chunk:
// the largest size the format can describe.
const DefaultMaxDecodedSize = MaxNbytes

// parallelMinBytes is the decoded size from which a Decoder with more than
// one worker decodes the blocks of a chunk in parallel by default.
const parallelMinBytes = 256 << 10

// DecoderOption configures a Decoder.
type DecoderOption func(*Decoder) error

// WithWorkers sets how many goroutines decode the blocks of one chunk
// (n >= 1). The default is runtime.GOMAXPROCS(0) for chunks of 256 KiB and
// more and 1 for smaller ones; with an explicit n every chunk with more than
// one block uses up to n goroutines. Special-value and memcpyed chunks
// (ranges of them) of 128 KiB and more are filled or copied in 64 KiB
// pieces by as many goroutines. The helper goroutines wait about 0.2
// ms, spinning, for the next chunk before they exit, so that decoding
// chunk after chunk keeps them working (see fanout.go).
func WithWorkers(n int) DecoderOption {
	return func(d *Decoder) error {
		if n < 1 {
			return errors.New("blosc: WithWorkers: n must be at least 1")
		}
		d.workers = n
		d.minPar = 0
		return nil
	}
}

// WithMaxDecodedSize sets the largest decoded size (nbytes) a chunk may
// have; larger chunks give ErrTooLarge before anything is allocated. The
// default is DefaultMaxDecodedSize.
func WithMaxDecodedSize(n int) DecoderOption {
	return func(d *Decoder) error {
		if n < 0 {
			return errors.New("blosc: WithMaxDecodedSize: negative size")
		}
		if n > DefaultMaxDecodedSize {
			n = DefaultMaxDecodedSize
		}
		d.maxSize = n
		return nil
	}
}
