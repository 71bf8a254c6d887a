// Command byteshuffle generates the amd64 byte shuffle kernels of package
// shuffle (shuffle_amd64.s) with avo.
//
// Every kernel transposes a block of 16 elements per 128-bit lane between the
// element layout (element i's typesize bytes next to each other) and the row
// layout (byte j of all elements next to each other). The transposes are
// networks of PUNPCKL/H instructions, planned by tracking what every bit of
// a byte's address means:
//
//   - a 16-byte register has 4 position bits, and the registers of a block
//     are told apart by register bits;
//   - each bit is labelled with the element bit (e0..e3) or byte bit (b0..)
//     it holds;
//   - PUNPCKL/H of width 2^w bytes on a pair of registers that differ in
//     register bit s moves the top position bit into the register bits
//     (low or high half) and s into position bit w, shifting the position
//     bits in between up by one. PSHUFB permutes position bits freely.
//
// The generator checks that each network ends in the wanted layout and
// derives from the labels which memory address every register goes to.
//
// The AVX2 kernels hold two blocks of 16 elements at once, one per lane
// (elements 0..15 in the low lane, 16..31 in the high lane), so that every
// row of the row layout is 32 contiguous bytes. The AVX-512 kernels
// (avx512.go) hold 64 elements' worth of a row in a register, so that every
// row access is a whole cache line, and fix the lane order with VPERMB.
//
// Typesizes 2, 4, 8 and 16 have their own kernels (SSE2, AVX2, AVX-512). Other typesizes use a
// general kernel that moves 8-byte columns of 16 elements: it gathers
// bytes c..c+7 of 16 elements with 8-byte loads, transposes them like
// typesize 8 and stores 8 rows, for c = 0, 8, 16, ... (the last column
// shifted back to end at the element's end, rewriting some rows with the
// same values). Typesizes below 8 read and write 8 bytes from the start of
// every element; the Go side keeps those accesses inside the slices and the
// generic code rewrites the bytes of the following elements afterwards.
package main

