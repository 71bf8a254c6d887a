package zstd

import "encoding/binary"

// seqBitsState is the state of the sequences' bit stream between
// seqBits calls: the bit accumulator and its count of valid low bits, and
// the literal length, match length and offset FSE states.
type seqBitsState struct {
	acc, nb    uint64
	vl, vm, vo uint64
}

// seqBitsGeneric codes the sequences seqs (whose codes are codes), last
// first, into buf at pos with the tables tl, tm and to, from and into
// st, and returns the new pos: per sequence the offset, match length and
// literal length states' bits, then the literal length, match length and
// offset extra bits (RFC 8878 3.1.1.4). It starts with at most 7 bits in
// st.acc and leaves at most 7; buf needs 12 bytes of room a sequence and
// 8 more. It is the oracle of seqBits's assembly.
func seqBitsGeneric(buf []byte, pos int, st *seqBitsState, seqs []seq, codes []seqCodes, tl, tm, to *fseEncTable) int {
	acc, nb := st.acc, uint(st.nb)
	vl, vm, vo := uint32(st.vl), uint32(st.vm), uint32(st.vo)
	for i := len(codes) - 1; i >= 0; i-- {
		c, s := codes[i], seqs[i]
		// Offset, match length and literal length states.
		y := to.sym[c.of&63]
		k := (vo + y.deltaNbBits) >> 16
		acc |= uint64(vo&(1<<(k&31)-1)) << (nb & 63)
		nb += uint(k)
		vo = uint32(to.state[(int32(vo>>(k&31))+y.deltaFindState)&511])
		y = tm.sym[c.ml&63]
		k = (vm + y.deltaNbBits) >> 16
		acc |= uint64(vm&(1<<(k&31)-1)) << (nb & 63)
		nb += uint(k)
		vm = uint32(tm.state[(int32(vm>>(k&31))+y.deltaFindState)&511])
		y = tl.sym[c.ll&63]
		k = (vl + y.deltaNbBits) >> 16
		acc |= uint64(vl&(1<<(k&31)-1)) << (nb & 63)
		nb += uint(k)
		vl = uint32(tl.state[(int32(vl>>(k&31))+y.deltaFindState)&511])
		// Extra bits: literal length, match length, offset.
		lx, mx := llExtra[c.ll&63], mlExtra[c.ml&63]
		lb, mb, ob := uint(lx.bits), uint(mx.bits), uint(c.of)
		if lb+mb+ob >= 64-7-26 {
			binary.LittleEndian.PutUint64(buf[pos:pos+8], acc)
			pos += int(nb >> 3)
			acc >>= nb & 56
			nb &= 7
		}
		acc |= uint64(s.litLen-lx.base) << (nb & 63)
		nb += lb
		acc |= uint64(s.matchLen-mx.base) << (nb & 63)
		nb += mb
		if lb+mb+ob > 56 {
			binary.LittleEndian.PutUint64(buf[pos:pos+8], acc)
			pos += int(nb >> 3)
			acc >>= nb & 56
			nb &= 7
		}
		acc |= uint64(s.offBase&(1<<(ob&31)-1)) << (nb & 63)
		nb += ob
		binary.LittleEndian.PutUint64(buf[pos:pos+8], acc)
		pos += int(nb >> 3)
		acc >>= nb & 56
		nb &= 7
	}
	st.acc, st.nb = acc, uint64(nb)
	st.vl, st.vm, st.vo = uint64(vl), uint64(vm), uint64(vo)
	return pos
}
