package frame

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
)

func TestVersionGates(t *testing.T) {
	fr, err := os.ReadFile("../testdata/frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame")
	if err != nil {
		t.Fatal(err)
	}
	nd, err := os.ReadFile("../testdata/b2nd/a02_3d_i4.b2nd")
	if err != nil {
		t.Fatal(err)
	}
	trailerAt := func(b []byte) int {
		f, err := OpenBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		return int(f.trailerOff)
	}
	b2ndAt := func(b []byte) int {
		f, err := OpenBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := f.Metalayer(B2NDMetaName)
		return bytes.Index(b, m)
	}
	firstChunkAt := func(b []byte) int {
		f, err := OpenBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < f.NChunks(); i++ {
			if ci, _ := f.ChunkInfo(i); ci.Offset >= 0 {
				return int(ci.Offset)
			}
		}
		t.Fatal("no stored chunk")
		return 0
	}
	const major = "written by a newer version ("
	tests := []struct {
		name  string
		file  []byte
		at    func([]byte) int
		set   func(byte) byte
		minor bool   // a warning, the file still opens
		want  string // in the problem's message
	}{
		{"frame format major", fr, func([]byte) int { return posGeneralFlags }, func(b byte) byte { return b&^versionMask | (MaxVersion + 1) }, false, major + "4), this reader understands up to 3"},
		{"frame header minor", fr, func([]byte) int { return 0 }, func(b byte) byte { return b + 1 }, true, "header has 15 entries"},
		{"trailer major", fr, func(b []byte) int { return trailerAt(b) + 1 }, func(b byte) byte { return 2 }, false, major + "2), this reader understands up to 1"},
		{"trailer minor", fr, trailerAt, func(b byte) byte { return b + 1 }, true, "trailer has 5 entries"},
		{"b2nd major", nd, func(b []byte) int { return b2ndAt(b) + 1 }, func(b byte) byte { return 1 }, false, major + "1), this reader understands up to 0"},
		{"b2nd minor", nd, b2ndAt, func(b byte) byte { return b + 1 }, true, "b2nd metalayer has 8 entries"},
		{"chunk major", fr, firstChunkAt, func(b byte) byte { return blosc.MaxVersion + 1 }, false, major + "7), this reader understands up to 6"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := append([]byte(nil), tc.file...)
			p := tc.at(m)
			m[p] = tc.set(m[p])
			rep, err := Verify(bytes.NewReader(m), int64(len(m)))
			if err != nil {
				t.Fatal(err)
			}
			var found *Problem
			for k := range rep.Problems {
				if strings.Contains(rep.Problems[k].Message, tc.want) {
					found = &rep.Problems[k]
				}
			}
			if found == nil {
				t.Fatalf("no problem saying %q: %v", tc.want, rep.Problems)
			}
			if found.Warning != tc.minor {
				t.Errorf("warning = %v, want %v: %v", found.Warning, tc.minor, found)
			}
			if rep.Sound() != tc.minor {
				t.Errorf("sound = %v: %v", rep.Sound(), rep.Problems)
			}
			// The readers: a newer minor opens and reads the same bytes; a
			// newer major is refused as unsupported, never as corrupt.
			f, err := OpenBytes(m)
			if err == nil {
				if _, err = f.Decode(nil); err == nil {
					_, err = OpenArray(f)
					if errors.Is(err, ErrNotB2ND) {
						err = nil
					}
				}
			}
			if tc.minor {
				if err != nil {
					t.Fatalf("newer minor: %v", err)
				}
				return
			}
			if !errors.Is(err, ErrUnsupported) || errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("newer major: error %v, want ErrUnsupported saying %q", err, tc.want)
			}
			if !errors.Is(found.Err, ErrUnsupported) || !found.Unsupported {
				t.Errorf("problem's Err = %v (Unsupported %v), want ErrUnsupported", found.Err, found.Unsupported)
			}
		})
	}
}

func TestChunkVersionGate(t *testing.T) {
	b, err := os.ReadFile("../testdata/chunks/A_000_blosclz_c0_nofilter_ts4_i32ramp_n30000.b2chunk")
	if err != nil {
		t.Fatal(err)
	}
	b[0] = blosc.MaxVersion + 1
	_, err = blosc.Decompress(nil, b)
	if !errors.Is(err, blosc.ErrUnsupported) || !strings.Contains(err.Error(), "written by a newer version (7), this reader understands up to 6") {
		t.Fatalf("decompress: %v", err)
	}
	rep, err := VerifyChunk(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	if rep.Sound() || !errors.Is(rep.Problems[0].Err, ErrUnsupported) {
		t.Fatalf("%v", rep.Problems)
	}
}
