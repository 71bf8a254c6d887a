package shuffle

import (
	"bytes"
	"testing"
)

// fuzzTypesize maps a fuzzed byte onto 1..MaxTypesize.
func fuzzTypesize(b byte) int {
	if b == 0 {
		return 1
	}
	return int(b)
}

// fuzzSeeds adds a few inputs that reach the vector kernels and their tails.
func fuzzSeeds(f *testing.F) {
	for _, s := range []struct {
		n  int
		ts byte
	}{
		{0, 1}, {7, 2}, {16, 8}, {100, 4}, {1029, 8}, {515, 16}, {777, 3}, {2048 + 11, 2}, {600, 255},
	} {
		data := make([]byte, s.n)
		fillRandom(data, uint64(s.n))
		f.Add(data, s.ts)
	}
}

// runAllLevels calls f once per CPU feature level, without subtests (fuzz
// functions may not call t.Run).
func runAllLevels(f func(level string)) {
	levels, restore := featureLevels()
	defer restore()
	for _, l := range levels {
		l.enable()
		f(l.name)
	}
}

func FuzzShuffle(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, tsByte byte) {
		ts := fuzzTypesize(tsByte)
		want := make([]byte, len(data))
		shuffleGeneric(want, data, ts)
		wantInv := make([]byte, len(data))
		unshuffleGeneric(wantInv, data, ts)
		got := make([]byte, len(data))
		back := make([]byte, len(data))
		runAllLevels(func(level string) {
			Shuffle(got, data, ts)
			if !bytes.Equal(got, want) {
				t.Fatalf("%s: Shuffle(typesize %d, len %d) differs from generic at byte %d",
					level, ts, len(data), firstDiff(got, want))
			}
			Unshuffle(back, got, ts)
			if !bytes.Equal(back, data) {
				t.Fatalf("%s: Unshuffle(Shuffle(x)) != x (typesize %d, len %d)", level, ts, len(data))
			}
			Unshuffle(got, data, ts)
			if !bytes.Equal(got, wantInv) {
				t.Fatalf("%s: Unshuffle(typesize %d, len %d) differs from generic at byte %d",
					level, ts, len(data), firstDiff(got, wantInv))
			}
		})
	})
}

func FuzzBitShuffle(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, tsByte byte) {
		ts := fuzzTypesize(tsByte)
		want := make([]byte, len(data))
		bitshuffleOracle(want, data, ts)
		wantInv := make([]byte, len(data))
		bitunshuffleOracle(wantInv, data, ts)
		got := make([]byte, len(data))
		back := make([]byte, len(data))
		runAllLevels(func(level string) {
			BitShuffle(got, data, ts)
			if !bytes.Equal(got, want) {
				t.Fatalf("%s: BitShuffle(typesize %d, len %d) differs from generic at byte %d",
					level, ts, len(data), firstDiff(got, want))
			}
			BitUnshuffle(back, got, ts)
			if !bytes.Equal(back, data) {
				t.Fatalf("%s: BitUnshuffle(BitShuffle(x)) != x (typesize %d, len %d)", level, ts, len(data))
			}
			BitUnshuffle(got, data, ts)
			if !bytes.Equal(got, wantInv) {
				t.Fatalf("%s: BitUnshuffle(typesize %d, len %d) differs from generic at byte %d",
					level, ts, len(data), firstDiff(got, wantInv))
			}
		})
	})
}
