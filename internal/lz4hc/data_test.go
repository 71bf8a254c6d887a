package lz4hc

import (
	"fmt"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// dataset is a named input.
type dataset struct {
	name string
	data []byte
}

// testInputs returns the inputs of the round-trip and peer tests, of sizes
// up to max bytes.
func testInputs(max int) []dataset {
	var ds []dataset
	for _, n := range []int{0, 1, 4, 12, 13, 14, 15, 16, 19, 20, 31, 64, 100, 255, 256, 270, 1000} {
		if n <= max {
			ds = append(ds, dataset{fmt.Sprintf("text%d", n), testgen.Text(n, uint64(n))}, dataset{fmt.Sprintf("runs%d", n), testgen.Runs(n, uint64(n))})
		}
	}
	sizes := []int{4 << 10, 32 << 10, 65536 + 11, 256 << 10, 1 << 20, 4 << 20}
	for _, n := range sizes {
		if n > max {
			continue
		}
		ds = append(ds,
			dataset{fmt.Sprintf("zeros%d", n), make([]byte, n)},
			dataset{fmt.Sprintf("text%d", n), testgen.Text(n, 7)},
			dataset{fmt.Sprintf("runs%d", n), testgen.Runs(n, 8)},
			dataset{fmt.Sprintf("random%d", n), testgen.Random(n, 9)},
			dataset{fmt.Sprintf("i32noise%d", n), testgen.RampNoise(n)},
			dataset{fmt.Sprintf("i32noiseShuf%d", n), testgen.Shuffle(testgen.RampNoise(n), 4)},
			dataset{fmt.Sprintf("f64sineShuf%d", n), testgen.Shuffle(testgen.Sine(n), 8)},
			dataset{fmt.Sprintf("mixed%d", n), testgen.Mixed(n, uint64(n))},
		)
	}
	return ds
}
