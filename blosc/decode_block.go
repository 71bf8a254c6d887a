package blosc

import (
	"encoding/binary"
	"strconv"

	izstd "github.com/blosc2go/blosc2/internal/zstd"
)

// worker holds the scratch buffers and codec readers of one goroutine.
// A Decoder keeps its workers between calls (stash, fanout.go); in steady
// state decoding a block allocates nothing.
type worker struct {
	codecs  *codecs
	plan    plan          // the chunk being decoded by the call that owns the worker
	job     rangeJob      // its decoding job
	scratch [3][]byte     // 0 and 1: filter pipeline; 2: a block decoded in part
	ref     []byte        // decoded block 0 for DELTA in partial decoding
	lazyBuf []byte        // compressed bytes of a lazy block
	zd      izstd.Decoder // zstd decoder (decode_zstd.go)
	inflate inflater      // zlib streams (decode_codecs.go)
}

// buf returns scratch buffer i with length n.
func (w *worker) buf(i, n int) []byte {
	if cap(w.scratch[i]) < n {
		w.scratch[i] = make([]byte, n)
	}
	return w.scratch[i][:n]
}

// refBuf returns the DELTA reference buffer with length n.
func (w *worker) refBuf(n int) []byte {
	if cap(w.ref) < n {
		w.ref = make([]byte, n)
	}
	return w.ref[:n]
}

// decodeBlock decodes block j (of a chunk not memcpyed), whose compressed
// bytes are cdata (at offset base of the chunk), into out, which has the
// block's decoded length. ref is the decoded block 0, needed by DELTA for
// the other blocks.
func (w *worker) decodeBlock(p *plan, j int, out, ref, cdata []byte, base int) error {
	bsize := len(out)
	var stage []byte
	if p.nmove == 0 {
		stage = out
	} else if raw := p.rawBlock(j, bsize, cdata); raw != nil && p.steps[0].f != Delta {
		// The first filter can read the stored bytes where they are.
		return w.undoFilters(p, j, out, ref, raw, base)
	} else {
		stage = w.buf(0, bsize)
	}
	if err := w.decodeStreams(p, j, stage, cdata, base); err != nil {
		return err
	}
	if p.nsteps == 0 {
		return nil
	}
	return w.undoFilters(p, j, out, ref, stage, base)
}

// rawBlock returns the bytes of block j when it is stored uncompressed in a
// single stream, else nil.
func (p *plan) rawBlock(j, bsize int, cdata []byte) []byte {
	if len(cdata) < 4+bsize || int(int32(binary.LittleEndian.Uint32(cdata))) != bsize {
		return nil
	}
	if p.vl {
		if len(cdata) != 4+bsize {
			return nil
		}
	} else if p.nstreams(j, bsize) != 1 {
		return nil
	}
	return cdata[4 : 4+bsize]
}

// decodeStreams decodes the streams of block j into dst.
func (w *worker) decodeStreams(p *plan, j int, dst, cdata []byte, base int) error {
	bsize := len(dst)
	if p.vl {
		// [int32 decoded size][codec data up to the next block]
		if len(cdata) < 4 {
			return corrupt(int64(base), "VL block truncated")
		}
		if int(int32(binary.LittleEndian.Uint32(cdata))) != bsize {
			return corrupt(int64(base), "VL block size changed")
		}
		comp := cdata[4:]
		if len(comp) == bsize {
			copy(dst, comp)
			return nil
		}
		return w.decompressStream(p, dst, comp, base+4)
	}
	ns := p.nstreams(j, bsize)
	neblock := bsize / ns
	if neblock == 0 || neblock*ns != bsize {
		return corrupt(int64(base), "block "+strconv.Itoa(j)+" of "+strconv.Itoa(bsize)+" bytes cannot be split in "+strconv.Itoa(ns)+" streams")
	}
	pos := 0
	for s := 0; s < ns; s++ {
		d := dst[s*neblock : (s+1)*neblock]
		if len(cdata)-pos < 4 {
			return corrupt(int64(base+pos), "stream size truncated")
		}
		csize := int(int32(binary.LittleEndian.Uint32(cdata[pos:])))
		pos += 4
		switch {
		case csize == 0:
			clear(d)
		case csize < 0:
			if pos >= len(cdata) {
				return corrupt(int64(base+pos), "stream token truncated")
			}
			token := cdata[pos]
			pos++
			if token&streamTokenRun == 0 {
				return corrupt(int64(base+pos-1), "unknown stream token "+strconv.Itoa(int(token)))
			}
			if csize < -255 {
				return corrupt(int64(base+pos-5), "run stream value out of byte range")
			}
			v := [1]byte{byte(-csize)}
			fillPeriodic(d, v[:], 0)
		case csize > len(cdata)-pos:
			return corrupt(int64(base+pos-4), "stream size "+strconv.Itoa(csize)+" exceeds the chunk")
		case csize == neblock:
			copy(d, cdata[pos:pos+csize])
			pos += csize
		default:
			if err := w.decompressStream(p, d, cdata[pos:pos+csize], base+pos); err != nil {
				return err
			}
			pos += csize
		}
	}
	return nil
}
