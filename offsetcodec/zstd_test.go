package offsetcodec

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
	kzstd "github.com/klauspost/compress/zstd"
)

// zstdFrames returns b compressed the ways Zarr writers do: one-shot frames
// (content size recorded), streaming frames (no content size), with and
// without checksums, several frames and skippable frames.
func zstdFrames(t testing.TB, b []byte) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for lname, lvl := range map[string]kzstd.EncoderLevel{"fastest": kzstd.SpeedFastest, "best": kzstd.SpeedBestCompression} {
		for _, crc := range []bool{false, true} {
			e, err := kzstd.NewWriter(nil, kzstd.WithEncoderLevel(lvl), kzstd.WithEncoderCRC(crc), kzstd.WithZeroFrames(true))
			if err != nil {
				t.Fatal(err)
			}
			out[fmt.Sprintf("oneshot/%s/crc=%v", lname, crc)] = e.EncodeAll(b, nil)
			var s bytes.Buffer
			e.Reset(&s)
			for p := b; len(p) > 0; {
				n := min(len(p), 40000)
				e.Write(p[:n])
				e.Flush() // the frame header goes out before the size is known
				p = p[n:]
			}
			e.Close()
			if len(b) > 0 {
				out[fmt.Sprintf("stream/%s/crc=%v", lname, crc)] = s.Bytes()
			}
		}
	}
	z, _ := NewZstd(ZstdConfig{Level: 7, Checksum: true})
	ours, err := z.Encode(nil, b)
	if err != nil {
		t.Fatal(err)
	}
	out["codec"] = ours
	return out
}

// TestZstdDecode decodes every kind of frame with the codec (our own
// decoder) and checks the bytes and the limits.
func TestZstdDecode(t *testing.T) {
	z, _ := NewZstd(ZstdConfig{})
	for name, b := range map[string][]byte{
		"empty": {}, "one": {7}, "text": testgen.Text(100000, 1), "mixed": testgen.Mixed(300000, 2),
		"zeros": make([]byte, 200000), "random": testgen.Random(70000, 3),
	} {
		for kind, f := range zstdFrames(t, b) {
			got, err := z.Decode([]byte("prefix"), f)
			if err != nil || !bytes.Equal(got[6:], b) || string(got[:6]) != "prefix" {
				t.Fatalf("%s/%s: Decode: %d bytes, %v", name, kind, len(got), err)
			}
			if got, err := z.DecodeLimit(nil, f, len(b)); err != nil || !bytes.Equal(got, b) {
				t.Fatalf("%s/%s: DecodeLimit(exact size): %d bytes, %v", name, kind, len(got), err)
			}
			if len(b) > 0 {
				_, err := z.DecodeLimit(nil, f, len(b)-1)
				if !errors.Is(err, ErrCorrupt) || !bytes.Contains([]byte(err.Error()), []byte("more than")) {
					t.Fatalf("%s/%s: DecodeLimit(size-1): %v, want a limit error", name, kind, err)
				}
			}
		}
	}
	// Two frames and a skippable frame make one chunk.
	a, b := testgen.Text(5000, 4), testgen.Mixed(9000, 5)
	fa, fb := zstdFrames(t, a)["stream/fastest/crc=true"], zstdFrames(t, b)["oneshot/best/crc=false"]
	cat := append(append(append([]byte{}, fa...), 0x50, 0x2A, 0x4D, 0x18, 2, 0, 0, 0, 9, 9), fb...)
	got, err := z.Decode(nil, cat)
	if err != nil || !bytes.Equal(got, append(append([]byte{}, a...), b...)) {
		t.Fatalf("concatenated frames: %d bytes, %v", len(got), err)
	}
}

// TestZstdDecodeCLI decodes what the zstd command-line tool writes, from a
// file (content size recorded) and from a pipe (no content size), with
// checksums, at low and high levels and in long mode.
func TestZstdDecodeCLI(t *testing.T) {
	tool, err := exec.LookPath("zstd")
	if err != nil {
		t.Skip("the zstd command-line tool (Debian package zstd) is not installed")
	}
	z, _ := NewZstd(ZstdConfig{})
	b := testgen.Mixed(400000, 6)
	for _, args := range [][]string{{"-1"}, {"-19"}, {"--fast=5"}, {"-3", "--long=27"}, {"-5", "--no-check"}} {
		cmd := exec.Command(tool, append([]string{"-q", "-c"}, args...)...)
		cmd.Stdin = bytes.NewReader(b)
		f, err := cmd.Output()
		if err != nil {
			t.Fatalf("zstd %v: %v", args, err)
		}
		if got, err := z.Decode(nil, f); err != nil || !bytes.Equal(got, b) {
			t.Fatalf("zstd %v: %d bytes, %v", args, len(got), err)
		}
	}
}

