package deflate

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"
)

// withLoop runs f with the assembly fast loop on (asm) or off.
func withLoop(asm bool, f func()) {
	defer func(v bool) { useBMI2 = v }(useBMI2)
	useBMI2 = asm
	f()
}

// decodeResult is what Decompress returns, for comparing the loops.
type decodeResult struct {
	n, end int
	err    string
	out    []byte
}

func decodeWith(asm bool, src []byte, n int) decodeResult {
	var r decodeResult
	withLoop(asm, func() {
		var d Decompressor
		dst := make([]byte, n)
		var err error
		r.n, r.end, err = d.Decompress(dst, src)
		if err != nil {
			r.err = err.Error()
		}
		r.out = dst[:r.n]
	})
	return r
}

// checkLoopsAgree decodes src into a dst of n bytes with the assembly fast
// loop and with the Go one: the same output, length, end and error (with
// its offset).
func checkLoopsAgree(t *testing.T, src []byte, n int, what string) {
	t.Helper()
	a, g := decodeWith(true, src, n), decodeWith(false, src, n)
	if a.n != g.n || a.end != g.end || a.err != g.err || !bytes.Equal(a.out, g.out) {
		t.Fatalf("%s, dst %d: assembly n %d end %d err %q; Go n %d end %d err %q; same bytes %v",
			what, n, a.n, a.end, a.err, g.n, g.end, g.err, bytes.Equal(a.out, g.out))
	}
}

// TestFastLoopsAgree checks the assembly fast loop against the Go loop on
// the test streams, C-Blosc2's zlib streams of the corpus and mutations of
// them (corrupt codes, distances, truncations), with dst exact, short and
// roomy.
func TestFastLoopsAgree(t *testing.T) {
	if !useBMI2 {
		t.Skip("no assembly fast loop here")
	}
	raw, _ := seedStreams(t)
	var streams [][]byte
	streams = append(streams, raw...)
	for _, in := range inputs {
		for _, size := range []int{300, 5000, 70000} {
			if testing.Short() && size > 5000 {
				continue
			}
			data := in.gen(size)
			for _, e := range encoders {
				streams = append(streams, e.enc(data))
			}
		}
	}
	r := rand.New(rand.NewSource(9))
	mutations := 3000
	if testing.Short() {
		mutations = 200
	}
	for i := 0; i < mutations; i++ {
		s := append([]byte(nil), streams[r.Intn(len(streams))]...)
		if len(s) == 0 {
			continue
		}
		switch r.Intn(3) {
		case 0:
			s[r.Intn(len(s))] ^= byte(1 << r.Intn(8))
		case 1:
			for k := 0; k < 4; k++ {
				s[r.Intn(len(s))] = byte(r.Intn(256))
			}
		default:
			s = s[:r.Intn(len(s))]
		}
		streams = append(streams, s)
	}
	sizes := []int{0, 1, 300, -1}
	if !testing.Short() {
		sizes = append(sizes, -1<<30) // half
	}
	for i, s := range streams {
		full := decodeWith(false, s, 1<<18)
		for _, k := range sizes {
			n := full.n + k
			if k == -1<<30 {
				n = full.n / 2
			}
			if n >= 0 {
				checkLoopsAgree(t, s, n, fmt.Sprintf("stream %d", i))
			}
		}
	}
}

// TestGoFastLoop runs the decoding tests with the assembly fast loop off,
// so that the Go loop stays tested where the assembly is used.
func TestGoFastLoop(t *testing.T) {
	if !useBMI2 {
		t.Skip("the Go loop is the one in use")
	}
	withLoop(false, func() {
		t.Run("RoundTrip", TestRoundTrip)
		t.Run("MatchCopies", TestMatchCopies)
		t.Run("Hostile", TestHostile)
		t.Run("IncompleteAccepted", TestIncompleteAccepted)
		t.Run("Truncated", TestTruncated)
	})
}
