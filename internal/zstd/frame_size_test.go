package zstd

import (
	"bytes"
	"errors"
	"os/exec"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
	kzstd "github.com/klauspost/compress/zstd"
)

// streamFrame compresses b with klauspost's streaming writer, which does
// not know the content size: its frames record none.
func streamFrame(tb testing.TB, b []byte, opts ...kzstd.EOption) []byte {
	tb.Helper()
	var out bytes.Buffer
	w, err := kzstd.NewWriter(&out, opts...)
	if err != nil {
		tb.Fatal(err)
	}
	for len(b) > 0 { // in pieces, as a stream arrives
		n := min(len(b), 50000)
		if _, err := w.Write(b[:n]); err != nil {
			tb.Fatal(err)
		}
		if err := w.Flush(); err != nil { // the header goes out before the size is known
			tb.Fatal(err)
		}
		b = b[n:]
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	return out.Bytes()
}

// recordsSize reports whether the first frame of f (if any) records its
// content size.
func recordsSize(t *testing.T, f []byte) bool {
	if len(f) == 0 {
		return true
	}
	h, err := ReadFrameHeader(f)
	if err != nil {
		t.Fatal(err)
	}
	return h.HasContentSize
}

func TestDecodedSize(t *testing.T) {
	skip := []byte{0x5A, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 1, 2, 3}
	var d Decoder
	for name, b := range inputs(testing.Short()) {
		known := encode(t, b, kzstd.SpeedDefault, kzstd.WithEncoderCRC(true))
		unknown := streamFrame(t, b, kzstd.WithEncoderCRC(true))
		// klauspost leaves the content size out of some small frames,
		// and writes no frame at all for no input.
		kx, ux := recordsSize(t, known), recordsSize(t, unknown)
		if len(b) > 100000 && ux {
			t.Fatalf("%s: the streaming frame records its size: the bound is not tested", name)
		}
		for _, c := range []struct {
			kind  string
			frame []byte
			want  int
			exact bool
		}{
			{"known", known, len(b), kx},
			{"unknown", unknown, len(b), ux},
			{"known+skippable+known", append(append(append([]byte{}, known...), skip...), known...), 2 * len(b), kx},
			{"known+unknown", append(append([]byte{}, known...), unknown...), 2 * len(b), kx && ux},
			{"ours", NewEncoder(3).EncodeAll(nil, b), len(b), true},
		} {
			n, exact, err := DecodedSize(c.frame)
			if err != nil {
				t.Fatalf("%s/%s: %v", name, c.kind, err)
			}
			if exact != c.exact || (exact && n != uint64(c.want)) || n < uint64(c.want) {
				t.Fatalf("%s/%s: DecodedSize = %d, %v; want %d, exact %v", name, c.kind, n, exact, c.want, c.exact)
			}
			// The bound is enough to decode into.
			dst := make([]byte, n)
			got, err := d.DecodeInto(dst, c.frame)
			if err != nil || got != c.want {
				t.Fatalf("%s/%s: decoding into %d bytes: %d, %v", name, c.kind, n, got, err)
			}
		}
	}
}

// TestDecodedSizeCLI checks the bound on frames the zstd tool writes from
// a pipe (no content size) and from a file (content size).
func TestDecodedSizeCLI(t *testing.T) {
	tool, err := exec.LookPath("zstd")
	if err != nil {
		t.Skip("the zstd command-line tool (Debian package zstd) is not installed")
	}
	b := testgen.Mixed(300000, 9)
	for _, args := range [][]string{{"-3", "-c"}, {"-19", "-c", "--no-check"}, {"--fast=3", "-c"}} {
		f := runZstd(t, tool, b, args...) // from stdin: no content size
		n, exact, err := DecodedSize(f)
		if err != nil || exact || n < uint64(len(b)) {
			t.Fatalf("zstd %v: DecodedSize = %d, %v, %v; want a bound >= %d", args, n, exact, err, len(b))
		}
	}
}

func TestDecodedSizeErrors(t *testing.T) {
	good := encode(t, testgen.Text(20000, 3), kzstd.SpeedDefault, kzstd.WithEncoderCRC(false))
	hg, err := ReadFrameHeader(good)
	if err != nil {
		t.Fatal(err)
	}
	lying := append([]byte{}, NewEncoder(1).EncodeAll(nil, make([]byte, 300))...) // one RLE block of 300
	// The header records 300 as two bytes (300-256); claim 65000+256.
	h, err := ReadFrameHeader(lying)
	if err != nil {
		t.Fatal(err)
	}
	lying[h.HeaderSize-2], lying[h.HeaderSize-1] = 0xE8, 0xFD
	for _, c := range []struct {
		name string
		in   []byte
		want string
	}{
		{"truncated magic", []byte{0x28, 0xB5}, "frame magic truncated"},
		{"not zstd", []byte("hello world"), "not a zstd frame"},
		{"truncated block", good[:len(good)-1], "block truncated"},
		{"no block", good[:hg.HeaderSize], "block header truncated"},
		{"skippable truncated", []byte{0x50, 0x2A, 0x4D, 0x18, 9, 0, 0, 0, 1}, "skippable frame truncated"},
		{"content size beyond blocks", lying, "exceeds what its blocks can hold"},
		{"reserved block", append(good[:len(good):len(good)], 0x28, 0xB5, 0x2F, 0xFD, 0x20, 0, 7, 0, 0), "reserved block type"},
	} {
		_, _, err := DecodedSize(c.in)
		if !errors.Is(err, ErrCorrupt) || !bytes.Contains([]byte(err.Error()), []byte(c.want)) {
			t.Errorf("%s: %v, want ErrCorrupt with %q", c.name, err, c.want)
		}
	}
}

func FuzzDecodedSize(f *testing.F) {
	f.Add(encode(f, testgen.Text(5000, 1), kzstd.SpeedFastest))
	f.Add(streamFrame(f, testgen.Mixed(9000, 2)))
	f.Add(NewEncoder(5).EncodeAll(nil, testgen.RampNoise(3000)))
	var d Decoder
	f.Fuzz(func(t *testing.T, in []byte) {
		n, exact, err := DecodedSize(in)
		if err != nil {
			return
		}
		if n > uint64(len(in))<<17 {
			t.Fatalf("bound %d for %d input bytes", n, len(in))
		}
		if n > 1<<24 {
			return
		}
		dst := make([]byte, n)
		got, err := d.DecodeInto(dst, in)
		if err != nil {
			if errors.Is(err, ErrShortDst) {
				t.Fatalf("the bound %d was too small: %v", n, err)
			}
			return
		}
		if exact && uint64(got) != n {
			t.Fatalf("exact size %d, decoded %d", n, got)
		}
	})
}
