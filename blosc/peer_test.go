package blosc_test

// Round trips through a real C implementation: C-Blosc 1.21, reached through
// Debian's python3-blosc (/usr/bin/python3 -c 'import blosc'). One python
// process compresses every case of a JSON spec into Blosc1-format chunks
// (16-byte header, format version 2); the chunks are then decoded here and
// compared with the input bytes.

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/internal/peertest"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// peerScript compresses the cases of the spec (argv[1]) with C-Blosc 1.21
// and writes the chunks back to back to argv[2] and a JSON result to argv[3]:
// per case id, [offset, length] in the chunk file or an error message.
const peerScript = `
import json, sys
import blosc
spec_path, chunks_path, result_path = sys.argv[1:4]
with open(spec_path) as f:
    spec = json.load(f)
inputs = {}
for name, path in spec["inputs"].items():
    with open(path, "rb") as f:
        inputs[name] = f.read()
res = {"blosclib_version": blosc.blosclib_version,
       "compressors": blosc.compressor_list(), "chunks": {}, "errors": {}}
bs = nt = None
off = 0
with open(chunks_path, "wb") as out:
    for c in spec["cases"]:
        if c["blocksize"] != bs:
            bs = c["blocksize"]
            blosc.set_blocksize(bs)
        if c["nthreads"] != nt:
            nt = c["nthreads"]
            blosc.set_nthreads(nt)
        data = inputs[c["input"]][:c["len"]]
        try:
            chunk = blosc.compress(data, typesize=c["typesize"], clevel=c["clevel"],
                                   shuffle=c["shuffle"], cname=c["cname"])
        except Exception as e:
            res["errors"][str(c["id"])] = repr(e)
            continue
        out.write(chunk)
        res["chunks"][str(c["id"])] = [off, len(chunk)]
        off += len(chunk)
blosc.set_blocksize(0)
with open(result_path, "w") as f:
    json.dump(res, f)
`

// peerCase is one compression done by C-Blosc 1.21.
type peerCase struct {
	ID        int    `json:"id"`
	Input     string `json:"input"`
	Len       int    `json:"len"`
	Typesize  int    `json:"typesize"`
	Clevel    int    `json:"clevel"`
	Shuffle   int    `json:"shuffle"` // 0 noshuffle, 1 shuffle, 2 bitshuffle
	Cname     string `json:"cname"`
	Blocksize int    `json:"blocksize"` // blosc.set_blocksize; 0 = automatic
	Nthreads  int    `json:"nthreads"`
}

func (c peerCase) String() string {
	return fmt.Sprintf("case %d: %s len=%d typesize=%d clevel=%d shuffle=%d blocksize=%d nthreads=%d %s",
		c.ID, c.Cname, c.Len, c.Typesize, c.Clevel, c.Shuffle, c.Blocksize, c.Nthreads, c.Input)
}

