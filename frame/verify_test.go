package frame

import (
	"bytes"
	"github.com/blosc2go/blosc2/blosc"
	"os"
	"path/filepath"
	"testing"
)

// corpusFiles lists the frame, sparse frame, b2nd and chunk files of
// testdata (all written by C-Blosc2 or python-blosc2).
func corpusFiles(t testing.TB) []string {
	t.Helper()
	var out []string
	for _, pat := range []string{"frames/*.b2frame", "external/*.b2frame", "external/*.b2nd", "b2nd/*.b2nd", "sframe/*.b2frame", "chunks/*.b2chunk"} {
		m, err := filepath.Glob(filepath.Join("..", "testdata", pat))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	if len(out) == 0 {
		t.Fatal("no corpus files")
	}
	return out
}

func TestVerifyCorpusClean(t *testing.T) {
	for _, path := range corpusFiles(t) {
		for _, so := range []bool{false, true} {
			var opts []Option
			if so {
				opts = append(opts, WithStructureOnly())
			}
			rep, err := VerifyFile(path, opts...)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if len(rep.Problems) != 0 || (!so && rep.Decoded+rep.Special != rep.NChunks) {
				t.Errorf("%s (structure only %v): kind %s, %d chunks, %d decoded: %v", path, so, rep.Kind, rep.NChunks, rep.Decoded, rep.Problems)
			}
		}
	}
	if _, err := os.Stat("../testdata/sframe/s01_sparse_lz4.b2frame"); err != nil {
		t.Fatal(err)
	}
}

// mutationFrames are small corpus frames whose every header, index and
// trailer byte is mutated.
var mutationFrames = []string{
	"frames/f01_lz4_shuffle_f64_meta_vlmeta.b2frame",
	"frames/f05_special_chunks.b2frame",
	"frames/f07_mixed_codecs_per_chunk.b2frame",
	"frames/f10_inserted_chunk_nonmonotonic_offsets.b2frame",
	"frames/f11_variable_chunk_sizes.b2frame",
	"b2nd/a02_3d_i4.b2nd",
}

// mutationSites returns the byte offsets to mutate in a frame: the header
// (metalayers included), the first 32 bytes of every stored chunk, the
// index and the trailer.
func mutationSites(t *testing.T, b []byte) []int {
	f, err := OpenBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	var sites []int
	for p := 0; p < int(f.hdr.HeaderLen); p++ {
		sites = append(sites, p)
	}
	for i := 0; i < f.NChunks(); i++ {
		ci, _ := f.ChunkInfo(i)
		if ci.Offset < 0 {
			continue
		}
		for p := ci.Offset; p < ci.Offset+32 && p < int64(len(b)); p++ {
			sites = append(sites, int(p))
		}
	}
	start := f.hdr.HeaderLen + int32(f.hdr.Cbytes)
	for p := int(start); p < len(b); p++ {
		sites = append(sites, p)
	}
	return sites
}

// chunkHeaderBlind reports whether offset p is a chunk header byte that
// picks one of several valid decodings: the filter ids and their meta
// (C-Blosc2 lets every chunk have its own pipeline, so they cannot be
// checked against the frame's). A flip there can decode to other bytes
// without any check failing; C-Blosc2 has no checksum to catch it. (Every
// other chunk header byte is tested: flags, sizes, typesize, codec.)
func chunkHeaderBlind(f *Frame, p int) bool {
	for i := 0; i < f.NChunks(); i++ {
		ci, _ := f.ChunkInfo(i)
		if ci.Offset < 0 || int64(p) < ci.Offset || int64(p) >= ci.Offset+32 {
			continue
		}
		k := int64(p) - ci.Offset
		return (k >= 16 && k < 22) || (k >= 24 && k < 30)
	}
	return false
}

// lastSpecialSizeBlind reports whether p is a byte of uncompressed_size in
// a frame whose last chunk is a special value in the index: that chunk's
// size is recorded nowhere else, so a change of a few bytes is invisible.
func lastSpecialSizeBlind(f *Frame, p int) bool {
	n := f.NChunks()
	if n == 0 || p < posNbytes+1 || p >= posNbytes+9 {
		return false
	}
	ci, _ := f.ChunkInfo(n - 1)
	return ci.Special != blosc.SpecialNone
}

func TestVerifyFindsMutations(t *testing.T) {
	for _, name := range mutationFrames {
		b, err := os.ReadFile(filepath.Join("..", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		orig, err := OpenBytes(b)
		if err != nil {
			t.Fatal(err)
		}
		want, err := orig.Decode(nil)
		if err != nil {
			t.Fatal(err)
		}
		// Truncations: every one is a problem.
		step := 1
		if testing.Short() {
			step = 37
		}
		for n := 0; n < len(b); n += step {
			rep, err := Verify(bytes.NewReader(b[:n]), int64(n))
			if err != nil {
				t.Fatalf("%s cut at %d: %v", name, n, err)
			}
			if rep.Sound() {
				t.Errorf("%s cut at %d of %d: verifies clean", name, n, len(b))
			}
		}
		sites := mutationSites(t, b)
		if testing.Short() {
			var sample []int
			for k := 0; k < len(sites); k += 17 {
				sample = append(sample, sites[k])
			}
			sites = sample
		}
		missed := 0
		for _, p := range sites {
			for _, x := range []byte{0xff, 0x01, 0x10} {
				m := append([]byte(nil), b...)
				m[p] ^= x
				rep, err := Verify(bytes.NewReader(m), int64(len(m)))
				if err != nil {
					t.Fatalf("%s byte %d ^ %#x: %v", name, p, x, err)
				}
				if !rep.Sound() {
					continue
				}
				// Sound: the frame must open and decode to the same bytes.
				f, err := OpenBytes(m)
				var got []byte
				if err == nil {
					got, err = f.Decode(nil)
				}
				if err == nil && bytes.Equal(got, want) {
					continue
				}
				if chunkHeaderBlind(orig, p) || lastSpecialSizeBlind(orig, p) {
					continue
				}
				missed++
				if missed < 20 {
					t.Errorf("%s byte %d ^ %#x: verifies clean but decodes differently (err %v)", name, p, x, err)
				}
			}
		}
		if missed > 0 {
			t.Errorf("%s: %d mutations missed", name, missed)
		}
	}
}

func TestVerifySparseDamage(t *testing.T) {
	src := filepath.Join("..", "testdata", "sframe", "s01_sparse_lz4.b2frame")
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	copyDir := func() string {
		dir := filepath.Join(t.TempDir(), "s.b2frame")
		must(t, os.MkdirAll(dir, 0o755))
		for _, e := range ents {
			b, err := os.ReadFile(filepath.Join(src, e.Name()))
			must(t, err)
			must(t, os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644))
		}
		return dir
	}
	var chunkFiles []string
	for _, e := range ents {
		if e.Name() != sparseIndexName {
			chunkFiles = append(chunkFiles, e.Name())
		}
	}
	if len(chunkFiles) == 0 {
		t.Fatal("no chunk files")
	}
	damage := map[string]func(dir string){
		"chunk file missing": func(dir string) { must(t, os.Remove(filepath.Join(dir, chunkFiles[0]))) },
		"chunk file cut": func(dir string) {
			p := filepath.Join(dir, chunkFiles[0])
			b, _ := os.ReadFile(p)
			must(t, os.WriteFile(p, b[:len(b)/2], 0o644))
		},
		"chunk header flipped": func(dir string) {
			p := filepath.Join(dir, chunkFiles[len(chunkFiles)-1])
			b, _ := os.ReadFile(p)
			b[4] ^= 0x40
			must(t, os.WriteFile(p, b, 0o644))
		},
		// (Zeroing the streams would not do: a zero csize is a run of
		// zeros and the chunk decodes, to other bytes. C-Blosc2 chunks
		// carry no checksum.)
		"block start lying": func(dir string) {
			p := filepath.Join(dir, chunkFiles[0])
			b, _ := os.ReadFile(p)
			b[34] = 0x7f
			must(t, os.WriteFile(p, b, 0o644))
		},
		"index file cut": func(dir string) {
			p := filepath.Join(dir, sparseIndexName)
			b, _ := os.ReadFile(p)
			must(t, os.WriteFile(p, b[:len(b)-10], 0o644))
		},
	}
	for name, fn := range damage {
		dir := copyDir()
		fn(dir)
		rep, err := VerifyFile(dir)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if rep.Sound() || rep.Kind != "sparse frame" {
			t.Errorf("%s: %s sound=%v %v", name, rep.Kind, rep.Sound(), rep.Problems)
		}
	}
}
