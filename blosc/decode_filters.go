package blosc

import (
	"strconv"

	"github.com/blosc2go/blosc2/shuffle"
)

// undoFilters runs the filter pipeline backwards over the decoded streams
// of block j (in stage) and leaves the result in out. Filters that move
// bytes alternate between the worker's scratch buffers, the last one writes
// to out; DELTA works in place.
func (w *worker) undoFilters(p *plan, j int, out, ref, stage []byte, base int) error {
	bsize := len(out)
	cur := stage
	curIdx := 0
	moved := 0
	for i := 0; i < p.nsteps; i++ {
		st := p.steps[i]
		if st.f == Delta {
			if j > 0 && len(ref) < bsize {
				return corrupt(int64(base), "DELTA block "+strconv.Itoa(j)+" longer than block 0")
			}
			if j == 0 {
				ref = nil
			}
			deltaDecode(cur, ref, p.typesize)
			continue
		}
		moved++
		var dst []byte
		if moved == p.nmove {
			dst = out
		} else {
			dst = w.buf(1-curIdx, bsize)
		}
		switch st.f {
		case Shuffle:
			ts := p.typesize
			if st.meta != 0 {
				ts = int(st.meta)
			}
			shuffle.Unshuffle(dst, cur, ts)
		case BitShuffle:
			bitUnshuffle(dst, cur, p.typesize, p.h.Version == VersionBlosc1)
		case ByteDelta, ByteDeltaBuggy:
			ts := p.typesize
			if st.meta != 0 {
				ts = int(st.meta)
			}
			byteDeltaDecode(dst, cur, ts, st.f == ByteDeltaBuggy)
		default:
			return unsupportedFilter(st.f)
		}
		cur = dst
		curIdx = 1 - curIdx
	}
	return nil
}
