package zstd

import "encoding/binary"

// decode1 decodes the Huffman stream src into all of dst.
func (t *hufTable) decode1(dst, src []byte) error {
	var br bitReader
	if err := br.init(src); err != nil {
		return err
	}
	return t.decodeStream(&br, dst)
}

// decodeStream decodes symbols from br into all of dst with the
// single-symbol table and checks that the stream ends there.
func (t *hufTable) decodeStream(br *bitReader, dst []byte) error {
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
		return reason("Huffman stream not consumed exactly")
	}
	return nil
}

// huf4 is the state of the four streams of a 4-stream Huffman block as
// the bulk loops take and leave it. Offsets are in the block's src (the
// streams after their jump table) and dst.
type huf4 struct {
	pos  [4]int  // each reader's pos (its 8-byte word is src[pos:pos+8])
	used [4]uint // the bits of that word already read, from the top
	lim  [4]int  // the start of each stream plus 8: the bulk loops refill only from pos >= lim
	out  [4]int  // where each stream writes next
	end  [4]int  // the end of each stream's output
}

// hufUseX2 picks the decoding table of a 4-stream block of n literals
// coded in c bytes. The double-symbol table decodes two symbols per lookup
// when their codes fit in 11 bits together, but costs a build of 2048
// entries (about as long as decoding 4 KiB of literals): it is built for
// large blocks, and used by the treeless blocks that follow. Literals that
// barely compress (codes of 6.5 bits or more on average, 16c >= 13n) have
// too few such pairs to pay for the double-symbol loop's longer steps:
// they take the single-symbol table, as zstd's own decoder chooses on
// such streams.
func hufUseX2(t *hufTable, n, c int) bool {
	if hufForce != 0 {
		return hufForce == 2
	}
	if 16*c >= 13*n {
		return false
	}
	return t.x2 || n >= hufX2MinLits
}

// hufForce forces the table of 4-stream blocks (tests): 0 chooses, 1 is
// the single-symbol table, 2 the double-symbol one.
var hufForce = 0

// hufX2MinLits is the fewest literals for which building the
// double-symbol table pays.
const hufX2MinLits = 4 << 10

// decode4 decodes the four Huffman streams of src (after their jump table)
// into all of dst.
func (t *hufTable) decode4(dst, src []byte) error {
	br, s, streams, err := split4(dst, src)
	if err != nil {
		return err
	}
	if hufUseX2(t, len(dst), len(src)) {
		if !t.x2 {
			t.buildX2()
		}
		hufBulk4X2(&t.dt2, dst, streams, &s)
	} else {
		hufBulk4X1(t, dst, streams, &s)
	}
	return t.finish4(dst, &br, &s)
}

// split4 reads the jump table of the four Huffman streams of src and
// returns their readers, the bulk loops' state and the streams (src
// after the jump table).
func split4(dst, src []byte) (br [4]bitReader, s huf4, streams []byte, err error) {
	if len(src) < 10 {
		return br, s, nil, reason("Huffman streams truncated")
	}
	s1 := int(binary.LittleEndian.Uint16(src))
	s2 := int(binary.LittleEndian.Uint16(src[2:]))
	s3 := int(binary.LittleEndian.Uint16(src[4:]))
	rest := len(src) - 6
	if s1+s2+s3 >= rest {
		return br, s, nil, reason("bad Huffman jump table")
	}
	seg := (len(dst) + 3) / 4
	if 3*seg > len(dst) {
		return br, s, nil, reason("too few literals for 4 Huffman streams")
	}
	streams = src[6:]
	p := 0
	for k, n := range [4]int{s1, s2, s3, rest - s1 - s2 - s3} {
		if err := br[k].init(streams[p : p+n]); err != nil {
			return br, s, nil, err
		}
		s.pos[k] = p + br[k].pos
		s.used[k] = br[k].used
		s.lim[k] = p + 8
		s.out[k] = k * seg
		s.end[k] = min((k+1)*seg, len(dst))
		p += n
	}
	return br, s, streams, nil
}

// finish4 decodes what the bulk loop left of each stream (from the state
// s) with the single-symbol table and checks the streams' ends.
func (t *hufTable) finish4(dst []byte, br *[4]bitReader, s *huf4) error {
	for k := range br {
		// Back into the reader: pos relative to the stream's start.
		start := s.lim[k] - 8
		if s.pos[k]-start != br[k].pos {
			br[k].pos = s.pos[k] - start
			br[k].v = binary.LittleEndian.Uint64(br[k].b[br[k].pos:])
		}
		br[k].used = s.used[k]
		if err := t.decodeStream(&br[k], dst[s.out[k]:s.end[k]]); err != nil {
			return err
		}
	}
	return nil
}

