package frame

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func addFrameSeeds(f *testing.F) {
	for _, pat := range []string{"frames/*.b2frame", "b2nd/*.b2nd", "external/*.b2frame", "external/*.b2nd"} {
		names, _ := filepath.Glob(filepath.Join(testdataDir, pat))
		for _, n := range names {
			if b, err := os.ReadFile(n); err == nil && len(b) < 64<<10 {
				f.Add(b)
			}
		}
	}
}

// FuzzOpen opens arbitrary bytes as a frame and reads everything it
// claims to hold (chunks of reasonable size), through every read path.
func FuzzOpen(f *testing.F) {
	addFrameSeeds(f)
	concurrentChunks(f, 1)
	f.Fuzz(func(t *testing.T, data []byte) {
		fr, err := OpenBytes(data)
		if err != nil {
			return
		}
		fr.VLMetalayers()
		var total int64
		for i := 0; i < fr.NChunks() && i < 1000; i++ {
			ci, err := fr.ChunkInfo(i)
			if err != nil {
				t.Fatal(err)
			}
			if ci.Nbytes > 16<<20 || total > 32<<20 {
				break
			}
			b, err := fr.Chunk(nil, i)
			if err == nil && ci.Nbytes >= 0 && int64(len(b)) != ci.Nbytes {
				t.Fatalf("chunk %d: %d bytes, info says %d", i, len(b), ci.Nbytes)
			}
			total += int64(len(b))
		}
		if fr.Nbytes() <= 16<<20 {
			all, err := fr.Decode(nil)
			if err == nil {
				if int64(len(all)) != fr.Nbytes() {
					t.Fatalf("decoded %d bytes, header says %d", len(all), fr.Nbytes())
				}
				p := make([]byte, 1000)
				n, _ := fr.ReadAt(p, fr.Nbytes()/3)
				if !bytes.Equal(p[:n], all[fr.Nbytes()/3:fr.Nbytes()/3+int64(n)]) {
					t.Fatal("ReadAt differs from Decode")
				}
			}
			// Several workers, through a reader: same bytes, same verdict.
			fw, err2 := Open(bytes.NewReader(data), int64(len(data)), WithWorkers(3))
			if err2 != nil {
				t.Fatalf("opens from bytes, not from a reader: %v", err2)
			}
			all2, err2 := fw.Decode(nil)
			if (err == nil) != (err2 == nil) || (err == nil && !bytes.Equal(all, all2)) {
				t.Fatalf("3 workers: %v, 1 worker: %v", err2, err)
			}
			// Block-level reads through the reader: where both paths
			// succeed, the bytes are those read from memory.
			for _, off := range []int64{fr.Nbytes() / 5, fr.Nbytes() / 2} {
				p1 := make([]byte, 777)
				p2 := make([]byte, 777)
				n1, e1 := fr.ReadAt(p1, off)
				n2, e2 := fw.ReadAt(p2, off)
				if e1 == nil && e2 == nil && (n1 != n2 || !bytes.Equal(p1, p2)) {
					t.Fatalf("ReadAt at %d: block-level read differs from memory", off)
				}
			}
		}
		if a, err := OpenArray(fr); err == nil && a.Nbytes() <= 16<<20 {
			all, err := a.ReadAll(nil)
			if err == nil && int64(len(all)) != a.Nbytes() {
				t.Fatal("array size")
			}
			sh := a.Shape()
			start := make([]int64, len(sh))
			stop := make([]int64, len(sh))
			for i, s := range sh {
				start[i], stop[i] = s/3, s-s/3
			}
			s1, e1 := a.ReadSlab(nil, start, stop)
			if fw, err := Open(bytes.NewReader(data), int64(len(data))); err == nil {
				if aw, err := OpenArray(fw); err == nil {
					s2, e2 := aw.ReadSlab(nil, start, stop)
					if e1 == nil && e2 == nil && !bytes.Equal(s1, s2) {
						t.Fatal("block-level slab read differs from memory")
					}
				}
			}
		}
	})
}

// FuzzNDMeta parses arbitrary b2nd metalayers; what parses and validates
// must re-encode to the same bytes.
func FuzzNDMeta(f *testing.F) {
	for _, n := range []string{"b2nd/a01_2d_f8.b2nd", "b2nd/a06_4d_i2.b2nd", "b2nd/a07_2d_empty_f8.b2nd", "external/example_item_prices.b2nd"} {
		b, err := os.ReadFile(filepath.Join(testdataDir, n))
		if err != nil {
			f.Fatal(err)
		}
		fr, err := OpenBytes(b)
		if err != nil {
			f.Fatal(err)
		}
		m, _ := fr.Metalayer(B2NDMetaName)
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := ParseNDMeta(b)
		if err != nil {
			return
		}
		if _, err := m.Validate(8); err != nil {
			return
		}
		if b[0] == 0x97 && len(m.Dtype) > 0 {
			if enc := AppendNDMeta(nil, m); !bytes.Equal(enc, b[:len(enc)]) {
				t.Fatalf("re-encoding differs:\n%x\n%x", enc, b)
			}
		}
	})
}
