package zstd

import (
	"encoding/binary"
	"math/bits"
)

// hufMaxBits is the longest Huffman code of a literals section (RFC 8878
// 4.2.1: Max_Number_of_Bits is at most 11).
const hufMaxBits = 11

// hufTable is a Huffman decoding table indexed by the next log bits of a
// stream: each entry is the symbol << 8 | the code length. Fixed-size so
// that masked indexes need no bounds checks.
type hufTable struct {
	dt  [1 << hufMaxBits]uint16
	log uint8
}

// readHufTable reads a Huffman tree description (RFC 8878 4.2.1) from b
// into t and returns its length. wt and norm are scratch.
func readHufTable(t *hufTable, b []byte, wt *fseTable, norm *[64]int16) (int, error) {
	if len(b) == 0 {
		return 0, reason("Huffman tree description truncated")
	}
	var w [256]uint8
	nw := 0
	hb := int(b[0])
	n := 0
	if hb < 128 {
		// FSE-compressed weights in hb bytes.
		n = 1 + hb
		if hb == 0 || n > len(b) {
			return 0, reason("Huffman weights truncated")
		}
		s := b[1:n]
		nc, log, m, err := readNCount(norm, s, hufMaxBits+1, 6)
		if err != nil {
			return 0, err
		}
		if err := wt.build(nc, log); err != nil {
			return 0, err
		}
		var br bitReader
		if err := br.init(s[m:]); err != nil {
			return 0, err
		}
		s1 := br.read(log)
		s2 := br.read(log)
		if br.overread() {
			return 0, reason("Huffman weights bitstream overread")
		}
		for {
			if nw > 253 {
				return 0, reason("too many Huffman weights")
			}
			e := wt.e[s1&511]
			w[nw] = e.sym
			nw++
			s1 = uint64(e.base) + br.read(e.nb)
			br.reload()
			if br.overread() {
				w[nw] = wt.e[s2&511].sym
				nw++
				break
			}
			e = wt.e[s2&511]
			w[nw] = e.sym
			nw++
			s2 = uint64(e.base) + br.read(e.nb)
			br.reload()
			if br.overread() {
				w[nw] = wt.e[s1&511].sym
				nw++
				break
			}
		}
	} else {
		// hb-127 weights of 4 bits each.
		nw = hb - 127
		n = 1 + (nw+1)/2
		if n > len(b) {
			return 0, reason("Huffman weights truncated")
		}
		for i := 0; i < nw; i += 2 {
			c := b[1+i/2]
			w[i] = c >> 4
			w[i+1] = c & 15 // w has room for the one past nw
		}
	}
	return n, t.build(w[:nw+1], nw)
}

// build builds the decoding table of the first nw weights of w; w has room
// for the last weight, which build deduces.
func (t *hufTable) build(w []uint8, nw int) error {
	var rank [hufMaxBits + 2]int
	total := 0
	for _, x := range w[:nw] {
		if x > hufMaxBits {
			return reason("Huffman weight too large")
		}
		rank[x]++
		if x > 0 {
			total += 1 << (x - 1)
		}
	}
	if total == 0 {
		return reason("Huffman weights all zero")
	}
	log := bits.Len(uint(total))
	if log > hufMaxBits {
		return reason("Huffman code too long")
	}
	rest := 1<<log - total
	if rest&(rest-1) != 0 {
		return reason("Huffman weights do not sum to a power of 2")
	}
	last := bits.Len(uint(rest))
	w[nw] = uint8(last)
	rank[last]++
	if rank[1] < 2 || rank[1]&1 != 0 {
		return reason("bad Huffman weights")
	}
	// Codes of weight 1 (the longest) first, symbols in order within a
	// weight.
	var start [hufMaxBits + 2]int
	p := 0
	for x := 1; x <= log; x++ {
		start[x] = p
		p += rank[x] << (x - 1)
	}
	for s, x := range w[:nw+1] {
		if x == 0 {
			continue
		}
		e := uint16(s)<<8 | uint16(log+1-int(x))
		k := start[x]
		n := 1 << (x - 1)
		for i := k; i < k+n; i++ {
			t.dt[i&(1<<hufMaxBits-1)] = e
		}
		start[x] = k + n
	}
	t.log = uint8(log)
	return nil
}

