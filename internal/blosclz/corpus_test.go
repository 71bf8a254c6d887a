package blosclz

// A test-only walker over the Blosc chunks in testdata: it pulls out the
// BloscLZ streams so that the codec can be checked against data written by
// C-Blosc2. The real chunk decoder lives in package blosc.

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

const testdataDir = "../../testdata"

// corpusDir holds the full corpus, with the .raw files, when present.
// The shared/ folder sits beside the checkout (as in CI).
const corpusDir = "../../../shared/corpus"

type manifestEntry struct {
	Type    string `json:"type"`
	File    string `json:"file"`
	Raw     string `json:"raw"`
	Codec   string `json:"codec"`
	Clevel  int    `json:"clevel"`
	Filters []int  `json:"filters"`
	SHA256  string `json:"sha256"`
	Nbytes  int    `json:"nbytes"`
	Cbytes  int    `json:"cbytes"`
}

// corpusStream is one BloscLZ stream of a chunk.
type corpusStream struct {
	block, index int
	size         int    // decoded size
	data         []byte // compressed bytes
}

// walkedChunk is what the walker learned about one chunk.
type walkedChunk struct {
	decoded  []byte // the chunk's bytes after the codec, before any filter
	filtered bool   // a filter must still be undone to get the original data
	codec    int    // compformat from the flags
	streams  []corpusStream
	raw      []rawStream // streams C stored uncompressed
}

// rawStream is a stream that the compressor declined to compress.
type rawStream struct {
	data []byte
}

