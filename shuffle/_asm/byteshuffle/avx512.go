package main

// AVX-512 (BW and VBMI) kernels for typesizes 2, 4, 8 and 16. A ZMM
// register holds 64 elements' worth of one row, so every row store or load
// is a whole 64-byte cache line. Position bits 4 and 5 (the 128-bit lane)
// are untouched by the in-lane unpacks; VPERMB (VBMI) permutes all 6
// position bits at the start (unshuffle) or the end (shuffle) of a network.

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

var zregs = []reg.VecPhysical{reg.Z0, reg.Z1, reg.Z2, reg.Z3, reg.Z4, reg.Z5, reg.Z6, reg.Z7,
	reg.Z8, reg.Z9, reg.Z10, reg.Z11, reg.Z12, reg.Z13, reg.Z14, reg.Z15,
	reg.Z16, reg.Z17, reg.Z18, reg.Z19, reg.Z20, reg.Z21, reg.Z22, reg.Z23,
	reg.Z24, reg.Z25, reg.Z26, reg.Z27, reg.Z28, reg.Z29, reg.Z30, reg.Z31}

type zpool struct{ used [32]bool }

func (p *zpool) get() int {
	for i, u := range p.used {
		if !u {
			p.used[i] = true
			return i
		}
	}
	panic("out of ZMM registers")
}

func (p *zpool) put(i int) { p.used[i] = false }

// zlayout is layout for ZMM registers: 6 position bits.
type zlayout struct {
	p    *zpool
	pos  [6]string
	regs []*vreg
}

// stage interleaves the register pairs that differ in register bit s with
// in-lane unpacks of 2^w-byte units: position bit 3 leaves for the
// register bits, s enters at bit w.
func (l *zlayout) stage(s string, w int) {
	top := l.pos[3]
	var next []*vreg
	for _, a := range l.regs {
		if a.bits[s] != 0 {
			continue
		}
		want := map[string]int{}
		for k, v := range a.bits {
			want[k] = v
		}
		want[s] = 1
		var b *vreg
		for _, c := range l.regs {
			if sameBits(c.bits, want) {
				b = c
			}
		}
		if b == nil {
			panic("no partner for stage " + s)
		}
		lo, hi := l.p.get(), l.p.get()
		vunpackOps[0][w](zregs[b.r], zregs[a.r], zregs[lo])
		vunpackOps[1][w](zregs[b.r], zregs[a.r], zregs[hi])
		l.p.put(a.r)
		l.p.put(b.r)
		for half, r := range []int{lo, hi} {
			m := map[string]int{}
			for k, v := range a.bits {
				if k != s {
					m[k] = v
				}
			}
			m[top] = half
			next = append(next, &vreg{r, m})
		}
	}
	l.regs = next
	var pos [6]string
	copy(pos[4:], l.pos[4:])
	for i := 0; i < 4; i++ {
		switch {
		case i < w:
			pos[i] = l.pos[i]
		case i == w:
			pos[i] = s
		default:
			pos[i] = l.pos[i-1]
		}
	}
	l.pos = pos
}

func sameBits(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if bv, ok := b[k]; !ok || bv != v {
			return false
		}
	}
	return true
}

// permute moves the position bits to the order newPos: with VPSHUFB if
// only the in-lane bits move, else with VPERMB. The index is a constant
// named name.
func (l *zlayout) permute(name string, newPos [6]string) {
	inLane := newPos[4] == l.pos[4] && newPos[5] == l.pos[5]
	mask := GLOBL(name, RODATA|NOPTR)
	for q := 0; q < 64; q++ {
		p := 0
		for k := 0; k < 6; k++ {
			src := -1
			for i, lab := range l.pos {
				if lab == newPos[k] {
					src = i
				}
			}
			if src < 0 {
				panic("permute: unknown label " + newPos[k])
			}
			p |= (q >> k & 1) << src
		}
		if inLane {
			p &= 15
		}
		DATA(q, U8(p))
	}
	m := l.p.get()
	VMOVDQU64(mask, zregs[m])
	for _, v := range l.regs {
		if inLane {
			VPSHUFB(zregs[m], zregs[v.r], zregs[v.r])
		} else {
			VPERMB(zregs[v.r], zregs[m], zregs[v.r])
		}
	}
	l.p.put(m)
	l.pos = newPos
}

// labels6 returns the 6 position labels of 64 bytes of typesize ts in the
// element layout, and the register bits of the 64-byte registers of a
// block of 64 elements.
func labels6(ts int) (pos [6]string, regBits []string) {
	nb := log2(ts)
	for i := 0; i < 6; i++ {
		if i < nb {
			pos[i] = fmt.Sprint("b", i)
		} else {
			pos[i] = fmt.Sprint("e", i-nb)
		}
	}
	for i := 6 - nb; i < 6; i++ {
		regBits = append(regBits, fmt.Sprint("e", i))
	}
	return pos, regBits
}

var rowPos6 = [6]string{"e0", "e1", "e2", "e3", "e4", "e5"}