// hufBulk4X1Generic decodes symbols with the single-symbol table, five per
// stream and refill, while every stream has 8 bytes to refill from and 8
// bytes of room (the streams advance together).
func hufBulk4X1Generic(t *hufTable, dst, src []byte, s *huf4) {
	shift := (64 - uint(t.log)) & 63
	dt := &t.dt
	const mask = 1<<hufMaxBits - 1
	p0, p1, p2, p3 := s.pos[0], s.pos[1], s.pos[2], s.pos[3]
	u0, u1, u2, u3 := s.used[0], s.used[1], s.used[2], s.used[3]
	l0, l1, l2, l3 := s.lim[0], s.lim[1], s.lim[2], s.lim[3]
	o0, o1, o2, o3 := s.out[0], s.out[1], s.out[2], s.out[3]
	// The last stream has the fewest symbols.
	n := s.end[3] - s.out[3] - 8
	j := 0
	for j <= n && p0 >= l0 && p1 >= l1 && p2 >= l2 && p3 >= l3 {
		// After a refill at least 57 bits are readable and a code has
		// at most 11.
		p0 -= int(u0 >> 3)
		p1 -= int(u1 >> 3)
		p2 -= int(u2 >> 3)
		p3 -= int(u3 >> 3)
		u0 &= 7
		u1 &= 7
		u2 &= 7
		u3 &= 7
		v0 := binary.LittleEndian.Uint64(src[p0:]) << u0
		v1 := binary.LittleEndian.Uint64(src[p1:]) << u1
		v2 := binary.LittleEndian.Uint64(src[p2:]) << u2
		v3 := binary.LittleEndian.Uint64(src[p3:]) << u3
		a0 := dt[v0>>shift&mask]
		a1 := dt[v1>>shift&mask]
		a2 := dt[v2>>shift&mask]
		a3 := dt[v3>>shift&mask]
		v0 <<= a0 & 15
		v1 <<= a1 & 15
		v2 <<= a2 & 15
		v3 <<= a3 & 15
		b0 := dt[v0>>shift&mask]
		b1 := dt[v1>>shift&mask]
		b2 := dt[v2>>shift&mask]
		b3 := dt[v3>>shift&mask]
		v0 <<= b0 & 15
		v1 <<= b1 & 15
		v2 <<= b2 & 15
		v3 <<= b3 & 15
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
		u0 += uint(a0&15 + b0&15 + c0&15 + e0&15 + f0&15)
		u1 += uint(a1&15 + b1&15 + c1&15 + e1&15 + f1&15)
		u2 += uint(a2&15 + b2&15 + c2&15 + e2&15 + f2&15)
		u3 += uint(a3&15 + b3&15 + c3&15 + e3&15 + f3&15)
		binary.LittleEndian.PutUint64(dst[o0+j:], uint64(a0>>8)|uint64(b0>>8)<<8|uint64(c0>>8)<<16|uint64(e0>>8)<<24|uint64(f0>>8)<<32)
		binary.LittleEndian.PutUint64(dst[o1+j:], uint64(a1>>8)|uint64(b1>>8)<<8|uint64(c1>>8)<<16|uint64(e1>>8)<<24|uint64(f1>>8)<<32)
		binary.LittleEndian.PutUint64(dst[o2+j:], uint64(a2>>8)|uint64(b2>>8)<<8|uint64(c2>>8)<<16|uint64(e2>>8)<<24|uint64(f2>>8)<<32)
		binary.LittleEndian.PutUint64(dst[o3+j:], uint64(a3>>8)|uint64(b3>>8)<<8|uint64(c3>>8)<<16|uint64(e3>>8)<<24|uint64(f3>>8)<<32)
		j += 5
	}
	s.pos = [4]int{p0, p1, p2, p3}
	s.used = [4]uint{u0, u1, u2, u3}
	s.out = [4]int{o0 + j, o1 + j, o2 + j, o3 + j}
}