func TestZstdDecodeErrors(t *testing.T) {
	z, _ := NewZstd(ZstdConfig{})
	good := zstdFrames(t, testgen.Text(20000, 7))["oneshot/fastest/crc=true"]
	bad := append([]byte{}, good...)
	bad[len(bad)-1] ^= 1 // the checksum
	for name, in := range map[string][]byte{
		"truncated": good[:len(good)-3], "checksum": bad, "garbage": []byte("not zstd at all"),
	} {
		out, err := z.Decode([]byte("keep"), in)
		var de *DecodeError
		if !errors.As(err, &de) || !errors.Is(err, ErrCorrupt) || string(out) != "keep" {
			t.Errorf("%s: %q, %v; want a DecodeError and dst unchanged", name, out, err)
		}
	}
	// A frame that says it holds 1 GiB fails against a small limit
	// before anything is allocated for it.
	huge := []byte{0x28, 0xB5, 0x2F, 0xFD, 0xA0, 0, 0, 0, 0x40} // single segment, content size 1 GiB
	for i := 0; i < 8192; i++ {
		huge = append(huge, 0x02, 0x00, 0x10, 0) // RLE blocks of 128 KiB of zeros
	}
	huge[len(huge)-4] |= 1 // the last block
	if got, err := z.Decode(nil, huge[:9+4*8]); err == nil {
		t.Fatalf("a truncated 1 GiB frame decodes to %d bytes", len(got))
	}
	if _, err := z.DecodeLimit(nil, huge, 1<<20); err == nil || !bytes.Contains([]byte(err.Error()), []byte("more than")) {
		t.Fatalf("1 GiB frame under a 1 MiB limit: %v", err)
	}
	if a := testing.AllocsPerRun(1, func() { z.DecodeLimit(nil, huge, 1<<20) }); a > 10 {
		t.Fatalf("%v allocations refusing a frame over the limit", a)
	}
}

// FuzzZstdDecode compares the codec's decoder (ours) with klauspost's on
// arbitrary chunks: whatever klauspost decodes, ours decodes to the same
// bytes.
func FuzzZstdDecode(f *testing.F) {
	for _, fr := range zstdFrames(f, testgen.Mixed(3000, 8)) {
		f.Add(fr)
	}
	oracle, err := kzstd.NewReader(nil, kzstd.WithDecoderMaxMemory(1<<24))
	if err != nil {
		f.Fatal(err)
	}
	z, _ := NewZstd(ZstdConfig{})
	f.Fuzz(func(t *testing.T, in []byte) {
		got, err := z.DecodeLimit(nil, in, 1<<24)
		want, kerr := oracle.DecodeAll(in, nil)
		if kerr == nil && err != nil {
			t.Fatalf("ours fails (%v) where klauspost decodes %d bytes", err, len(want))
		}
		if kerr == nil && !bytes.Equal(got, want) {
			t.Fatalf("ours decodes %d bytes, klauspost %d, not the same", len(got), len(want))
		}
	})
}

// TestZstdEncodePeers checks the codec's frames (our encoder) at zstd's
// negative, default and high levels, with and without checksum: they hold
// the checksum when configured, and klauspost's decoder and the zstd tool
// read them.
func TestZstdEncodePeers(t *testing.T) {
	oracle, err := kzstd.NewReader(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer oracle.Close()
	tool, _ := exec.LookPath("zstd")
	b := testgen.Mixed(200000, 11)
	for _, level := range []int{-5, 0, 1, 3, 9, 19, 22} {
		if testing.Short() && level > 9 {
			continue
		}
		for _, crc := range []bool{false, true} {
			z, err := NewZstd(ZstdConfig{Level: level, Checksum: crc})
			if err != nil {
				t.Fatal(err)
			}
			f, err := z.Encode([]byte("pre"), b)
			if err != nil || string(f[:3]) != "pre" {
				t.Fatalf("level %d: Encode: %v", level, err)
			}
			f = f[3:]
			if f[4]&4 != 0 != crc {
				t.Fatalf("level %d checksum=%v: frame header descriptor %#x", level, crc, f[4])
			}
			if got, err := oracle.DecodeAll(f, nil); err != nil || !bytes.Equal(got, b) {
				t.Fatalf("level %d checksum=%v: klauspost: %v", level, crc, err)
			}
			if crc { // a corrupt checksum is caught
				bad := append([]byte{}, f...)
				bad[len(bad)-2] ^= 0x10
				if _, err := z.Decode(nil, bad); err == nil {
					t.Fatalf("level %d: a wrong checksum decodes", level)
				}
			}
			if tool != "" {
				cmd := exec.Command(tool, "-q", "-d", "-c")
				cmd.Stdin = bytes.NewReader(f)
				got, err := cmd.Output()
				if err != nil || !bytes.Equal(got, b) {
					t.Fatalf("level %d checksum=%v: zstd -d: %v", level, crc, err)
				}
			}
		}
	}
	if tool == "" {
		t.Log("the zstd command-line tool (Debian package zstd) is not installed: only klauspost decoded the frames")
	}
}