// decode1 decodes the Huffman stream src into all of dst.
func (t *hufTable) decode1(dst, src []byte) error {
	var br bitReader
	if err := br.init(src); err != nil {
		return err
	}
	i, err := t.decodeStream(&br, dst)
	if err != nil {
		return err
	}
	_ = i
	return nil
}

// decodeStream decodes symbols from br into all of dst and checks that the
// stream ends there.
func (t *hufTable) decodeStream(br *bitReader, dst []byte) (int, error) {
	shift := (64 - uint(t.log)) & 63
	dt := &t.dt
	v, used, pos, b := br.v, br.used, br.pos, br.b
	i := 0
	for i+4 <= len(dst) && pos >= 8 {
		pos -= int(used >> 3)
		used &= 7
		v = binary.LittleEndian.Uint64(b[pos:])
		e0 := dt[(v<<(used&63)>>shift)&(1<<hufMaxBits-1)]
		used += uint(e0 & 15)
		e1 := dt[(v<<(used&63)>>shift)&(1<<hufMaxBits-1)]
		used += uint(e1 & 15)
		e2 := dt[(v<<(used&63)>>shift)&(1<<hufMaxBits-1)]
		used += uint(e2 & 15)
		e3 := dt[(v<<(used&63)>>shift)&(1<<hufMaxBits-1)]
		used += uint(e3 & 15)
		binary.LittleEndian.PutUint32(dst[i:], uint32(e0>>8)|uint32(e1>>8)<<8|uint32(e2>>8)<<16|uint32(e3>>8)<<24)
		i += 4
	}
	br.v, br.used, br.pos = v, used, pos
	for ; i < len(dst); i++ {
		br.reload()
		e := dt[(br.v<<(br.used&63)>>shift)&(1<<hufMaxBits-1)]
		br.used += uint(e & 15)
		dst[i] = byte(e >> 8)
	}
	if !br.finished() {
		return i, reason("Huffman stream not consumed exactly")
	}
	return i, nil
}

