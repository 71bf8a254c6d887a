package lz4enc

import "github.com/blosc2go/blosc2/internal/testgen"

// dataset is one generator of test and benchmark inputs.
type dataset struct {
	name string
	gen  func(size int) []byte
}

var datasets = []dataset{
	{"zeros", func(n int) []byte { return make([]byte, n) }},
	{"runs", func(n int) []byte { return testgen.Runs(n, 1) }},
	{"random", func(n int) []byte { return testgen.Random(n, 2) }},
	{"text", func(n int) []byte { return testgen.Text(n, 3) }},
	{"i32ramp", testgen.RampNoise},
	{"i32ramp-shuf4", func(n int) []byte { return testgen.Shuffle(testgen.RampNoise(n), 4) }},
	{"f64sine-shuf8", func(n int) []byte { return testgen.Shuffle(testgen.Sine(n), 8) }},
	{"f64sine", testgen.Sine},
	// Random with a copy of its start 70000 bytes later: beyond the
	// 64 KiB window, so the byU32 distance check must reject it.
	{"far-repeat", func(n int) []byte {
		b := testgen.Random(n, 4)
		for i := 70000; i < n; i++ {
			b[i] = b[i-70000]
		}
		return b
	}},
	// Repeats at exactly the window's edge.
	{"edge-repeat", func(n int) []byte {
		b := testgen.Random(n, 5)
		for i := maxDistance; i < n; i++ {
			b[i] = b[i-maxDistance]
		}
		return b
	}},
}
