package blosc_test

// Snappy chunks, which C-Blosc 1.x writes (cname "snappy"): golden chunks
// from testdata/snappy (written by C-Blosc 1.21, see generate.py there),
// round trips through the python3-blosc peer, damaged streams, and the
// encoder's refusal.

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/internal/peertest"
)

type snappyGolden struct {
	Name      string `json:"name"`
	Typesize  int    `json:"typesize"`
	Shuffle   int    `json:"shuffle"`
	Blocksize int    `json:"blocksize"`
	Nbytes    int    `json:"nbytes"`
	Cbytes    int    `json:"cbytes"`
	Sha256    string `json:"sha256"`

	chunk, raw []byte
}

func loadSnappyGolden(t *testing.T) []snappyGolden {
	t.Helper()
	dir := filepath.Join("..", "testdata", "snappy")
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Entries []snappyGolden `json:"entries"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Entries) == 0 {
		t.Fatal("no entries in testdata/snappy/manifest.json")
	}
	for i := range m.Entries {
		e := &m.Entries[i]
		if e.chunk, err = os.ReadFile(filepath.Join(dir, e.Name+".blosc1")); err != nil {
			t.Fatal(err)
		}
		if e.raw, err = os.ReadFile(filepath.Join(dir, e.Name+".raw")); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(e.raw)
		if hex.EncodeToString(sum[:]) != e.Sha256 || len(e.raw) != e.Nbytes || len(e.chunk) != e.Cbytes {
			t.Fatalf("%s: testdata does not match its manifest", e.Name)
		}
	}
	return m.Entries
}

func TestSnappyGolden(t *testing.T) {
	dec, err := blosc.NewDecoder(blosc.WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, e := range loadSnappyGolden(t) {
		h, err := blosc.ReadHeader(e.chunk)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		if h.Codec() != blosc.Snappy || h.Codec().String() != "snappy" || !h.Codec().Builtin() {
			t.Errorf("%s: header codec %v (builtin %v), want snappy", e.Name, h.Codec(), h.Codec().Builtin())
		}
		if h.Memcpyed() {
			t.Errorf("%s: memcpyed chunk: no Snappy stream to test", e.Name)
		}
		kinds["split"] = kinds["split"] || !h.DontSplit()
		kinds["unsplit"] = kinds["unsplit"] || h.DontSplit()
		kinds["multiblock"] = kinds["multiblock"] || int(h.Blocksize) < e.Nbytes
		got, err := blosc.Decompress(nil, e.chunk)
		if err != nil {
			t.Errorf("%s: %v", e.Name, err)
			continue
		}
		if !bytes.Equal(got, e.raw) {
			t.Errorf("%s: decoded bytes differ from the input", e.Name)
		}
		dst := make([]byte, len(e.raw))
		if n, err := dec.DecompressInto(dst, e.chunk); err != nil || n != len(e.raw) || !bytes.Equal(dst, e.raw) {
			t.Errorf("%s: DecompressInto: n=%d err=%v", e.Name, n, err)
		}
		// Items from the middle decode too (getitem on Snappy blocks).
		ts := e.Typesize
		if n := e.Nbytes / ts; n > 2 {
			start, count := n/3, n/2
			part, err := dec.DecompressItems(nil, e.chunk, start, count)
			if err != nil || !bytes.Equal(part, e.raw[start*ts:(start+count)*ts]) {
				t.Errorf("%s: DecompressItems(%d, %d): err %v", e.Name, start, count, err)
			}
		}
	}
	for _, k := range []string{"split", "unsplit", "multiblock"} {
		if !kinds[k] {
			t.Errorf("the golden Snappy chunks have no %s chunk", k)
		}
	}
}

// TestSnappyDamaged checks that damaged Snappy streams give ErrCorrupt,
// never a panic or wrong bytes.
func TestSnappyDamaged(t *testing.T) {
	for _, e := range loadSnappyGolden(t) {
		h, err := blosc.ReadHeader(e.chunk)
		if err != nil {
			t.Fatal(err)
		}
		// The first stream: its length is the 4 bytes after the block
		// offsets (one offset per block).
		nblocks := (e.Nbytes + int(h.Blocksize) - 1) / int(h.Blocksize)
		first := int(binary.LittleEndian.Uint32(e.chunk[blosc.MinHeaderLen:]))
		if first != blosc.MinHeaderLen+4*nblocks {
			t.Fatalf("%s: first block at %d, want %d", e.Name, first, blosc.MinHeaderLen+4*nblocks)
		}
		slen := int(binary.LittleEndian.Uint32(e.chunk[first:]))
		neblock := int(h.Blocksize)
		if !h.DontSplit() {
			neblock /= int(h.Typesize)
		}
		if slen == neblock {
			continue // stored raw: no Snappy stream to damage
		}
		stream := first + 4
		mutations := map[string]func(c []byte){
			// The varint of the decoded length, one more and one less.
			"declared length +1": func(c []byte) { c[stream]++ },
			"declared length -1": func(c []byte) { c[stream]-- },
			// A copy tag at the very start reaches before the output.
			"offset before start": func(c []byte) {
				for c[stream]&0x80 != 0 {
					stream++
				}
				c[stream+1] = 0x02 | 3<<2 // copy-2, length 4
				c[stream+2], c[stream+3] = 0xff, 0xff
			},
			// Truncated: the stream ends early.
			"truncated": func(c []byte) {
				binary.LittleEndian.PutUint32(c[first:], uint32(slen/2))
			},
		}
		for name, mutate := range mutations {
			c := append([]byte(nil), e.chunk...)
			mutate(c)
			got, err := blosc.Decompress(nil, c)
			if !errors.Is(err, blosc.ErrCorrupt) {
				t.Errorf("%s, %s: got err %v (%d bytes), want ErrCorrupt", e.Name, name, err, len(got))
			}
		}
	}
}

func TestSnappyNotWritten(t *testing.T) {
	o := blosc.DefaultOptions()
	o.Codec = blosc.Snappy
	_, err := blosc.NewEncoder(o)
	var oe *blosc.OptionError
	if !errors.Is(err, blosc.ErrUnsupported) || !errors.Is(err, blosc.ErrInvalidOptions) ||
		!errors.As(err, &oe) || oe.Field != "Codec" {
		t.Fatalf("NewEncoder with Codec Snappy: %v, want an OptionError on Codec wrapping ErrUnsupported", err)
	}
	if _, err := blosc.Compress(nil, []byte("snappy"), o); !errors.Is(err, blosc.ErrUnsupported) {
		t.Fatalf("Compress with Codec Snappy: %v, want ErrUnsupported", err)
	}
	o.Codec = blosc.CodecNDLZ
	if _, err := blosc.NewEncoder(o); errors.Is(err, blosc.ErrUnsupported) || !errors.Is(err, blosc.ErrInvalidOptions) {
		t.Fatalf("NewEncoder with Codec NDLZ: %v, want ErrInvalidOptions only", err)
	}
}

// TestPeerCBlosc1Snappy decodes what C-Blosc 1.21 writes with cname
// "snappy" over the same parameter sample as TestPeerCBlosc1RoundTrip:
// every shuffle mode, typesizes 1 to 255, clevels 0 to 9, forced
// blocksizes and two threads.
func TestPeerCBlosc1Snappy(t *testing.T) {
	peertest.Python(t, "blosc")
	out := peertest.RunPython(t, "import blosc; print('snappy' in blosc.compressor_list())")
	if string(bytes.TrimSpace(out)) != "True" {
		peertest.Missing(t, "the C-Blosc 1.21 peer (python3-blosc) was built without Snappy")
	}
	cases := peerCases([]string{"snappy"})
	if testing.Short() {
		var short []peerCase
		for i, c := range cases {
			if i%3 == 0 || c.Typesize > 16 { // every unsplit case
				c.ID = len(short)
				short = append(short, c)
			}
		}
		cases = short
	}
	// Unsplit blocks (fewer than 128 elements per block, as C-Blosc 1.21
	// decides) of data that compresses, at every shuffle mode.
	for sh := 0; sh <= 2; sh++ {
		for _, ts := range []int{2, 24, 32} {
			cases = append(cases, peerCase{ID: len(cases), Input: "runs", Len: 50000 + ts, Typesize: ts,
				Clevel: 5, Shuffle: sh, Cname: "snappy", Blocksize: 128 * ts / 2, Nthreads: 1})
		}
	}
	inputs, chunks, peerErrs, version := runPeer(t, cases)
	for id, msg := range peerErrs {
		t.Errorf("C-Blosc refused case %s: %s", id, msg)
	}
	dec, err := blosc.NewDecoder(blosc.WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	var cov peerCoverage
	failures := 0
	for i, c := range cases {
		chunk := chunks[i]
		if chunk == nil {
			continue
		}
		cov.add(chunk)
		if err := peerCheckChunk(dec, chunk, inputs[c.Input][:c.Len], c); err != nil {
			t.Errorf("%v: %v", c, err)
			if failures++; failures >= 20 {
				t.Fatal("too many failures")
			}
		}
	}
	t.Logf("C-Blosc %s, %d cases, chunk kinds: %+v", version, len(cases), cov)
	if cov.Codecs["snappy"] == 0 || cov.Split == 0 || cov.Unsplit == 0 || cov.MultiBlock == 0 ||
		cov.Shuffle == 0 || cov.BitShuffle == 0 {
		t.Errorf("the C-Blosc 1.21 Snappy chunks miss a kind: %+v", cov)
	}
}