// decode4 decodes the four Huffman streams of src (after their jump table)
// into all of dst.
func (t *hufTable) decode4(dst, src []byte) error {
	if len(src) < 10 {
		return reason("Huffman streams truncated")
	}
	s1 := int(binary.LittleEndian.Uint16(src))
	s2 := int(binary.LittleEndian.Uint16(src[2:]))
	s3 := int(binary.LittleEndian.Uint16(src[4:]))
	rest := len(src) - 6
	if s1+s2+s3 >= rest {
		return reason("bad Huffman jump table")
	}
	seg := (len(dst) + 3) / 4
	if 3*seg > len(dst) {
		return reason("too few literals for 4 Huffman streams")
	}
	var br [4]bitReader
	p := 6
	for k, s := range [4]int{s1, s2, s3, rest - s1 - s2 - s3} {
		if err := br[k].init(src[p : p+s]); err != nil {
			return err
		}
		p += s
	}
	shift := (64 - uint(t.log)) & 63
	dt := &t.dt
	n4 := len(dst) - 3*seg // the last stream's symbols, the fewest
	d0, d1, d2, d3 := dst[:seg], dst[seg:2*seg], dst[2*seg:3*seg], dst[3*seg:]
	j := 0
	const mask = 1<<hufMaxBits - 1
	// The four readers' state in locals: the loop is hot.
	b0, b1, b2, b3 := br[0].b, br[1].b, br[2].b, br[3].b
	p0, p1, p2, p3 := br[0].pos, br[1].pos, br[2].pos, br[3].pos
	u0, u1, u2, u3 := br[0].used, br[1].used, br[2].used, br[3].used
	var r0, r1, r2, r3 uint64 // the words last loaded
	// Five symbols per stream and refill: after one, at least 57 bits
	// are readable and a code has at most 11. Each stream's five bytes
	// are written as one 8-byte store, which needs 8 bytes of room in
	// every segment (the last is the shortest).
	for j+8 <= n4 && p0 >= 8 && p1 >= 8 && p2 >= 8 && p3 >= 8 {
		p0 -= int(u0 >> 3)
		p1 -= int(u1 >> 3)
		p2 -= int(u2 >> 3)
		p3 -= int(u3 >> 3)
		u0 &= 7
		u1 &= 7
		u2 &= 7
		u3 &= 7
		r0 = binary.LittleEndian.Uint64(b0[p0:])
		r1 = binary.LittleEndian.Uint64(b1[p1:])
		r2 = binary.LittleEndian.Uint64(b2[p2:])
		r3 = binary.LittleEndian.Uint64(b3[p3:])
		v0 := r0 << u0
		v1 := r1 << u1
		v2 := r2 << u2
		v3 := r3 << u3
		a0 := dt[v0>>shift&mask]
		a1 := dt[v1>>shift&mask]
		a2 := dt[v2>>shift&mask]
		a3 := dt[v3>>shift&mask]
		v0 <<= a0 & 15
		v1 <<= a1 & 15
		v2 <<= a2 & 15
		v3 <<= a3 & 15
		b0_ := dt[v0>>shift&mask]
		b1_ := dt[v1>>shift&mask]
		b2_ := dt[v2>>shift&mask]
		b3_ := dt[v3>>shift&mask]
		v0 <<= b0_ & 15
		v1 <<= b1_ & 15
		v2 <<= b2_ & 15
		v3 <<= b3_ & 15
		c0 := dt[v0>>shift&mask]
		c1 := dt[v1>>shift&mask]
		c2 := dt[v2>>shift&mask]
		c3 := dt[v3>>shift&mask]
		v0 <<= c0 & 15
		v1 <<= c1 & 15
		v2 <<= c2 & 15
		v3 <<= c3 & 15
		e0 := dt[v0>>shift&mask]
		e1 := dt[v1>>shift&mask]
		e2 := dt[v2>>shift&mask]
		e3 := dt[v3>>shift&mask]
		v0 <<= e0 & 15
		v1 <<= e1 & 15
		v2 <<= e2 & 15
		v3 <<= e3 & 15
		f0 := dt[v0>>shift&mask]
		f1 := dt[v1>>shift&mask]
		f2 := dt[v2>>shift&mask]
		f3 := dt[v3>>shift&mask]
		u0 += uint(a0&15 + b0_&15 + c0&15 + e0&15 + f0&15)
		u1 += uint(a1&15 + b1_&15 + c1&15 + e1&15 + f1&15)
		u2 += uint(a2&15 + b2_&15 + c2&15 + e2&15 + f2&15)
		u3 += uint(a3&15 + b3_&15 + c3&15 + e3&15 + f3&15)
		binary.LittleEndian.PutUint64(d0[j:], uint64(a0>>8)|uint64(b0_>>8)<<8|uint64(c0>>8)<<16|uint64(e0>>8)<<24|uint64(f0>>8)<<32)
		binary.LittleEndian.PutUint64(d1[j:], uint64(a1>>8)|uint64(b1_>>8)<<8|uint64(c1>>8)<<16|uint64(e1>>8)<<24|uint64(f1>>8)<<32)
		binary.LittleEndian.PutUint64(d2[j:], uint64(a2>>8)|uint64(b2_>>8)<<8|uint64(c2>>8)<<16|uint64(e2>>8)<<24|uint64(f2>>8)<<32)
		binary.LittleEndian.PutUint64(d3[j:], uint64(a3>>8)|uint64(b3_>>8)<<8|uint64(c3>>8)<<16|uint64(e3>>8)<<24|uint64(f3>>8)<<32)
		j += 5
	}
	if j > 0 {
		br[0].pos, br[1].pos, br[2].pos, br[3].pos = p0, p1, p2, p3
		br[0].used, br[1].used, br[2].used, br[3].used = u0, u1, u2, u3
		br[0].v, br[1].v, br[2].v, br[3].v = r0, r1, r2, r3
	}
	for k, d := range [4][]byte{d0, d1, d2, d3} {
		if _, err := t.decodeStream(&br[k], d[j:]); err != nil {
			return err
		}
	}
	return nil
}