func loadManifest(t testing.TB) []manifestEntry {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdataDir, "manifest.json"))
	if err != nil {
		t.Skipf("no manifest: %v", err)
	}
	var m struct {
		Entries []manifestEntry `json:"entries"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m.Entries
}

// blosclzChunks returns the manifest entries of chunks, frames and b2nd
// arrays compressed with BloscLZ.
func blosclzChunks(t testing.TB) []manifestEntry {
	var out []manifestEntry
	for _, e := range loadManifest(t) {
		if (e.Type == "chunk" || e.Type == "frame" || e.Type == "b2nd") && e.Codec == "blosclz" {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		t.Fatal("no blosclz chunks in the manifest")
	}
	return out
}

var errSkipChunk = errors.New("chunk kind not handled by the test walker")

func le32(b []byte, off int) (int, error) {
	if off < 0 || off+4 > len(b) {
		return 0, fmt.Errorf("int32 at %d out of range", off)
	}
	return int(int32(binary.LittleEndian.Uint32(b[off:]))), nil
}

// walkChunk parses a Blosc chunk and decodes its BloscLZ streams with
// Decompress.
func walkChunk(b []byte) (*walkedChunk, error) {
	if len(b) < 16 {
		return nil, errors.New("short chunk")
	}
	flags := b[2]
	typesize := int(b[3])
	nbytes, _ := le32(b, 4)
	blocksize, _ := le32(b, 8)
	hdr := 16
	filtered := flags&0x0d != 0
	if flags&0x05 == 0x05 {
		if len(b) < 32 {
			return nil, errors.New("short extended header")
		}
		hdr = 32
		filtered = false
		for _, f := range b[16:22] {
			if f != 0 {
				filtered = true
			}
		}
		if b[0] >= 6 || b[31]&0x70 != 0 || b[31]&0x01 != 0 {
			return nil, errSkipChunk // vlblocks, special values, dictionaries
		}
	}
	w := &walkedChunk{filtered: filtered, codec: int(flags >> 5)}
	if flags&0x02 != 0 {
		if hdr+nbytes > len(b) {
			return nil, errors.New("memcpyed chunk truncated")
		}
		w.decoded = b[hdr : hdr+nbytes]
		return w, nil
	}
	if blocksize <= 0 || nbytes < 0 {
		return nil, errors.New("bad sizes")
	}
	nblocks := (nbytes + blocksize - 1) / blocksize
	w.decoded = make([]byte, nbytes)
	for i := 0; i < nblocks; i++ {
		bstart, err := le32(b, hdr+4*i)
		if err != nil {
			return nil, err
		}
		bsize := blocksize
		leftover := false
		if i == nblocks-1 && nbytes%blocksize != 0 {
			bsize = nbytes % blocksize
			leftover = true
		}
		nstreams := 1
		if flags&0x10 == 0 && !leftover {
			nstreams = typesize
		}
		neblock := bsize / nstreams
		pos := bstart
		out := w.decoded[i*blocksize:]
		for j := 0; j < nstreams; j++ {
			csize, err := le32(b, pos)
			if err != nil {
				return nil, err
			}
			pos += 4
			dst := out[j*neblock : (j+1)*neblock]
			switch {
			case csize == 0:
				clear(dst)
			case csize < 0:
				if pos >= len(b) || b[pos]&1 == 0 {
					return nil, errors.New("bad run token")
				}
				pos++
				for k := range dst {
					dst[k] = byte(-csize)
				}
			case pos+csize > len(b):
				return nil, fmt.Errorf("block %d stream %d truncated", i, j)
			case csize == neblock:
				copy(dst, b[pos:pos+csize])
				w.raw = append(w.raw, rawStream{data: b[pos : pos+csize]})
				pos += csize
			default:
				if w.codec != 0 {
					return nil, fmt.Errorf("codec %d, not blosclz", w.codec)
				}
				data := b[pos : pos+csize]
				n, err := Decompress(dst, data)
				if err != nil {
					return nil, fmt.Errorf("block %d stream %d: %w", i, j, err)
				}
				if n != neblock {
					return nil, fmt.Errorf("block %d stream %d: got %d bytes, want %d", i, j, n, neblock)
				}
				w.streams = append(w.streams, corpusStream{block: i, index: j, size: neblock, data: data})
				pos += csize
			}
		}
	}
	return w, nil
}

// walkFrame walks the chunks of a contiguous frame (b2frame, also inside
// b2nd files): they follow the header back to back, compressed_size bytes
// in all. Only their streams are of interest, so the result has no decoded
// bytes.
func walkFrame(b []byte) (*walkedChunk, error) {
	if len(b) < 47 || string(b[2:9]) != "b2frame" || b[10] != 0xd2 || b[38] != 0xd3 {
		return nil, errors.New("not a contiguous frame header")
	}
	pos := int(binary.BigEndian.Uint32(b[11:15]))
	csize := binary.BigEndian.Uint64(b[39:47])
	if csize > uint64(len(b)) || pos < 0 || pos > len(b)-int(csize) {
		return nil, errors.New("frame sizes out of range")
	}
	end := pos + int(csize)
	all := &walkedChunk{filtered: true}
	for pos < end {
		cbytes, err := le32(b, pos+12)
		if err != nil || cbytes < 16 || cbytes > end-pos {
			return nil, fmt.Errorf("bad chunk at %d", pos)
		}
		w, err := walkChunk(b[pos : pos+cbytes])
		if err != nil && !errors.Is(err, errSkipChunk) {
			return nil, fmt.Errorf("chunk at %d: %w", pos, err)
		}
		if w != nil {
			all.streams = append(all.streams, w.streams...)
			all.raw = append(all.raw, w.raw...)
		}
		pos += cbytes
	}
	return all, nil
}

// walkFile reads and walks the chunk or frame of e. It returns nil, nil for
// chunk kinds the walker skips.
func walkFile(e manifestEntry) (*walkedChunk, error) {
	b, err := os.ReadFile(filepath.Join(testdataDir, e.File))
	if err != nil {
		return nil, err
	}
	if e.Type != "chunk" {
		return walkFrame(b)
	}
	w, err := walkChunk(b)
	if errors.Is(err, errSkipChunk) {
		return nil, nil
	}
	return w, err
}

// walkCorpus walks every BloscLZ chunk in testdata and calls fn for each.
func walkCorpus(t *testing.T, fn func(e manifestEntry, w *walkedChunk)) {
	t.Helper()
	for _, e := range blosclzChunks(t) {
		w, err := walkFile(e)
		if w == nil && err == nil {
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", e.File, err)
			continue
		}
		fn(e, w)
	}
}

// TestCorpusDecompress decodes every BloscLZ stream of the C-written chunks
// and checks unfiltered chunks against the manifest's sha256.
func TestCorpusDecompress(t *testing.T) {
	var nstreams, nchecked int
	walkCorpus(t, func(e manifestEntry, w *walkedChunk) {
		nstreams += len(w.streams)
		if w.filtered {
			return
		}
		sum := sha256.Sum256(w.decoded)
		if got := hex.EncodeToString(sum[:]); got != e.SHA256 {
			t.Errorf("%s: sha256 %s, want %s", e.File, got, e.SHA256)
		}
		nchecked++
	})
	t.Logf("%d blosclz streams decoded, %d unfiltered chunks checked by sha256", nstreams, nchecked)
	if nstreams < 50 || nchecked < 5 {
		t.Errorf("corpus too small: %d streams, %d chunks", nstreams, nchecked)
	}
}
