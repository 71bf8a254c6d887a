package lz4hc

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/pierrec/lz4/v4"
)

// The corpus chunks C-Blosc2 3.3.3 wrote with its LZ4HC codec (lz4 1.10.0's
// LZ4_compress_HC at the Blosc clevel). Each codec stream is decoded, which
// gives the codec's input, and compressed again: the bytes must be C's.

const testdataDir = "../../testdata"

// goldenStream is one codec stream of a corpus chunk.
type goldenStream struct {
	name   string
	level  int
	input  []byte // the stream's decoded bytes: the codec input
	stored []byte // what C stored: its LZ4HC output, or input when stored raw
}

// goldenStreams returns the LZ4HC streams of the corpus chunks.
func goldenStreams(t testing.TB) []goldenStream {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdataDir, "manifest.json"))
	if err != nil {
		t.Skip("no corpus manifest:", err)
	}
	var m struct {
		Entries []struct {
			Type   string `json:"type"`
			File   string `json:"file"`
			Codec  string `json:"codec"`
			Clevel int    `json:"clevel"`
		} `json:"entries"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	var out []goldenStream
	for _, e := range m.Entries {
		if e.Type != "chunk" || e.Codec != "lz4hc" || e.Clevel == 0 {
			continue
		}
		chunk, err := os.ReadFile(filepath.Join(testdataDir, e.File))
		if err != nil {
			t.Fatal(err)
		}
		ss, err := chunkStreams(chunk)
		if err != nil {
			t.Fatalf("%s: %v", e.File, err)
		}
		for i, s := range ss {
			s.name = fmt.Sprintf("%s#%d", filepath.Base(e.File), i)
			s.level = e.Clevel
			out = append(out, s)
		}
	}
	return out
}

// chunkStreams splits a Blosc chunk (16- or 32-byte header, no special
// value, dictionary or VL blocks) into its codec streams, decoding them.
func chunkStreams(chunk []byte) ([]goldenStream, error) {
	if len(chunk) < 16 {
		return nil, fmt.Errorf("short chunk")
	}
	flags := chunk[2]
	typesize := int(chunk[3])
	nbytes := int(binary.LittleEndian.Uint32(chunk[4:]))
	blocksize := int(binary.LittleEndian.Uint32(chunk[8:]))
	cbytes := int(binary.LittleEndian.Uint32(chunk[12:]))
	hlen := 16
	if flags&0x05 == 0x05 {
		hlen = 32
		if len(chunk) < 32 || chunk[31]&0x71 != 0 || chunk[30] != 0 {
			return nil, nil // special value, dictionary or VL blocks
		}
	}
	if flags&0x02 != 0 || nbytes == 0 || blocksize <= 0 || cbytes > len(chunk) {
		return nil, nil // memcpyed: no streams
	}
	nblocks := (nbytes + blocksize - 1) / blocksize
	var out []goldenStream
	for j := 0; j < nblocks; j++ {
		bsize := blocksize
		leftover := j == nblocks-1 && nbytes%blocksize != 0
		if leftover {
			bsize = nbytes % blocksize
		}
		ns := typesize
		if flags&0x10 != 0 || leftover {
			ns = 1
		}
		neblock := bsize / ns
		pos := int(binary.LittleEndian.Uint32(chunk[hlen+4*j:]))
		for s := 0; s < ns; s++ {
			if pos+4 > cbytes {
				return nil, fmt.Errorf("block %d: truncated", j)
			}
			csize := int(int32(binary.LittleEndian.Uint32(chunk[pos:])))
			pos += 4
			switch {
			case csize == 0:
				continue // a run of zeros
			case csize < 0:
				pos++ // a run of one byte
				continue
			case pos+csize > cbytes:
				return nil, fmt.Errorf("block %d stream %d: truncated", j, s)
			}
			stored := chunk[pos : pos+csize]
			pos += csize
			in := stored
			if csize != neblock {
				in = make([]byte, neblock)
				n, err := lz4.UncompressBlock(stored, in)
				if err != nil || n != neblock {
					return nil, fmt.Errorf("block %d stream %d: %d bytes, %v", j, s, n, err)
				}
			}
			out = append(out, goldenStream{input: in, stored: stored})
		}
	}
	return out, nil
}

// TestGoldenCorpus compresses every LZ4HC stream of the corpus again and
// compares with C-Blosc2's bytes. A stream C stored raw must not compress
// to fewer bytes than its length within that room.
func TestGoldenCorpus(t *testing.T) {
	ss := goldenStreams(t)
	if len(ss) == 0 {
		t.Skip("no LZ4HC streams in the corpus")
	}
	c := NewCompressor()
	perLevel := map[int][2]int{}
	for _, s := range ss {
		dst := make([]byte, len(s.input))
		n := c.Compress(dst, s.input, s.level)
		cnt := perLevel[s.level]
		if len(s.stored) == len(s.input) {
			cnt[1]++
			if n != 0 && n < len(s.input) {
				t.Errorf("%s (level %d): C stored %d bytes raw, we compress to %d", s.name, s.level, len(s.input), n)
			}
		} else {
			cnt[0]++
			if !bytes.Equal(dst[:n], s.stored) {
				t.Errorf("%s (level %d, %d bytes): %d bytes, C-Blosc2 %d; first difference at %d",
					s.name, s.level, len(s.input), n, len(s.stored), firstDiff(dst[:n], s.stored))
			}
		}
		perLevel[s.level] = cnt
	}
	for l := 1; l <= MaxLevel; l++ {
		if c, ok := perLevel[l]; ok {
			t.Logf("level %d: %d compressed streams identical, %d raw streams checked", l, c[0], c[1])
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range a {
		if i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	return len(a)
}
