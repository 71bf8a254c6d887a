package zstd

import (
	"bytes"
	"fmt"
	"os/exec"
	"sort"
	"testing"

	"github.com/blosc2go/blosc2/internal/peertest"
	"github.com/blosc2go/blosc2/internal/testgen"
	kzstd "github.com/klauspost/compress/zstd"
)

// encInputs are inputs to the encoder: inputs() plus block boundaries.
func encInputs(short bool) map[string][]byte {
	in := inputs(short)
	for _, n := range []int{2, 7, 8, 9, 63, 64, 65, 255, 256, 1023, 1024, 1025, maxBlockSize - 1, maxBlockSize, maxBlockSize + 1, 2*maxBlockSize + 3} {
		in[fmt.Sprintf("mixed-%d", n)] = testgen.Mixed(n, uint64(n))
	}
	in["random-block"] = testgen.Random(maxBlockSize+100, 9)
	// Skewed alphabets of k symbols: Huffman tables of every shape
	// (direct and FSE-coded weights, few and many symbols).
	for _, k := range []int{2, 3, 5, 17, 100, 129, 200, 256} {
		rng := testgen.SplitMix64(uint64(k))
		b := make([]byte, 3000+k)
		for i := range b {
			s := rng.Intn(k)
			if rng.Intn(3) != 0 {
				s = rng.Intn(s/4 + 1)
			}
			b[i] = byte(s)
		}
		in[fmt.Sprintf("alphabet-%d", k)] = b
	}
	in["zeros-then-text"] = append(make([]byte, maxBlockSize+10), testgen.Text(5000, 3)...)
	in["f64-shuffled"] = testgen.Shuffle(testgen.Sine(1<<17), 8)
	in["i32-shuffled"] = testgen.Shuffle(testgen.RampNoise(1<<17), 4)
	return in
}

// encLevels are the levels tested: all strategies, and every level
// C-Blosc2 passes for its clevels 1-9 (1, 3, 5, 7, 9, 11, 13, 15, 22), which
// with 16 and 20 take each optimal parser (btopt, btultra, btultra2) at
// some of the inputs' sizes. btlazy2 is level 9 and 10 for inputs up to
// 16 KB, 11 for 16-256 KB, 13 above.
var encLevels = []int{1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 13, 15, 16, 20, 22}

func sortedKeys(m map[string][]byte) []string {
	var k []string
	for n := range m {
		k = append(k, n)
	}
	sort.Strings(k)
	return k
}

// TestEncoderRoundTrip decodes the encoder's frames with our decoder and
// klauspost's.
func TestEncoderRoundTrip(t *testing.T) {
	var d Decoder
	kd, err := kzstd.NewReader(nil, kzstd.WithDecoderConcurrency(1))
	if err != nil {
		t.Fatal(err)
	}
	defer kd.Close()
	in := encInputs(testing.Short())
	for _, lvl := range encLevels {
		e := NewEncoder(lvl)
		for _, name := range sortedKeys(in) {
			src := in[name]
			f := e.EncodeAll(nil, src)
			id := fmt.Sprintf("%s/l%d", name, lvl)
			check(t, &d, id, f, src, nil)
			got, err := kd.DecodeAll(f, nil)
			if err != nil {
				t.Fatalf("%s: klauspost: %v", id, err)
			}
			if !bytes.Equal(got, src) {
				t.Fatalf("%s: klauspost decodes different bytes", id)
			}
			if len(src) > 1000 && len(f) > len(src)+len(src)/100+20 {
				t.Errorf("%s: %d bytes into %d", id, len(src), len(f))
			}
			t.Logf("%s: %d -> %d", id, len(src), len(f))
		}
	}
}

// TestEncoderCLI decodes the encoder's frames with the zstd command line
// tool.
func TestEncoderCLI(t *testing.T) {
	tool := peertest.Command(t, "zstd", "zstd")
	in := encInputs(true)
	for _, lvl := range encLevels {
		e := NewEncoder(lvl)
		for _, name := range sortedKeys(in) {
			src := in[name]
			f := e.EncodeAll(nil, src)
			cmd := exec.Command(tool, "-q", "-d", "-c")
			cmd.Stdin = bytes.NewReader(f)
			got := peertest.Output(t, fmt.Sprintf("zstd -d %s/l%d", name, lvl), cmd)
			if !bytes.Equal(got, src) {
				t.Fatalf("%s/l%d: zstd -d gives different bytes", name, lvl)
			}
		}
	}
}

// TestFSEEncodeDecode encodes symbols with the predefined literal length
// table and decodes them with the decoder's.
func TestFSEEncodeDecode(t *testing.T) {
	syms := []uint8{0, 1, 5, 3, 0, 0, 2, 16, 20, 7, 1, 1, 0}
	k := kindLL
	var w bitWriter
	var st fseState
	n := len(syms)
	w.start(nil, 64)
	st.init(&predefEnc[k], syms[n-1])
	for i := n - 2; i >= 0; i-- {
		st.encode(&w, syms[i])
	}
	st.flush(&w)
	w.close()
	var r bitReader
	r.init(w.end())
	tab := &predefTable[k]
	s := r.read(tab.log)
	for i := 0; i < n; i++ {
		e := tab.e[s]
		if e.sym != syms[i] {
			t.Errorf("sym %d: got %d want %d", i, e.sym, syms[i])
		}
		r.reload()
		s = uint64(e.base) + r.read(e.nb)
	}
}

// TestSequenceCodes checks the length codes against the decoder's
// baselines.
func TestSequenceCodes(t *testing.T) {
	for v := uint32(0); v < 131072; v++ {
		c := llCode(v)
		if v < llBase[c] || v >= llBase[c]+1<<llBits[c] {
			t.Fatalf("ll %d code %d", v, c)
		}
		if v >= 3 {
			c = mlCode(v)
			if v < mlBase[c] || v >= mlBase[c]+1<<mlBits[c] {
				t.Fatalf("ml %d code %d", v, c)
			}
		}
	}
}