import (
	"flag"
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

func main() {
	flag.Parse()
	ConstraintExpr("!purego")
	for _, ts := range []int{2, 4, 8, 16} {
		shuffleKernel(false, ts)
		shuffleKernel(true, ts)
		unshuffleKernel(false, ts)
		unshuffleKernel(true, ts)
		shuffleKernel512(ts)
		unshuffleKernel512(ts)
	}
	shuffleGeneralSSE2()
	unshuffleGeneralSSE2()
	Generate()
}

// ---------------------------------------------------------------------------
// Vector register pool. Registers are assigned by hand: avo's allocator may
// pick X16..X31, which neither SSE2 nor VEX encodings can name.

var xregs = []reg.VecPhysical{reg.X0, reg.X1, reg.X2, reg.X3, reg.X4, reg.X5, reg.X6, reg.X7,
	reg.X8, reg.X9, reg.X10, reg.X11, reg.X12, reg.X13, reg.X14, reg.X15}
var yregs = []reg.VecPhysical{reg.Y0, reg.Y1, reg.Y2, reg.Y3, reg.Y4, reg.Y5, reg.Y6, reg.Y7,
	reg.Y8, reg.Y9, reg.Y10, reg.Y11, reg.Y12, reg.Y13, reg.Y14, reg.Y15}

type pool struct {
	avx  bool
	used [16]bool
}

func (p *pool) get() int {
	for i, u := range p.used {
		if !u {
			p.used[i] = true
			return i
		}
	}
	panic("out of vector registers")
}

func (p *pool) put(i int) {
	if !p.used[i] {
		panic("register freed twice")
	}
	p.used[i] = false
}

func (p *pool) x(i int) reg.VecPhysical { return xregs[i] }

// ---------------------------------------------------------------------------
// Layout tracking.

// vreg is one vector register of a block with the values of its register
// bits.
type vreg struct {
	r    int
	bits map[string]int
}

// layout is the state of a block: the labels of the 4 position bits (index
// 0 is the lowest) and the registers.
type layout struct {
	p    *pool
	pos  [4]string
	regs []*vreg
}

func (l *layout) find(bits map[string]int) *vreg {
	for _, v := range l.regs {
		match := true
		for k, b := range bits {
			if v.bits[k] != b {
				match = false
				break
			}
		}
		if match && len(v.bits) == len(bits) {
			return v
		}
	}
	panic(fmt.Sprintf("no register with bits %v", bits))
}

// keep selects the outputs of a stage: both halves, or only the low or
// high one (to halve the registers a 16-register block needs).
type keep int

const (
	keepBoth keep = iota
	keepLo
	keepHi
)

// stage interleaves the register pairs that differ in register bit s with
// unpacks of 2^w-byte units.
func (l *layout) stage(s string, w int, k keep) {
	l.pairStage(s, w, k)
	l.shift(s, w)
}

// pairStage does the register work of stage without updating the
// position labels.
func (l *layout) pairStage(s string, w int, k keep) {
	top := l.pos[3]
	var next []*vreg
	for _, a := range l.regs {
		if a.bits[s] != 0 {
			continue
		}
		want := map[string]int{}
		for key, val := range a.bits {
			want[key] = val
		}
		want[s] = 1
		b := l.find(want)
		mk := func(hiHalf int) map[string]int {
			m := map[string]int{}
			for key, val := range a.bits {
				if key != s {
					m[key] = val
				}
			}
			m[top] = hiHalf
			return m
		}
		var lo, hi int = -1, -1
		if l.p.avx {
			if k != keepHi {
				lo = l.p.get()
				unpackAVX(w, false, b.r, a.r, lo)
			}
			if k != keepLo {
				hi = l.p.get()
				unpackAVX(w, true, b.r, a.r, hi)
			}
			l.p.put(a.r)
			l.p.put(b.r)
		} else {
			switch k {
			case keepBoth:
				lo = l.p.get()
				MOVO(xregs[a.r], xregs[lo])
				unpackSSE(w, false, b.r, lo)
				unpackSSE(w, true, b.r, a.r)
				hi = a.r
			case keepLo:
				unpackSSE(w, false, b.r, a.r)
				lo = a.r
			case keepHi:
				unpackSSE(w, true, b.r, a.r)
				hi = a.r
			}
			l.p.put(b.r)
		}
		if lo >= 0 {
			m := mk(0)
			if k == keepLo {
				delete(m, top)
			}
			next = append(next, &vreg{lo, m})
		}
		if hi >= 0 {
			m := mk(1)
			if k == keepHi {
				delete(m, top)
			}
			next = append(next, &vreg{hi, m})
		}
	}
	l.regs = next
}

// shift updates the position labels for a stage with selector s and unit
// width 2^w.
func (l *layout) shift(s string, w int) {
	var pos [4]string
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

var unpackOps = [2][4]func(mx, x Op){
	{PUNPCKLBW, PUNPCKLWL, PUNPCKLLQ, PUNPCKLQDQ},
	{PUNPCKHBW, PUNPCKHWL, PUNPCKHLQ, PUNPCKHQDQ},
}

var vunpackOps = [2][4]func(...Op){
	{VPUNPCKLBW, VPUNPCKLWD, VPUNPCKLDQ, VPUNPCKLQDQ},
	{VPUNPCKHBW, VPUNPCKHWD, VPUNPCKHDQ, VPUNPCKHQDQ},
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// unpackSSE sets x = interleave(x, y) of the low or high halves.
func unpackSSE(w int, hi bool, y, x int) {
	unpackOps[b2i(hi)][w](xregs[y], xregs[x])
}

// unpackAVX sets d = interleave(a, b) of the low or high halves of every lane.
func unpackAVX(w int, hi bool, b, a, d int) {
	vunpackOps[b2i(hi)][w](yregs[b], yregs[a], yregs[d])
}

// pshufb permutes the position bits into the order newPos with VPSHUFB (the
// mask is a constant named name).
func (l *layout) pshufb(name string, newPos [4]string) {
	mask := GLOBL(name, RODATA|NOPTR)
	for q := 0; q < 32; q++ {
		p := 0
		for k := 0; k < 4; k++ {
			bit := (q >> k) & 1
			src := -1
			for i, lab := range l.pos {
				if lab == newPos[k] {
					src = i
				}
			}
			if src < 0 {
				panic("pshufb: unknown label " + newPos[k])
			}
			p |= bit << src
		}
		DATA(q, U8(p))
	}
	m := l.p.get()
	VMOVDQU(mask, yregs[m])
	for _, v := range l.regs {
		VPSHUFB(yregs[m], yregs[v.r], yregs[v.r])
	}
	l.p.put(m)
	l.pos = newPos
}

func (l *layout) checkPos(want [4]string) {
	if l.pos != want {
		panic(fmt.Sprintf("layout %v, want %v", l.pos, want))
	}
}

// value returns the number whose bit i is the register bit labelled
// prefix+i, over n bits.
func (v *vreg) value(prefix string, n int) int {
	x := 0
	for i := 0; i < n; i++ {
		b, ok := v.bits[fmt.Sprint(prefix, i)]
		if !ok {
			panic(fmt.Sprintf("register has no bit %s%d: %v", prefix, i, v.bits))
		}
		x |= b << i
	}
	return x
}

// firstElement returns the index of the first element register v holds
// when its register bits include the element bits e<from>..e3.
func (v *vreg) firstElement(from int) int {
	e := 0
	for i := from; i < 4; i++ {
		b, ok := v.bits[fmt.Sprint("e", i)]
		if !ok {
			panic(fmt.Sprintf("register has no bit e%d: %v", i, v.bits))
		}
		e |= b << i
	}
	return e
}

func log2(x int) int {
	n := 0
	for 1<<n < x {
		n++
	}
	return n
}

// elementLayout returns the labels of a block of 16 elements of typesize
// ts (a power of 2 up to 16) loaded as 16-byte registers: position bits are
// the low byte bits then the low element bits, register bits the rest.
func elementLabels(ts int) (pos [4]string, regBits []string) {
	nb := log2(ts)
	for i := 0; i < 4; i++ {
		if i < nb {
			pos[i] = fmt.Sprint("b", i)
		} else {
			pos[i] = fmt.Sprint("e", i-nb)
		}
	}
	for i := 4 - nb; i < 4; i++ {
		regBits = append(regBits, fmt.Sprint("e", i))
	}
	return pos, regBits
}

var rowPos = [4]string{"e0", "e1", "e2", "e3"}

// regBitsOf returns the register bit values of register index r.
func regBitsOf(labels []string, r int) map[string]int {
	m := map[string]int{}
	for i, lab := range labels {
		m[lab] = (r >> i) & 1
	}
	return m
}

// ---------------------------------------------------------------------------
// Row addressing: the address of row b (0..15) relative to a base pointer,
// with n, 3n, 5n and 7n in registers and a second base 8 rows further.

type rows struct {
	base, base8   reg.Register
	n, n3, n5, n7 reg.Register
}

func newRows(dst, n reg.Register, count int) *rows {
	r := &rows{base: dst, n: n}
	if count > 2 {
		r.n3 = GP64()
		LEAQ(Mem{Base: n, Index: n, Scale: 2}, r.n3)
	}
	if count > 4 {
		r.n5 = GP64()
		LEAQ(Mem{Base: n, Index: n, Scale: 4}, r.n5)
		r.n7 = GP64()
		LEAQ(Mem{Base: r.n3, Index: n, Scale: 4}, r.n7)
	}
	if count > 8 {
		r.base8 = GP64()
	}
	return r
}

// setBase8 recomputes the second base after base moved.
func (r *rows) setBase8() {
	if r.base8 != nil {
		LEAQ(Mem{Base: r.base, Index: r.n, Scale: 8}, r.base8)
	}
}

func (r *rows) addr(b int) Mem {
	base := r.base
	if b >= 8 {
		base = r.base8
		b -= 8
	}
	switch b {
	case 0:
		return Mem{Base: base}
	case 1:
		return Mem{Base: base, Index: r.n, Scale: 1}
	case 2:
		return Mem{Base: base, Index: r.n, Scale: 2}
	case 3:
		return Mem{Base: base, Index: r.n3, Scale: 1}
	case 4:
		return Mem{Base: base, Index: r.n, Scale: 4}
	case 5:
		return Mem{Base: base, Index: r.n5, Scale: 1}
	case 6:
		return Mem{Base: base, Index: r.n3, Scale: 2}
	case 7:
		return Mem{Base: base, Index: r.n7, Scale: 1}
	}
	panic("row out of range")
}

// ---------------------------------------------------------------------------
// Kernels for typesizes 2, 4, 8 and 16.

func kernelName(op string, avx bool, ts int) string {
	set := "SSE2"
	if avx {
		set = "AVX2"
	}
	return fmt.Sprintf("%s%d%s", op, ts, set)
}

// shuffleKernel generates func shuffle<ts><set>(dst, src *byte, n, blocks int):
// it shuffles the first blocks*16 (SSE2) or blocks*32 (AVX2) elements of
// src, twice as many for typesize 16, whose rows in dst are n bytes apart.
func shuffleKernel(avx bool, ts int) {
	name := kernelName("shuffle", avx, ts)
	TEXT(name, NOSPLIT, "func(dst, src *byte, n, blocks int)")
	Pragma("noescape")
	step := 16 * (1 + b2i(avx)) // elements per lane set
	unroll := 1
	if ts == 16 {
		// Two blocks per iteration: the first pass writes whole
		// 64-byte lines of rows 0..7, the second of rows 8..15. Writing
		// half lines of all 16 rows, which share one L1 set when n is
		// a multiple of 4096, thrashes the cache.
		unroll = 2
	}
	Doc(fmt.Sprintf("%s shuffles blocks*%d elements of typesize %d from src into rows n bytes apart at dst.",
		name, step*unroll, ts))
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("n"), GP64())
	blocks := Load(Param("blocks"), GP64())
	rw := newRows(dst, n, ts)
	p := &pool{avx: avx}

	// ts16 needs 16 registers per block; it runs the network twice, once
	// for each half of the first stage's outputs.
	passes := []keep{keepBoth}
	if ts == 16 {
		passes = []keep{keepLo, keepHi}
	}

	TESTQ(blocks, blocks)
	JZ(LabelRef(name + "_done"))
	Label(name + "_loop")
	rw.setBase8()
	for _, k := range passes {
		for sub := 0; sub < unroll; sub++ {
			in := sub * step * ts // offset of the block in src
			out := sub * step     // offset of the block in every row
			pos, regBits := elementLabels(ts)
			l := &layout{p: p, pos: pos}
			load := func(r int) *vreg {
				v := &vreg{r: p.get(), bits: regBitsOf(regBits, r)}
				if avx {
					VMOVDQU(Mem{Base: src, Disp: in + 16*r}, p.x(v.r))
					VINSERTI128(U8(1), Mem{Base: src, Disp: in + 16*ts + 16*r}, yregs[v.r], yregs[v.r])
				} else {
					MOVOU(Mem{Base: src, Disp: in + 16*r}, xregs[v.r])
				}
				return v
			}
			sel := []string{"e3", "e2", "e1", "e0"}
			if k == keepBoth {
				for r := 0; r < ts; r++ {
					l.regs = append(l.regs, load(r))
				}
			} else {
				// Load the pairs of the first stage one at a time and keep
				// one half of each.
				var keptRegs []*vreg
				for r := 0; r < ts/2; r++ {
					l.regs = []*vreg{load(r), load(r + ts/2)}
					l.pairStage(sel[0], 0, k)
					keptRegs = append(keptRegs, l.regs[0])
				}
				l.regs = keptRegs
				l.shift(sel[0], 0)
				sel = sel[1:]
			}
			switch {
			case avx && ts == 2:
				// Gather the byte bit on top with one VPSHUFB per register;
				// one stage of 8-byte units finishes the job.
				l.pshufb("byteshuf_ts2_mask", [4]string{"e0", "e1", "e2", "b0"})
				l.stage("e3", 3, keepBoth)
				sel = nil
			case avx && ts == 4:
				l.pshufb("byteshuf_ts4_mask", [4]string{"e0", "e1", "b0", "b1"})
				l.stage("e3", 2, keepBoth)
				l.stage("e2", 2, keepBoth)
				sel = nil
			}
			for _, s := range sel {
				l.stage(s, 0, keepBoth)
			}
			l.checkPos(rowPos)
			nb := log2(ts)
			for _, v := range l.regs {
				if k == keepHi {
					v.bits[fmt.Sprint("b", nb-1)] = 1
				} else if k == keepLo {
					v.bits[fmt.Sprint("b", nb-1)] = 0
				}
				b := v.value("b", nb)
				if avx {
					VMOVDQU(yregs[v.r], rw.addr(b).Offset(out))
				} else {
					MOVOU(xregs[v.r], rw.addr(b).Offset(out))
				}
				p.put(v.r)
			}
		}
	}
	ADDQ(U32(unroll*step*ts), src)
	ADDQ(U32(unroll*step), dst)
	DECQ(blocks)
	JNZ(LabelRef(name + "_loop"))
	Label(name + "_done")
	if avx {
		VZEROUPPER()
	}
	RET()
}

// unshuffleKernel generates func unshuffle<ts><set>(dst, src *byte, n, blocks int):
// it unshuffles the first blocks*16 (SSE2) or blocks*32 (AVX2) elements
// whose rows in src are n bytes apart.
func unshuffleKernel(avx bool, ts int) {
	name := kernelName("unshuffle", avx, ts)
	TEXT(name, NOSPLIT, "func(dst, src *byte, n, blocks int)")
	Pragma("noescape")
	Doc(fmt.Sprintf("%s unshuffles blocks*%d elements of typesize %d from rows n bytes apart at src into dst.",
		name, 16*(1+b2i(avx)), ts))
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("n"), GP64())
	blocks := Load(Param("blocks"), GP64())
	rw := newRows(src, n, ts)
	p := &pool{avx: avx}
	step := 16 * (1 + b2i(avx))
	nb := log2(ts)

	passes := []keep{keepBoth}
	if ts == 16 {
		passes = []keep{keepLo, keepHi}
	}
	var rowBits []string
	for i := 0; i < nb; i++ {
		rowBits = append(rowBits, fmt.Sprint("b", i))
	}
	wantPos, _ := elementLabels(ts)

	TESTQ(blocks, blocks)
	JZ(LabelRef(name + "_done"))
	Label(name + "_loop")
	rw.setBase8()
	for _, k := range passes {
		l := &layout{p: p, pos: rowPos}
		load := func(b int) *vreg {
			v := &vreg{r: p.get(), bits: regBitsOf(rowBits, b)}
			if avx {
				VMOVDQU(rw.addr(b), yregs[v.r])
			} else {
				MOVOU(rw.addr(b), xregs[v.r])
			}
			return v
		}
		stages := rowBits
		sel := make([]string, 0, nb)
		for i := nb - 1; i >= 0; i-- {
			sel = append(sel, stages[i])
		}
		if k == keepBoth {
			for b := 0; b < ts; b++ {
				l.regs = append(l.regs, load(b))
			}
		} else {
			var keptRegs []*vreg
			for b := 0; b < ts/2; b++ {
				l.regs = []*vreg{load(b), load(b + ts/2)}
				l.pairStage(sel[0], 0, k)
				keptRegs = append(keptRegs, l.regs[0])
			}
			l.regs = keptRegs
			l.shift(sel[0], 0)
			sel = sel[1:]
		}
		for _, s := range sel {
			l.stage(s, 0, keepBoth)
		}
		l.checkPos(wantPos)
		// byElem[e] is the register that holds 16/ts elements from e.
		byElem := map[int]*vreg{}
		for _, v := range l.regs {
			if k == keepHi {
				v.bits["e3"] = 1
			} else if k == keepLo {
				v.bits["e3"] = 0
			}
			byElem[v.firstElement(4-nb)] = v
		}
		per := 16 / ts // elements per 16 bytes
		for e := 0; e < 16; e += per {
			v, ok := byElem[e]
			if !ok {
				continue
			}
			if !avx {
				MOVOU(xregs[v.r], Mem{Base: dst, Disp: e * ts})
				p.put(v.r)
				continue
			}
			if e/per%2 == 1 {
				continue // stored with its left neighbour
			}
			// Join the lanes of this register and the next one (the
			// following 16 bytes) into two 32-byte stores.
			w := byElem[e+per]
			t := p.get()
			VPERM2I128(U8(0x20), yregs[w.r], yregs[v.r], yregs[t])
			VMOVDQU(yregs[t], Mem{Base: dst, Disp: e * ts})
			VPERM2I128(U8(0x31), yregs[w.r], yregs[v.r], yregs[t])
			VMOVDQU(yregs[t], Mem{Base: dst, Disp: 16*ts + e*ts})
			p.put(t)
			p.put(v.r)
			p.put(w.r)
		}
	}
	ADDQ(U32(step*ts), dst)
	ADDQ(U32(step), src)
	DECQ(blocks)
	JNZ(LabelRef(name + "_loop"))
	Label(name + "_done")
	if avx {
		VZEROUPPER()
	}
	RET()
}

// storeLow stores the low 16 bytes of register r.
func storeLow(avx bool, r int, m Mem) {
	if avx {
		VMOVDQU(xregs[r], m)
	} else {
		MOVOU(xregs[r], m)
	}
}

// ---------------------------------------------------------------------------
// General typesizes (SSE2).

// shuffleGeneralSSE2 generates func shuffleGeneralSSE2(dst, src *byte, n,
// blocks, typesize int) for typesize >= 3: it shuffles blocks*16 elements.
// For typesize < 8 it reads 8 bytes from the start of every element, so
// the caller must leave 8-typesize bytes after the last one.
func shuffleGeneralSSE2() {
	name := "shuffleGeneralSSE2"
	TEXT(name, NOSPLIT, "func(dst, src *byte, n, blocks, typesize int)")
	Pragma("noescape")
	Doc(name + " shuffles blocks*16 elements of any typesize >= 3 from src into rows n bytes apart at dst, moving 8-byte columns.")
	general(name, true)
}

// unshuffleGeneralSSE2 generates the inverse of shuffleGeneralSSE2. For
// typesize < 8 it writes 8 bytes at the start of every element, in
// increasing order, so the caller must leave 8-typesize bytes after the last
// one and rewrite them afterwards.
func unshuffleGeneralSSE2() {
	name := "unshuffleGeneralSSE2"
	TEXT(name, NOSPLIT, "func(dst, src *byte, n, blocks, typesize int)")
	Pragma("noescape")
	Doc(name + " unshuffles blocks*16 elements of any typesize >= 3 from rows n bytes apart at src into dst, moving 8-byte columns.")
	general(name, false)
}

func general(name string, fwd bool) {
	dst := Load(Param("dst"), GP64())
	src := Load(Param("src"), GP64())
	n := Load(Param("n"), GP64())
	blocks := Load(Param("blocks"), GP64())
	ts := Load(Param("typesize"), GP64())

	// elems is the block in the element layout, rowsBase the block's first
	// row in the row layout.
	elems, rowsBase := src, dst
	if !fwd {
		elems, rowsBase = dst, src
	}
	lastCol := GP64() // max(ts-8, 0)
	MOVQ(ts, lastCol)
	SUBQ(U8(8), lastCol)
	zero := GP64()
	XORQ(zero, zero)
	CMPQ(lastCol, zero)
	CMOVQLT(zero, lastCol)
	ts3 := GP64()
	LEAQ(Mem{Base: ts, Index: ts, Scale: 2}, ts3)

	c0 := GP64()
	c := GP64()
	ep := GP64() // element pointer of the current column
	rw := newRows(GP64(), n, 8)
	p := &pool{}

	if !fwd {
		// Rows past typesize are not loaded; give their registers a
		// defined value.
		for r := 0; r < 8; r++ {
			PXOR(xregs[r], xregs[r])
		}
	}

	TESTQ(blocks, blocks)
	JZ(LabelRef(name + "_done"))
	Label(name + "_block")
	XORQ(c0, c0)
	Label(name + "_col")
	MOVQ(c0, c)
	CMPQ(c, lastCol)
	CMOVQGT(lastCol, c)
	LEAQ(Mem{Base: elems, Index: c, Scale: 1}, ep)
	MOVQ(c, rw.base)
	IMULQ(n, rw.base)
	ADDQ(rowsBase, rw.base)

	// Element e's column is at ep + e*ts: walk with two pointers.
	elemAddrs := func(f func(e int, m Mem)) {
		q := GP64()
		MOVQ(ep, q)
		for e := 0; e < 16; e += 4 {
			f(e, Mem{Base: q})
			f(e+1, Mem{Base: q, Index: ts, Scale: 1})
			f(e+2, Mem{Base: q, Index: ts, Scale: 2})
			f(e+3, Mem{Base: q, Index: ts3, Scale: 1})
			if e < 12 {
				LEAQ(Mem{Base: q, Index: ts, Scale: 4}, q)
			}
		}
	}

	if fwd {
		// Register r holds elements 2r (low half) and 2r+1.
		l := &layout{p: p, pos: [4]string{"b0", "b1", "b2", "e0"}}
		regs := make([]*vreg, 8)
		for r := range regs {
			regs[r] = &vreg{r: p.get(), bits: regBitsOf([]string{"e1", "e2", "e3"}, r)}
		}
		elemAddrs(func(e int, m Mem) {
			if e%2 == 0 {
				MOVQ(m, xregs[regs[e/2].r])
			} else {
				MOVHPS(m, xregs[regs[e/2].r])
			}
		})
		l.regs = regs
		for _, s := range []string{"e3", "e2", "e1", "e0"} {
			l.stage(s, 0, keepBoth)
		}
		l.checkPos(rowPos)
		byRow := make([]*vreg, 8)
		for _, v := range l.regs {
			byRow[v.value("b", 3)] = v
		}
		// Rows 0..2 always exist (typesize >= 3); rows 3..7 only below
		// typesize.
		for b := 0; b < 8; b++ {
			if b >= 3 {
				CMPQ(ts, U8(b))
				JLE(LabelRef(name + "_stored"))
			}
			MOVOU(xregs[byRow[b].r], rw.addr(b))
		}
		Label(name + "_stored")
		for _, v := range l.regs {
			p.put(v.r)
		}
	} else {
		regs := make([]*vreg, 8)
		for b := range regs {
			regs[b] = &vreg{r: b, bits: regBitsOf([]string{"b0", "b1", "b2"}, b)}
			p.used[b] = true
		}
		for b := 0; b < 8; b++ {
			if b >= 3 {
				CMPQ(ts, U8(b))
				JLE(LabelRef(name + "_loaded"))
			}
			MOVOU(rw.addr(b), xregs[b])
		}
		Label(name + "_loaded")
		l := &layout{p: p, pos: rowPos, regs: regs}
		for _, s := range []string{"b2", "b1", "b0"} {
			l.stage(s, 0, keepBoth)
		}
		l.checkPos([4]string{"b0", "b1", "b2", "e0"})
		byElem := make([]*vreg, 8)
		for _, v := range l.regs {
			byElem[v.firstElement(1)/2] = v
		}
		// Store in increasing element order: for typesize < 8 each store
		// spills into the next element, which a later store rewrites.
		elemAddrs(func(e int, m Mem) {
			if e%2 == 0 {
				MOVQ(xregs[byElem[e/2].r], m)
			} else {
				MOVHPS(xregs[byElem[e/2].r], m)
			}
		})
		// The next column loads X0..X7 again (the rows past typesize keep
		// whatever the network left there).
		releaseAll(p, l.regs)
	}

	ADDQ(U8(8), c0)
	CMPQ(c0, ts)
	JLT(LabelRef(name + "_col"))

	ADDQ(U8(16), rowsBase)
	// elems += 16*ts
	MOVQ(ts, c)
	SHLQ(U8(4), c)
	ADDQ(c, elems)
	DECQ(blocks)
	JNZ(LabelRef(name + "_block"))
	Label(name + "_done")
	RET()
}

// releaseAll releases the registers of a finished network, which must be
// all the registers in use.
func releaseAll(p *pool, regs []*vreg) {
	for _, v := range regs {
		p.put(v.r)
	}
	for _, u := range p.used {
		if u {
			panic("register still in use")
		}
	}
}