// peerKinds generate the test data: n bytes each, deterministic.
var peerKinds = []struct {
	name string
	gen  func(n int) []byte
}{
	{"i32ramp", func(n int) []byte {
		b := make([]byte, n+4)
		for i := 0; i+4 <= len(b); i += 4 {
			binary.LittleEndian.PutUint32(b[i:], uint32(7+3*(i/4)))
		}
		return b[:n]
	}},
	{"i16ramp", func(n int) []byte {
		b := make([]byte, n+2)
		for i := 0; i+2 <= len(b); i += 2 {
			binary.LittleEndian.PutUint16(b[i:], uint16(i/2))
		}
		return b[:n]
	}},
	{"f64smooth", func(n int) []byte {
		b := make([]byte, n+8)
		for i := 0; i+8 <= len(b); i += 8 {
			x := float64(i / 8)
			binary.LittleEndian.PutUint64(b[i:], math.Float64bits(1000*math.Sin(x*1e-3)+0.5*math.Sin(x*0.37)))
		}
		return b[:n]
	}},
	{"f32smooth", func(n int) []byte {
		b := make([]byte, n+4)
		for i := 0; i+4 <= len(b); i += 4 {
			binary.LittleEndian.PutUint32(b[i:], math.Float32bits(float32(100*math.Sin(float64(i/4)*0.02))))
		}
		return b[:n]
	}},
	{"random", func(n int) []byte {
		b := make([]byte, n+8)
		s := testgen.SplitMix64(12345)
		for i := 0; i+8 <= len(b); i += 8 {
			binary.LittleEndian.PutUint64(b[i:], s.Next())
		}
		return b[:n]
	}},
	{"runs", func(n int) []byte {
		b := make([]byte, 0, n+600)
		s := testgen.SplitMix64(99)
		for len(b) < n {
			r := s.Next()
			b = append(b, bytes.Repeat([]byte{byte(r)}, 1+int((r>>8)%600))...)
		}
		return b[:n]
	}},
	{"text", func(n int) []byte {
		words := strings.Fields("the quick brown fox jumps over a lazy dog while blosc splits blocks into " +
			"streams shuffles bytes and compresses each one with lz4 zstd zlib or blosclz " +
			"at every level from zero to nine")
		var b bytes.Buffer
		s := testgen.SplitMix64(7)
		for b.Len() < n {
			b.WriteString(words[s.Next()%uint64(len(words))])
			if s.Next()%10 == 0 {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		}
		return b.Bytes()[:n]
	}},
	{"zeros", func(n int) []byte { return make([]byte, n) }},
	{"struct", func(n int) []byte {
		// 12-byte records: int32 counter, float32 level, 4 flag bytes.
		b := make([]byte, n+12)
		for i := 0; i+12 <= len(b); i += 12 {
			e := i / 12
			binary.LittleEndian.PutUint32(b[i:], uint32(e))
			binary.LittleEndian.PutUint32(b[i+4:], math.Float32bits(float32(e%97)*0.25))
			b[i+8], b[i+9] = byte(e%3), byte(e>>8)
		}
		return b[:n]
	}},
}

// peerCases returns the sample of parameter combinations: every codec x
// shuffle mode x typesize 1..16 (clevel, data and size rotating), every
// codec x clevel 0..9 x shuffle mode, tiny inputs, forced blocksizes
// (leftover blocks, many blocks), typesizes above 16 and C running 2
// threads.
func peerCases(cnames []string) []peerCase {
	var cases []peerCase
	add := func(c peerCase) {
		if c.Nthreads == 0 {
			c.Nthreads = 1
		}
		// The slowest settings (zstd level 22, zlib 9, lz4hc 9) get smaller inputs.
		if c.Clevel >= 8 && c.Cname != "blosclz" && c.Cname != "lz4" && c.Len > 70000 {
			c.Len = 70000 + c.Len%4099
		}
		c.ID = len(cases)
		cases = append(cases, c)
	}
	kind := func(i int) string { return peerKinds[i%len(peerKinds)].name }
	medium := []int{1000, 4096, 12345, 65536, 65537, 100003, 131071, 262147}
	i := 0
	// Codec x shuffle x typesize, twice: automatic blocksize, then forced
	// blocksizes.
	for pass := 0; pass < 2; pass++ {
		for _, cn := range cnames {
			for sh := 0; sh <= 2; sh++ {
				for ts := 1; ts <= 16; ts++ {
					bs := 0
					if pass == 1 {
						bs = []int{2048, 8192, 32768, 3000}[i%4]
					}
					add(peerCase{Input: kind(i), Len: medium[(i+pass)%len(medium)], Typesize: ts,
						Clevel: (i*7 + pass*3) % 10, Shuffle: sh, Cname: cn, Blocksize: bs})
					i++
				}
			}
		}
	}
	// Codec x clevel x shuffle.
	for _, cn := range cnames {
		for cl := 0; cl <= 9; cl++ {
			for sh := 0; sh <= 2; sh++ {
				add(peerCase{Input: kind(i), Len: 50000 + 977*cl, Typesize: []int{8, 4, 2}[sh],
					Clevel: cl, Shuffle: sh, Cname: cn})
				i++
			}
		}
	}
	// Tiny inputs, around the header size and one or two elements.
	for _, n := range []int{0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 100, 127, 128, 129, 255, 256, 257} {
		for j := 0; j < 2; j++ {
			add(peerCase{Input: kind(i), Len: n, Typesize: []int{1, 2, 4, 8, 3, 16}[i%6],
				Clevel: 1 + i%9, Shuffle: i % 3, Cname: cnames[i%len(cnames)]})
			i++
		}
	}
	// Forced blocksizes: many blocks and leftover blocks.
	for _, bs := range []int{1, 128, 1000, 4096, 5000, 16384, 65536} {
		for _, cn := range cnames {
			add(peerCase{Input: kind(i), Len: []int{100003, 65537, 40000, 262147}[i%4],
				Typesize: []int{1, 2, 3, 4, 8, 12, 16}[i%7], Clevel: 1 + i%9, Shuffle: i % 3,
				Cname: cn, Blocksize: bs})
			i++
		}
	}
	// Typesizes past the split limit of 16, up to the header's 255.
	for _, ts := range []int{17, 24, 32, 100, 255} {
		for sh := 0; sh <= 2; sh++ {
			add(peerCase{Input: kind(i), Len: 30011 + ts, Typesize: ts, Clevel: 5, Shuffle: sh,
				Cname: cnames[i%len(cnames)]})
			i++
		}
	}
	// C compressing with 2 threads, large inputs, several blocks.
	for j, cn := range cnames {
		for sh := 0; sh <= 2; sh++ {
			add(peerCase{Input: kind(i), Len: 1<<20 + 3*j, Typesize: []int{4, 8, 2}[sh],
				Clevel: []int{1, 5, 9}[(j+sh)%3], Shuffle: sh, Cname: cn,
				Blocksize: []int{0, 32768}[j%2], Nthreads: 2})
			i++
		}
	}
	return cases
}

// runPeer compresses the cases with C-Blosc 1.21 and returns each case's
// chunk (nil when C refused the case) and the errors C reported.
func runPeer(t *testing.T, cases []peerCase) (inputs map[string][]byte, chunks [][]byte, peerErrs map[string]string, version string) {
	t.Helper()
	dir := t.TempDir()
	maxLen := map[string]int{}
	for _, c := range cases {
		if c.Len > maxLen[c.Input] {
			maxLen[c.Input] = c.Len
		}
	}
	inputs = map[string][]byte{}
	spec := struct {
		Inputs map[string]string `json:"inputs"`
		Cases  []peerCase        `json:"cases"`
	}{Inputs: map[string]string{}, Cases: cases}
	for _, k := range peerKinds {
		n, ok := maxLen[k.name]
		if !ok {
			continue
		}
		data := k.gen(n)
		path := filepath.Join(dir, k.name+".in")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		inputs[k.name] = data
		spec.Inputs[k.name] = path
	}
	specJSON, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	specPath := filepath.Join(dir, "spec.json")
	chunksPath := filepath.Join(dir, "chunks.bin")
	resultPath := filepath.Join(dir, "result.json")
	if err := os.WriteFile(specPath, specJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	peertest.Output(t, "C-Blosc 1.21 (python3-blosc)",
		exec.CommandContext(ctx, peertest.PythonPath, "-c", peerScript, specPath, chunksPath, resultPath))
	var res struct {
		Version string            `json:"blosclib_version"`
		Chunks  map[string][2]int `json:"chunks"`
		Errors  map[string]string `json:"errors"`
	}
	resJSON, err := os.ReadFile(resultPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(resJSON, &res); err != nil {
		t.Fatal(err)
	}
	all, err := os.ReadFile(chunksPath)
	if err != nil {
		t.Fatal(err)
	}
	chunks = make([][]byte, len(cases))
	for id, span := range res.Chunks {
		var n int
		if _, err := fmt.Sscan(id, &n); err != nil || n < 0 || n >= len(cases) {
			t.Fatalf("peer result names unknown case %q", id)
		}
		off, l := span[0], span[1]
		if off < 0 || l < 0 || off+l > len(all) {
			t.Fatalf("peer result for case %d points outside the chunk file", n)
		}
		chunks[n] = all[off : off+l : off+l]
	}
	return inputs, chunks, res.Errors, res.Version
}

// peerCompressors asks C-Blosc which of the codecs we want it has.
func peerCompressors(t *testing.T) []string {
	t.Helper()
	out := peertest.RunPython(t, "import blosc; print(' '.join(blosc.compressor_list()))")
	have := map[string]bool{}
	for _, n := range strings.Fields(string(out)) {
		have[n] = true
	}
	var cnames []string
	for _, n := range []string{"blosclz", "lz4", "lz4hc", "zlib", "zstd"} {
		if have[n] {
			cnames = append(cnames, n)
		} else {
			t.Logf("C-Blosc 1.21 peer lacks codec %s: not tested", n)
		}
	}
	if len(cnames) == 0 {
		t.Fatal("C-Blosc 1.21 peer offers none of blosclz, lz4, lz4hc, zlib, zstd")
	}
	return cnames
}

func TestPeerCBlosc1RoundTrip(t *testing.T) {
	peertest.Python(t, "blosc")
	cases := peerCases(peerCompressors(t))
	if testing.Short() {
		var short []peerCase
		for i, c := range cases {
			if i%4 == 0 {
				c.ID = len(short)
				short = append(short, c)
			}
		}
		cases = short
	}
	start := time.Now()
	inputs, chunks, peerErrs, version := runPeer(t, cases)
	t.Logf("C-Blosc %s compressed %d cases in %v", version, len(cases), time.Since(start).Round(time.Millisecond))
	for id, msg := range peerErrs {
		t.Errorf("C-Blosc refused case %s: %s", id, msg)
	}

	dec, err := blosc.NewDecoder(blosc.WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	failures := 0
	var cov peerCoverage
	for i, c := range cases {
		chunk := chunks[i]
		if chunk == nil {
			continue
		}
		cov.add(chunk)
		want := inputs[c.Input][:c.Len]
		if err := peerCheckChunk(dec, chunk, want, c); err != nil {
			t.Errorf("%v: %v", c, err)
			if failures++; failures >= 20 {
				t.Fatal("too many failures")
			}
		}
	}
	t.Logf("chunk kinds: %+v", cov)
	// The sample must reach every decoding path it is meant to cover.
	if cov.Memcpyed == 0 || cov.Split == 0 || cov.Unsplit == 0 || cov.MultiBlock == 0 ||
		cov.Leftover == 0 || cov.BitShuffle == 0 || cov.Shuffle == 0 || len(cov.Codecs) < 2 {
		t.Errorf("the C-Blosc 1.21 chunks miss a kind: %+v", cov)
	}
}

// peerCoverage counts the kinds of chunks C-Blosc produced.
type peerCoverage struct {
	Memcpyed, Split, Unsplit, MultiBlock, Leftover, Shuffle, BitShuffle int
	Codecs                                                              map[string]int
}

func (c *peerCoverage) add(chunk []byte) {
	h, err := blosc.ReadHeader(chunk)
	if err != nil {
		return
	}
	if c.Codecs == nil {
		c.Codecs = map[string]int{}
	}
	switch {
	case h.Memcpyed():
		c.Memcpyed++
	case h.DontSplit():
		c.Unsplit++
		c.Codecs[h.Codec().String()]++
	default:
		c.Split++
		c.Codecs[h.Codec().String()]++
	}
	if h.NBlocks() > 1 {
		c.MultiBlock++
	}
	if h.Leftover() != 0 {
		c.Leftover++
	}
	switch h.Filters[blosc.MaxFilters-1] {
	case blosc.Shuffle:
		c.Shuffle++
	case blosc.BitShuffle:
		c.BitShuffle++
	}
}

// peerCheckChunk decodes one C-Blosc 1.21 chunk every way the package
// offers and compares the bytes and header with what was compressed.
func peerCheckChunk(dec *blosc.Decoder, chunk, want []byte, c peerCase) error {
	h, err := blosc.ReadHeader(chunk)
	if err != nil {
		return fmt.Errorf("ReadHeader: %w", err)
	}
	if err := peerCheckHeader(h, chunk, c); err != nil {
		return err
	}
	got, err := blosc.Decompress(nil, chunk)
	if err != nil {
		return fmt.Errorf("Decompress: %w", err)
	}
	if !bytes.Equal(got, want) {
		return fmt.Errorf("Decompress: %s", peerDiff(got, want))
	}
	// Appending after a prefix, and into an exact-size buffer with a
	// reused Decoder.
	prefix := []byte("prefix")
	got, err = blosc.Decompress(append([]byte(nil), prefix...), chunk)
	if err != nil || !bytes.HasPrefix(got, prefix) || !bytes.Equal(got[len(prefix):], want) {
		return fmt.Errorf("Decompress after a prefix: err %v", err)
	}
	dst := make([]byte, len(want))
	n, err := dec.DecompressInto(dst, chunk)
	if err != nil {
		return fmt.Errorf("Decoder.DecompressInto: %w", err)
	}
	if n != len(want) || !bytes.Equal(dst, want) {
		return fmt.Errorf("Decoder.DecompressInto: n=%d, %s", n, peerDiff(dst[:n], want))
	}
	return nil
}

// peerCheckHeader checks the parsed header against the parameters given to C.
func peerCheckHeader(h blosc.Header, chunk []byte, c peerCase) error {
	if h.Version != blosc.VersionBlosc1 {
		return fmt.Errorf("header version %d, C-Blosc 1.21 writes %d", h.Version, blosc.VersionBlosc1)
	}
	if int(h.Nbytes) != c.Len || int(h.Cbytes) != len(chunk) {
		return fmt.Errorf("header nbytes %d cbytes %d, want %d and %d", h.Nbytes, h.Cbytes, c.Len, len(chunk))
	}
	if int(h.Typesize) != c.Typesize {
		return fmt.Errorf("header typesize %d, want %d", h.Typesize, c.Typesize)
	}
	return nil
}

// peerDiff describes where two byte slices first differ.
func peerDiff(got, want []byte) string {
	if len(got) != len(want) {
		return fmt.Sprintf("decoded %d bytes, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			return fmt.Sprintf("first difference at byte %d: got %#02x, want %#02x", i, got[i], want[i])
		}
	}
	return "no difference"
}
