package frame

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"math/rand"
	"path/filepath"
	"testing"
)

// concurrentChunks makes reads of two chunks or more decode chunks
// concurrently (perWorker 1) or never (a large perWorker), and every
// pipelined batch a chunk or two, so the corpus's small frames take the
// paths big frames take.
func concurrentChunks(t testing.TB, perWorker int) {
	oldB, oldM := pipeBatchBytes, minChunksPerWorker
	pipeBatchBytes, minChunksPerWorker = 1, perWorker
	t.Cleanup(func() { pipeBatchBytes, minChunksPerWorker = oldB, oldM })
}

// TestWorkersMatchSerial decodes every corpus frame and array with several
// workers, chunks decoded concurrently (next batch read while decoding) or
// blocks of each chunk shared, and checks Decode/ReadAll against the
// manifest, ReadAt and ReadSlab against the serial results.
func TestWorkersMatchSerial(t *testing.T) {
	for _, perWorker := range []int{1, 1 << 20} {
		t.Run("perWorker"+itoa(int64(perWorker)), func(t *testing.T) {
			concurrentChunks(t, perWorker)
			workersMatchSerial(t)
		})
	}
}

func workersMatchSerial(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, e := range corpusEntries(t) {
		path := filepath.Join(testdataDir, e.File)
		serial, err := OpenFile(path)
		must(t, err)
		par, err := OpenFile(path, WithWorkers(3))
		must(t, err)
		var got, want []byte
		var a, as *Array
		if e.Type == "b2nd" {
			as, err = OpenArray(serial)
			must(t, err)
			a, err = OpenArray(par)
			must(t, err)
			if a.Lazy() != nil {
				got, err = par.Decode(nil)
			} else {
				got, err = a.ReadAll(nil)
			}
		} else {
			got, err = par.Decode(nil)
		}
		if err != nil {
			t.Fatalf("%s: %v", e.File, err)
		}
		if sum := sha256.Sum256(got); hex.EncodeToString(sum[:]) != e.Sha256 {
			t.Errorf("%s: 3 workers decode differs from the manifest", e.File)
		}
		want, err = serial.Decode(nil)
		must(t, err)
		for k := 0; k < 20 && len(want) > 0; k++ {
			off := rng.Int63n(int64(len(want)))
			p := make([]byte, rng.Intn(len(want)-int(off))+1)
			n, err := par.ReadAt(p, off)
			if n != len(p) || (err != nil && off+int64(n) < int64(len(want))) || !bytes.Equal(p, want[off:off+int64(n)]) {
				t.Fatalf("%s: ReadAt(%d bytes at %d) = %d, %v", e.File, len(p), off, n, err)
			}
		}
		if a != nil && a.Lazy() == nil {
			for k := 0; k < 10; k++ {
				start, stop := randomSlab(rng, a.Shape())
				s1, err1 := as.ReadSlab(nil, start, stop)
				s2, err2 := a.ReadSlab(nil, start, stop)
				if err1 != nil || err2 != nil || !bytes.Equal(s1, s2) {
					t.Fatalf("%s: slab %v..%v differs with workers (%v, %v)", e.File, start, stop, err1, err2)
				}
			}
		}
		serial.Close()
		par.Close()
	}
}
