package zstd

import (
	"testing"

	"github.com/blosc2go/blosc2/internal/testgen"
)

// TestRowSearch cross-checks rowSearch (assembly where there is some)
// with rowSearchGeneric on rows of every size, with entries of earlier
// streams, tags that match often and data with long and short matches.
func TestRowSearch(t *testing.T) {
	rng := testgen.SplitMix64(5)
	// Data of few symbols: many candidates match, at all lengths.
	b := make([]byte, 4096)
	for i := range b {
		b[i] = byte(rng.Next() % 3)
		if i >= 1000 && i < 1500 {
			b[i] = b[i-700] // a long match
		}
	}
	n := 0
	for _, size := range []int{16, 32, 64} {
		row := make([]byte, size)
		pos := make([]uint32, size)
		for iter := 0; iter < 20000; iter++ {
			base := uint32(1 + rng.Next()%1000)
			ip := 1 + int(rng.Next()%uint64(len(b)-9))
			end := ip + 8 + int(rng.Next()%uint64(len(b)-ip-7))
			tag := uint8(rng.Next() % 4)
			for i := range row {
				row[i] = uint8(rng.Next() % 4)
				switch rng.Next() % 16 {
				case 0:
					pos[i] = uint32(rng.Next() % uint64(base)) // earlier stream
				default:
					pos[i] = base + uint32(rng.Next()%uint64(ip))
				}
			}
			head := int(rng.Next() % uint64(size))
			attempts := 1 + int(rng.Next()%uint64(size+4))
			gl, go_ := rowSearchGeneric(b, row, pos, ip, end, head, tag, attempts, base)
			al, ao := rowSearch(b, row, pos, ip, end, head, tag, attempts, base)
			if gl != al || go_ != ao {
				t.Fatalf("size %d ip %d end %d head %d attempts %d: rowSearch = %d, %d; generic %d, %d", size, ip, end, head, attempts, al, ao, gl, go_)
			}
			if gl > 0 {
				n++
			}
		}
	}
	if n < 1000 {
		t.Fatalf("only %d searches found a match", n)
	}
}
