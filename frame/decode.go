package frame

import (
	"errors"

	"github.com/blosc2go/blosc2/blosc"
)

// decompress decodes one whole chunk, appending to dst, and checks that it
// produced exactly want bytes.
func decompress(dst, src []byte, want int) ([]byte, error) {
	return decompressWith(nil, dst, src, want)
}

func decompressWith(d *blosc.Decoder, dst, src []byte, want int) ([]byte, error) {
	n0 := len(dst)
	var out []byte
	var err error
	if d != nil {
		out, err = d.Decompress(dst, src)
	} else {
		out, err = blosc.Decompress(dst, src)
	}
	if err != nil {
		return dst, err
	}
	if len(out)-n0 != want {
		return dst, sizeMismatch(int64(len(out)-n0), int64(want))
	}
	return out, nil
}

// wrapChunkErr turns an error from package blosc into a FormatError that
// still matches blosc's sentinels with errors.Is.
func wrapChunkErr(where string, off int64, err error) error {
	sentinel := ErrCorrupt
	if errors.Is(err, blosc.ErrUnsupported) {
		sentinel = ErrUnsupported
	}
	return &FormatError{Where: where, Offset: off, Reason: "cannot decode chunk", Err: sentinel, Cause: err}
}

// decodePart writes bytes [a,b) of the decoded chunk src (n bytes when
// decoded) into dst (len b-a). Whole-chunk requests decode straight into
// dst; others decode only the blocks holding the range.
func decodePart(d *blosc.Decoder, dst, src []byte, a, b, n int64) error {
	into, rng := blosc.DecompressInto, blosc.DecompressRange
	if d != nil {
		into, rng = d.DecompressInto, d.DecompressRange
	}
	if a == 0 && b == n {
		got, err := into(dst, src)
		if err != nil {
			return err
		}
		if int64(got) != n {
			return sizeMismatch(int64(got), n)
		}
		return nil
	}
	out, err := rng(dst[:0:len(dst)], src, int(a), int(b-a))
	if err != nil {
		return err
	}
	if int64(len(out)) != b-a {
		return sizeMismatch(int64(len(out)), b-a)
	}
	if len(out) > 0 && &out[0] != &dst[0] {
		copy(dst, out)
	}
	return nil
}