// hufBulk4X2Generic decodes symbols with the double-symbol table, five
// lookups (5 to 10 symbols) per stream and refill, while every stream
// has 8 bytes to refill from and 10 bytes of room.
func hufBulk4X2Generic(dt *[1 << hufMaxBits]uint32, dst, src []byte, s *huf4) {
	const top = 64 - hufMaxBits
	p0, p1, p2, p3 := s.pos[0], s.pos[1], s.pos[2], s.pos[3]
	u0, u1, u2, u3 := s.used[0], s.used[1], s.used[2], s.used[3]
	l0, l1, l2, l3 := s.lim[0], s.lim[1], s.lim[2], s.lim[3]
	o0, o1, o2, o3 := s.out[0], s.out[1], s.out[2], s.out[3]
	n0, n1, n2, n3 := s.end[0]-10, s.end[1]-10, s.end[2]-10, s.end[3]-10
	for o0 <= n0 && o1 <= n1 && o2 <= n2 && o3 <= n3 && p0 >= l0 && p1 >= l1 && p2 >= l2 && p3 >= l3 {
		p0 -= int(u0 >> 3)
		p1 -= int(u1 >> 3)
		p2 -= int(u2 >> 3)
		p3 -= int(u3 >> 3)
		u0 &= 7
		u1 &= 7
		u2 &= 7
		u3 &= 7
		v0 := binary.LittleEndian.Uint64(src[p0:]) << u0
		v1 := binary.LittleEndian.Uint64(src[p1:]) << u1
		v2 := binary.LittleEndian.Uint64(src[p2:]) << u2
		v3 := binary.LittleEndian.Uint64(src[p3:]) << u3
		a0 := dt[v0>>top]
		a1 := dt[v1>>top]
		a2 := dt[v2>>top]
		a3 := dt[v3>>top]
		v0 <<= a0 & 63
		v1 <<= a1 & 63
		v2 <<= a2 & 63
		v3 <<= a3 & 63
		b0 := dt[v0>>top]
		b1 := dt[v1>>top]
		b2 := dt[v2>>top]
		b3 := dt[v3>>top]
		v0 <<= b0 & 63
		v1 <<= b1 & 63
		v2 <<= b2 & 63
		v3 <<= b3 & 63
		c0 := dt[v0>>top]
		c1 := dt[v1>>top]
		c2 := dt[v2>>top]
		c3 := dt[v3>>top]
		v0 <<= c0 & 63
		v1 <<= c1 & 63
		v2 <<= c2 & 63
		v3 <<= c3 & 63
		e0 := dt[v0>>top]
		e1 := dt[v1>>top]
		e2 := dt[v2>>top]
		e3 := dt[v3>>top]
		v0 <<= e0 & 63
		v1 <<= e1 & 63
		v2 <<= e2 & 63
		v3 <<= e3 & 63
		f0 := dt[v0>>top]
		f1 := dt[v1>>top]
		f2 := dt[v2>>top]
		f3 := dt[v3>>top]
		u0 += uint(a0&63 + b0&63 + c0&63 + e0&63 + f0&63)
		u1 += uint(a1&63 + b1&63 + c1&63 + e1&63 + f1&63)
		u2 += uint(a2&63 + b2&63 + c2&63 + e2&63 + f2&63)
		u3 += uint(a3&63 + b3&63 + c3&63 + e3&63 + f3&63)
		o0 = put5X2(dst, o0, a0, b0, c0, e0, f0)
		o1 = put5X2(dst, o1, a1, b1, c1, e1, f1)
		o2 = put5X2(dst, o2, a2, b2, c2, e2, f2)
		o3 = put5X2(dst, o3, a3, b3, c3, e3, f3)
	}
	s.pos = [4]int{p0, p1, p2, p3}
	s.used = [4]uint{u0, u1, u2, u3}
	s.out = [4]int{o0, o1, o2, o3}
}

// put5X2 writes the symbols of five double-symbol entries at dst[o:] (an
// 8-byte store, then a 2-byte one) and returns the offset after them.
func put5X2(dst []byte, o int, a, b, c, e, f uint32) int {
	// Byte 1 of an entry is its symbol count: (x >> 5) & 0x18 is 8 times it.
	w := uint64(a >> 16)
	n := a >> 5 & 0x18
	w |= uint64(b>>16) << n
	n += b >> 5 & 0x18
	w |= uint64(c>>16) << n
	n += c >> 5 & 0x18
	w |= uint64(e>>16) << n
	n += e >> 5 & 0x18
	binary.LittleEndian.PutUint64(dst[o:], w)
	o += int(n >> 3)
	binary.LittleEndian.PutUint16(dst[o:], uint16(f>>16))
	return o + int(f>>8&3)
}
