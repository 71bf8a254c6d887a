package blosc

import (
	"bytes"
	"encoding/binary"
)

// compressBlock runs the filters over block j of src, compresses its
// streams and appends them to out. allZero reports whether every stream
// is a run of zeros. ref is block 0 as the decoder will see it (DELTA).
// ok is false, and out holds garbage past its original length, when the
// block does not fit in max-len(out) bytes; out never grows past max.
//
// Each stream is stored as an int32 size and its bytes: 0 with no bytes
// for a run of zeros and -v with a token byte 0x01 for a run of byte v
// (FormatBlosc2 only, as C-Blosc2 writes them), the stream itself when the
// codec does not make it shorter, else the codec's output. As in
// C-Blosc2, the codec's output capacity is the room left before max when
// that is less than the stream.
//
// With raws not nil and no filters, a stream stored as is gets its room in
// out but is not copied: its copy from src is appended to *raws (at is its
// offset in out), for the caller to make once the chunk is known to fit.
// An incompressible input thus ends memcpyed without its streams having
// been copied first.
func (e *Encoder) compressBlock(w *encWorker, p *encPlan, src []byte, j int, ref, out []byte, max int, raws *[]rawCopy) (_ []byte, allZero, ok bool) {
	o := &e.opts
	bsize := p.blockLen(j)
	data := e.filterBlock(w, p, src, j, ref)
	if e.nfilters > 0 {
		raws = nil // the streams are in scratch buffers the next block reuses
	}
	nst := p.nstreams(j, o.Typesize)
	neblock := bsize / nst
	runs := o.Format == FormatBlosc2
	allZero = true
	for s := 0; s < nst; s++ {
		stream := data[s*neblock : (s+1)*neblock]
		pos := len(out)
		room := max - pos - 4
		if room < 0 {
			return out, false, false
		}
		if runs && isRun(stream) {
			v := stream[0]
			if v == 0 {
				out = append(out, 0, 0, 0, 0)
				continue
			}
			if room < 1 {
				return out, false, false
			}
			var b [5]byte
			binary.LittleEndian.PutUint32(b[:], uint32(-int32(v)))
			b[4] = streamTokenRun
			out = append(out, b[:]...)
			allZero = false
			continue
		}
		allZero = false
		capn := neblock
		if room < capn {
			capn = room
		}
		out = growLen(out, 4+capn)
		// The codec may use the room up to max as scratch, never more: the
		// caller's bytes past the chunk's largest size stay untouched.
		hi := max
		if hi > cap(out) {
			hi = cap(out)
		}
		n := e.compressStream(w, out[pos+4:pos+4+capn:hi], stream, p.dict)
		if n == 0 {
			if neblock > room {
				return out, false, false
			}
			out = growLen(out[:pos+4], neblock)
			if raws != nil {
				*raws = append(*raws, rawCopy{at: pos + 4, from: j*p.blocksize + s*neblock, n: neblock})
				n = neblock
			} else {
				n = copy(out[pos+4:], stream)
			}
		}
		binary.LittleEndian.PutUint32(out[pos:], uint32(n))
		out = out[:pos+4+n]
	}
	return out, allZero, true
}

// rawCopy is a stream stored as is whose bytes are still to be copied: the
// n bytes of the input at from go to offset at of the output.
type rawCopy struct{ at, from, n int }

// filterBlock returns block j of src after the filters: src itself
// without filters, else one of w's two filter buffers. ref is block 0 as
// the decoder will see it (DELTA).
func (e *Encoder) filterBlock(w *encWorker, p *encPlan, src []byte, j int, ref []byte) []byte {
	o := &e.opts
	bsize := p.blockLen(j)
	data := src[j*p.blocksize : j*p.blocksize+bsize]
	if e.nfilters == 0 {
		return data
	}
	if j == 0 {
		ref = nil
	}
	cur := 0
	for i, f := range o.Filters {
		if f == NoFilter {
			continue
		}
		dst := w.buf(cur, bsize)
		o.applyFilter(i, dst, data, ref)
		data = dst
		cur ^= 1
	}
	return data
}

// growLen returns b extended by n bytes (contents of the extension
// unspecified), reallocating with room to spare when needed.
func growLen(b []byte, n int) []byte {
	l := len(b)
	if cap(b)-l < n {
		nb := make([]byte, l, 2*cap(b)+n)
		copy(nb, b)
		b = nb
	}
	return b[:l+n]
}

// isRun reports whether every byte of b (not empty) is the same. Past a
// first 64 bytes checked word by word, it compares b with its own run
// prefix of up to 8 KiB (bytes.Equal runs at several times the speed of
// a word loop, and the prefix stays in the L1 cache).
func isRun(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	head := b
	if len(head) > 64 {
		head = head[:64]
	}
	v := uint64(b[0]) * 0x0101010101010101
	i := 0
	for ; i+8 <= len(head); i += 8 {
		if binary.LittleEndian.Uint64(head[i:]) != v {
			return false
		}
	}
	for ; i < len(head); i++ {
		if head[i] != b[0] {
			return false
		}
	}
	for k := len(head); k < len(b); {
		m := k
		if m > 8<<10 {
			m = 8 << 10
		}
		if m > len(b)-k {
			m = len(b) - k
		}
		if !bytes.Equal(b[k:k+m], b[:m]) {
			return false
		}
		k += m
	}
	return true
}
