package zstd

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
	"github.com/blosc2go/blosc2/shuffle"
)

// fastDigest is the SHA-256 of the frames fastDigestFrames makes, as the
// encoder of commit e73258a made them: the fast strategy's output must not
// change when its code gets faster.
const fastDigest = "d95689e5a243407704d78c6b2ae3aa46de8fc3e21fb341de3db29891467fdad7"

// fastDigestFrames compresses the streams of C-Blosc2's level-1 workloads
// (32 KiB and 128 KiB blocks, shuffled or not) and generated inputs of
// several kinds and sizes at the fast strategy's levels, one encoder per
// level reused throughout (so stale hash-table entries are exercised), and
// returns all the frames concatenated.
func fastDigestFrames() []byte {
	var ins [][]byte
	ramp := testgen.RampNoise(256 << 10)
	sine := testgen.Sine(256 << 10)
	for _, src := range [][]byte{ramp, sine} {
		for _, n := range []int{32 << 10, 128 << 10} {
			for o := 0; o+n <= len(src); o += n {
				blk := src[o : o+n]
				sh := make([]byte, n)
				shuffle.Shuffle(sh, blk, 4)
				bs := make([]byte, n)
				shuffle.BitShuffle(bs, blk, 4)
				ins = append(ins, blk, sh, bs)
			}
		}
	}
	for i, n := range []int{1, 7, 8, 9, 15, 16, 17, 100, 1000, 5000, 16 << 10, 70000, 200 << 10} {
		s := uint64(i + 1)
		ins = append(ins, testgen.Random(n, s), testgen.Text(n, s), testgen.Runs(n, s), testgen.Mixed(n, s))
	}
	var out []byte
	for _, lvl := range []int{1, 2} {
		e := NewEncoder(lvl)
		for _, in := range ins {
			out = e.EncodeAll(out, in)
		}
	}
	return out
}

func TestFastFramesUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	sum := sha256.Sum256(fastDigestFrames())
	if got := hex.EncodeToString(sum[:]); got != fastDigest {
		t.Fatalf("the fast strategy's frames changed: digest %s, want %s", got, fastDigest)
	}
}