// shuffleKernel512 generates func shuffle<ts>AVX512(dst, src *byte, n, blocks int),
// which shuffles blocks*64 elements.
func shuffleKernel512(ts int) {
	name := fmt.Sprintf("shuffle%dAVX512", ts)
	TEXT(name, NOSPLIT, "func(dst, src *byte, n, blocks int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s shuffles blocks*64 elements of typesize %d from src into rows n bytes apart at dst.", name, ts))
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("n"), GP64())
	blocks := Load(Param("blocks"), GP64())
	rw := newRows(dst, n, ts)
	p := &zpool{}
	nb := log2(ts)

	TESTQ(blocks, blocks)
	JZ(LabelRef(name + "_done"))
	Label(name + "_loop")
	rw.setBase8()
	pos, regBits := labels6(ts)
	l := &zlayout{p: p, pos: pos}
	for r := 0; r < ts; r++ {
		v := &vreg{r: p.get(), bits: regBitsOf(regBits, r)}
		VMOVDQU64(Mem{Base: src, Disp: 64 * r}, zregs[v.r])
		l.regs = append(l.regs, v)
	}
	// Put the byte bits on top of the lane, then bring the element bits
	// of the registers in, one stage each.
	var sel []string
	for i := 5; i >= 6-nb; i-- {
		sel = append(sel, fmt.Sprint("e", i))
	}
	switch ts {
	case 2:
		l.permute("byteshuf_z_s2", [6]string{"e0", "e1", "e2", "b0", "e3", "e4"})
		l.stage("e5", 3)
	case 4:
		l.permute("byteshuf_z_s4", [6]string{"e0", "e1", "b0", "b1", "e2", "e3"})
		l.stage("e5", 2)
		l.stage("e4", 2)
	case 8:
		l.permute("byteshuf_z_s8", [6]string{"e0", "b0", "b1", "b2", "e1", "e2"})
		for _, s := range sel {
			l.stage(s, 1)
		}
	case 16:
		for _, s := range sel {
			l.stage(s, 0)
		}
	}
	l.permute(fmt.Sprint("byteshuf_z_s", ts, "_rows"), rowPos6)
	for _, v := range l.regs {
		VMOVDQU64(zregs[v.r], rw.addr(v.value("b", nb)))
		p.put(v.r)
	}
	ADDQ(U32(64*ts), src)
	ADDQ(U32(64), dst)
	DECQ(blocks)
	JNZ(LabelRef(name + "_loop"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// unshuffleKernel512 generates func unshuffle<ts>AVX512(dst, src *byte, n, blocks int),
// which unshuffles blocks*64 elements.
func unshuffleKernel512(ts int) {
	name := fmt.Sprintf("unshuffle%dAVX512", ts)
	TEXT(name, NOSPLIT, "func(dst, src *byte, n, blocks int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s unshuffles blocks*64 elements of typesize %d from rows n bytes apart at src into dst.", name, ts))
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("n"), GP64())
	blocks := Load(Param("blocks"), GP64())
	rw := newRows(src, n, ts)
	p := &zpool{}
	nb := log2(ts)
	var rowBits []string
	for i := 0; i < nb; i++ {
		rowBits = append(rowBits, fmt.Sprint("b", i))
	}
	wantPos, _ := labels6(ts)

	TESTQ(blocks, blocks)
	JZ(LabelRef(name + "_done"))
	Label(name + "_loop")
	rw.setBase8()
	l := &zlayout{p: p, pos: rowPos6}
	for b := 0; b < ts; b++ {
		v := &vreg{r: p.get(), bits: regBitsOf(rowBits, b)}
		VMOVDQU64(rw.addr(b), zregs[v.r])
		l.regs = append(l.regs, v)
	}
	// Stages of bytes insert the byte bits at the bottom and push out
	// the element bits at bit 3: arrange for the element bits that must
	// leave to be there, in the wanted lane order.
	var first [6]string
	copy(first[4:], wantPos[4:])
	in := 0 // element bits staying in the lane's low bits
	for i := 0; i < 6; i++ {
		lab := fmt.Sprint("e", i)
		if lab == first[4] || lab == first[5] {
			continue
		}
		// The element bits of the lane that stay are those of wantPos
		// above the byte bits.
		first[in] = lab
		in++
	}
	// first[0..3] now lists the in-lane element bits in increasing order;
	// the ones that stay (those in wantPos[nb..3]) must come first.
	var stay, leave []string
	for _, lab := range first[:4] {
		found := false
		for _, w := range wantPos[nb:4] {
			if w == lab {
				found = true
			}
		}
		if found {
			stay = append(stay, lab)
		} else {
			leave = append(leave, lab)
		}
	}
	copy(first[:], append(stay, leave...))
	l.permute(fmt.Sprint("byteshuf_z_u", ts), first)
	for i := nb - 1; i >= 0; i-- {
		l.stage(fmt.Sprint("b", i), 0)
	}
	if l.pos != wantPos {
		panic(fmt.Sprintf("%s: layout %v, want %v", name, l.pos, wantPos))
	}
	for _, v := range l.regs {
		e := 0
		for i := 6 - nb; i < 6; i++ {
			e |= v.bits[fmt.Sprint("e", i)] << i
		}
		VMOVDQU64(zregs[v.r], Mem{Base: dst, Disp: e * ts})
		p.put(v.r)
	}
	ADDQ(U32(64*ts), dst)
	ADDQ(U32(64), src)
	DECQ(blocks)
	JNZ(LabelRef(name + "_loop"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}
