// Command bitshuffle generates the amd64 bit shuffle kernels of package
// shuffle (bitshuffle_amd64.s) with avo.
//
// The bit kernels take byte-shuffled data: nblk blocks of blk bytes, block j
// holding byte j of consecutive elements, and turn every block into its 8
// bit rows (or back). One step handles, for one block, 16 bytes of each of
// the 8 rows per 128-bit lane (128 bytes of the block) with two parts:
//
//   - an 8x16 <-> 16x8 byte transpose made of three levels of PUNPCKL/H (BW,
//     WD, DQ), which moves the bytes between the 64-bit words (8 elements)
//     and the 8 rows;
//   - an 8x8 bit transpose of every group of 8 bytes: on the row side, with
//     shifts and masks between pairs of registers (swar), or, with GFNI, on
//     the word side with one GF2P8AFFINEQB per register.
//
// The AVX2 and GFNI kernels run two such lanes at once (32 bytes of every
// row), the AVX-512 kernels 64 bytes of every row with permutes planned in
// z.go, which also plans the AVX-512 tile byte transposes (bitBytes*) for
// typesizes 2, 4, 8 and 16.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// mode selects the instruction set of one kernel.
type mode struct {
	name string
	sse  bool // legacy SSE2 encoding only (16 bytes of every row per step)
	gfni bool // 8x8 bit transposes with VGF2P8AFFINEQB
	z    bool // AVX-512 (VBMI) steps of 64 bytes of every row, GFNI
}

// gen holds the state of the kernel being generated. Vector registers are
// assigned by hand (avo's allocator may pick X16..X31, which VEX encodings
// cannot name): a vector value is the number of its register.
type gen struct {
	mode
	free     []int  // free vector registers
	masks    [3]int // swar masks: bytes 0x0F, 0x33, 0x55
	gfMatrix int    // GF2P8AFFINEQB operand, byte k = 1<<k
	rl, rl3  Register
	zs       *zstate
}

var (
	maskData Mem
	gfData   Mem
)

var xRegs = []VecPhysical{X0, X1, X2, X3, X4, X5, X6, X7, X8, X9, X10, X11, X12, X13, X14, X15}

func main() {
	ConstraintExpr("!purego")

	maskData = GLOBL("bitTransMasks", RODATA|NOPTR)
	for i, m := range []uint64{0x0F0F0F0F0F0F0F0F, 0x3333333333333333, 0x5555555555555555} {
		DATA(16*i, U64(m))
		DATA(16*i+8, U64(m))
	}
	gfData = GLOBL("bitGFMatrix", RODATA|NOPTR)
	DATA(0, U64(0x8040201008040201))
	DATA(8, U64(0x8040201008040201))

	planZ()
	for _, m := range []mode{
		{name: "SSE2", sse: true},
		{name: "AVX2"},
		{name: "GFNI", gfni: true},
		{name: "AVX512", gfni: true, z: true},
	} {
		g := &gen{mode: m}
		g.forward()
		g = &gen{mode: m}
		g.inverse()
	}
	for _, ts := range byteSizes {
		byteKernels(ts)
	}
	cpuid()
	Generate()
}

// reset marks every vector register free.
func (g *gen) reset() {
	g.free = g.free[:0]
	for i := 15; i >= 0; i-- {
		g.free = append(g.free, i)
	}
}

// get takes a free vector register.
func (g *gen) get() int {
	if len(g.free) == 0 {
		panic("out of vector registers")
	}
	v := g.free[len(g.free)-1]
	g.free = g.free[:len(g.free)-1]
	if g.z && v >= zLow {
		panic("vector registers of the 128/256-bit steps overlap the AVX-512 ones")
	}
	return v
}

// put frees vector register v.
func (g *gen) put(v int) { g.free = append(g.free, v) }

// r is vector register v, 32 bytes wide or 16.
func r(v int, wide bool) Register {
	if wide {
		return xRegs[v].AsY()
	}
	return xRegs[v]
}

// loadConsts loads the constants the mode needs into registers.
func (g *gen) loadConsts() {
	g.reset()
	load := func(m Mem) int {
		v := g.get()
		if g.sse {
			MOVOU(m, r(v, false))
		} else {
			VBROADCASTI128(m, r(v, true))
		}
		return v
	}
	if g.gfni {
		g.gfMatrix = load(gfData)
		if g.z {
			g.loadZConsts()
		}
		return
	}
	for i := range g.masks {
		g.masks[i] = load(maskData.Offset(16 * i))
	}
}

// pair emits PUNPCKL<kind> and PUNPCKH<kind> of a and b: lo interleaves the
// low halves of a and b (a first), hi the high halves. hi overwrites a, and
// b is freed.
func (g *gen) pair(kind string, a, b int, wide bool) (lo, hi int) {
	lo, hi = g.get(), a
	A, B, L := r(a, wide), r(b, wide), r(lo, wide)
	if g.sse {
		MOVO(A, L)
		switch kind {
		case "BW":
			PUNPCKLBW(B, L)
			PUNPCKHBW(B, A)
		case "WD":
			PUNPCKLWL(B, L)
			PUNPCKHWL(B, A)
		case "DQ":
			PUNPCKLLQ(B, L)
			PUNPCKHLQ(B, A)
		}
	} else {
		switch kind {
		case "BW":
			VPUNPCKLBW(B, A, L)
			VPUNPCKHBW(B, A, A)
		case "WD":
			VPUNPCKLWD(B, A, L)
			VPUNPCKHWD(B, A, A)
		case "DQ":
			VPUNPCKLDQ(B, A, L)
			VPUNPCKHDQ(B, A, A)
		}
	}
	g.put(b)
	return lo, hi
}

// network transposes, in every 128-bit lane, the 8x16 byte matrix whose row
// k is r[k] into the 16x8 matrix whose row g is word g%2 of the result
// register g/2: word q of result m holds byte 2m+q of r[0], ..., r[7].
func (g *gen) network(r [8]int, wide bool) [8]int {
	var a, b, c [8]int
	for i := 0; i < 4; i++ {
		a[2*i], a[2*i+1] = g.pair("BW", r[2*i], r[2*i+1], wide)
	}
	b[0], b[1] = g.pair("WD", a[0], a[2], wide)
	b[2], b[3] = g.pair("WD", a[1], a[3], wide)
	b[4], b[5] = g.pair("WD", a[4], a[6], wide)
	b[6], b[7] = g.pair("WD", a[5], a[7], wide)
	c[0], c[1] = g.pair("DQ", b[0], b[4], wide)
	c[2], c[3] = g.pair("DQ", b[1], b[5], wide)
	c[4], c[5] = g.pair("DQ", b[2], b[6], wide)
	c[6], c[7] = g.pair("DQ", b[3], b[7], wide)
	return c
}

// bitTranspose transposes with GFNI the 8x8 bit matrix in every 64-bit
// word of vector register v: bit c of byte r moves to bit r of byte c. The
// words must have their bytes in reverse order (byte r at 7-r), or, with
// reverse, the bits of every result byte are reversed afterwards.
func (g *gen) bitTranspose(v int, wide, reverse bool) {
	x := r(v, wide)
	gfTranspose(x, r(g.gfMatrix, wide))
	if reverse {
		gfReverseBits(x, r(g.gfMatrix, wide))
	}
}

// gfTranspose transposes the 8x8 bit matrices in the words of x, which must
// have their bytes in reverse order; c holds 0x8040201008040201 in every
// word. With the data as the matrix operand A and byte k of the source equal
// to 1<<k, bit b of result byte k is bit k of A's byte 7-b.
func gfTranspose(x, c Register) {
	Instruction(&ir.Instruction{
		Opcode:   "VGF2P8AFFINEQB",
		Operands: []Op{U8(0), x, c, x},
		Inputs:   []Op{x, c},
		Outputs:  []Op{x},
	})
}

// gfReverseBits reverses the bits of every byte of x; c holds
// 0x8040201008040201 in every word, the bit-reversal matrix.
func gfReverseBits(x, c Register) {
	Instruction(&ir.Instruction{
		Opcode:   "VGF2P8AFFINEQB",
		Operands: []Op{U8(0), c, x, x},
		Inputs:   []Op{x, c},
		Outputs:  []Op{x},
	})
}

// rowMem addresses 16 or 32 bytes of bit row k of the current group of 8
// rows; q points at row 0 and q4 at row 4.
func (g *gen) rowMem(k int, q, q4 Register) Mem {
	base := q
	if k >= 4 {
		base = q4
	}
	switch k % 4 {
	case 0:
		return Mem{Base: base}
	case 1:
		return Mem{Base: base, Index: g.rl, Scale: 1}
	case 2:
		return Mem{Base: base, Index: g.rl, Scale: 2}
	}
	return Mem{Base: base, Index: g.rl3, Scale: 1}
}

func (g *gen) loadVec(m Mem, v int, wide bool) {
	if g.sse {
		MOVOU(m, r(v, false))
	} else {
		VMOVDQU(m, r(v, wide))
	}
}

func (g *gen) storeVec(v int, wide bool, m Mem) {
	if g.sse {
		MOVOU(r(v, false), m)
	} else {
		VMOVDQU(r(v, wide), m)
	}
}

// forwardStep turns 128 (or, wide, 256) bytes at s into 16 (32) bytes of
// each of the 8 rows at q, q4.
func (g *gen) forwardStep(s, q, q4 Register, wide bool) {
	var c [8]int
	for m := range c {
		c[m] = g.get()
		if wide {
			// Lane 0 works on groups 0..15, lane 1 on groups 16..31.
			VMOVDQU(Mem{Base: s, Disp: 16 * m}, r(c[m], false))
			VINSERTI128(U8(1), Mem{Base: s, Disp: 128 + 16*m}, r(c[m], true), r(c[m], true))
		} else {
			g.loadVec(Mem{Base: s, Disp: 16 * m}, c[m], false)
		}
		if g.gfni {
			g.bitTranspose(c[m], wide, true)
		}
	}
	// Word g of the 16 words holds byte g of rows 0..7 (with GFNI; without,
	// the bits are still to be transposed). The network applied to them
	// leaves in register v < 4 the bytes of the even groups of rows 2v (low
	// word) and 2v+1 (high word), in v+4 those of the odd groups;
	// interleaving the two gives the rows.
	o := g.network(c, wide)
	var rows [8]int
	for v := 0; v < 4; v++ {
		rows[2*v], rows[2*v+1] = g.pair("BW", o[v], o[v+4], wide)
	}
	if !g.gfni {
		g.swar(rows, wide)
	}
	for k, v := range rows {
		g.storeVec(v, wide, g.rowMem(k, q, q4))
		g.put(v)
	}
}

// inverseStep reverses forwardStep: it reads 16 (32) bytes of each of the 8
// rows at q, q4 and writes 128 (256) bytes at d.
func (g *gen) inverseStep(d, q, q4 Register, wide bool) {
	var rs [8]int
	for k := range rs {
		// With GFNI the words need their bytes reversed: feed the rows in
		// reverse order.
		i := k
		if g.gfni {
			i = 7 - k
		}
		rs[i] = g.get()
		g.loadVec(g.rowMem(k, q, q4), rs[i], wide)
	}
	if !g.gfni {
		g.swar(rs, wide)
	}
	c := g.network(rs, wide)
	for m := range c {
		if g.gfni {
			g.bitTranspose(c[m], wide, false)
		}
		if wide {
			VMOVDQU(r(c[m], false), Mem{Base: d, Disp: 16 * m})
			VEXTRACTI128(U8(1), r(c[m], true), Mem{Base: d, Disp: 128 + 16*m})
		} else {
			g.storeVec(c[m], false, Mem{Base: d, Disp: 16 * m})
		}
		g.put(c[m])
	}
}

// swar transposes the 8x8 bit matrices spread over 8 registers: byte i of
// register r is row r of matrix i. Bit c of row r moves to bit r of row c,
// in three rounds that swap blocks of 4, 2 and 1 bits between the rows r and
// r+d (d = 4, 2, 1) whose index lacks d:
//
//	t = ((A >> d) ^ B) & mask; B ^= t; A ^= t << d
//
// The shifts are 16-bit ones; the masks drop the bits they carry over from
// the neighbouring byte.
func (g *gen) swar(x [8]int, wide bool) {
	tv := g.get()
	t := r(tv, wide)
	for i, d := range []int{4, 2, 1} {
		m := r(g.masks[i], wide)
		for rr := 0; rr < 8; rr++ {
			if rr&d != 0 {
				continue
			}
			a, b := r(x[rr], wide), r(x[rr+d], wide)
			if g.sse {
				MOVO(a, t)
				PSRLW(U8(d), t)
				PXOR(b, t)
				PAND(m, t)
				PXOR(t, b)
				PSLLW(U8(d), t)
				PXOR(t, a)
				continue
			}
			VPSRLW(U8(d), a, t)
			VPXOR(b, t, t)
			VPAND(m, t, t)
			VPXOR(t, b, b)
			VPSLLW(U8(d), t, t)
			VPXOR(t, a, a)
		}
	}
	g.put(tv)
}

// loops emits the loops over blocks and steps around step(lin, q, q4, wide),
// where lin is the pointer into the linear (block) buffer.
func (g *gen) loops(name string, lin, rows, blk, nblk Register, step func(lin, q, q4 Register, wide bool), zstep func(lin, q, q4 Register)) {
	rl8 := GP64()
	MOVQ(g.rl, rl8)
	SHLQ(U8(3), rl8)
	q, q4, cnt := GP64(), GP64(), GP64()

	Label(name + "_block")
	MOVQ(rows, q)
	LEAQ(Mem{Base: rows, Index: g.rl, Scale: 4}, q4)
	MOVQ(blk, cnt)
	if g.sse {
		Label(name + "_step")
		step(lin, q, q4, false)
		ADDQ(U32(128), lin)
		ADDQ(U8(16), q)
		ADDQ(U8(16), q4)
		SUBQ(U32(128), cnt)
		JNZ(LabelRef(name + "_step"))
	} else {
		if g.z {
			CMPQ(cnt, U32(512))
			JB(LabelRef(name + "_ytail"))
			Label(name + "_zstep")
			zstep(lin, q, q4)
			ADDQ(U32(512), lin)
			ADDQ(U8(64), q)
			ADDQ(U8(64), q4)
			SUBQ(U32(512), cnt)
			CMPQ(cnt, U32(512))
			JAE(LabelRef(name + "_zstep"))
			Label(name + "_ytail")
		}
		CMPQ(cnt, U32(256))
		JB(LabelRef(name + "_tail"))
		Label(name + "_step")
		step(lin, q, q4, true)
		ADDQ(U32(256), lin)
		ADDQ(U8(32), q)
		ADDQ(U8(32), q4)
		SUBQ(U32(256), cnt)
		CMPQ(cnt, U32(256))
		JAE(LabelRef(name + "_step"))
		Label(name + "_tail")
		TESTQ(cnt, cnt)
		JZ(LabelRef(name + "_next"))
		step(lin, q, q4, false)
		ADDQ(U32(128), lin)
	}
	Label(name + "_next")
	ADDQ(rl8, rows)
	DECQ(nblk)
	JNZ(LabelRef(name + "_block"))
	if !g.sse {
		VZEROUPPER()
	}
	RET()
}

func (g *gen) forward() {
	name := "bitFwd" + g.name
	TEXT(name, NOSPLIT, "func(dst []byte, rowLen int, src []byte, blk, nblk int)")
	Doc(fmt.Sprintf("%s transposes nblk blocks of blk bytes at src into bit rows of rowLen bytes at dst (%s).", name, g.name))
	rows := Load(Param("dst").Base(), GP64())
	g.rl = Load(Param("rowLen"), GP64())
	src := Load(Param("src").Base(), GP64())
	blk := Load(Param("blk"), GP64())
	nblk := Load(Param("nblk"), GP64())
	g.rl3 = GP64()
	LEAQ(Mem{Base: g.rl, Index: g.rl, Scale: 2}, g.rl3)
	g.loadConsts()
	if g.z {
		g.zPrologue(fwdPlan)
	}
	g.loops(name, src, rows, blk, nblk, g.forwardStep, g.forwardZStep)
}

func (g *gen) inverse() {
	name := "bitInv" + g.name
	TEXT(name, NOSPLIT, "func(dst, src []byte, rowLen, blk, nblk int)")
	Doc(fmt.Sprintf("%s reads the bit rows of rowLen bytes at src and writes nblk blocks of blk bytes at dst (%s).", name, g.name))
	dst := Load(Param("dst").Base(), GP64())
	rows := Load(Param("src").Base(), GP64())
	g.rl = Load(Param("rowLen"), GP64())
	blk := Load(Param("blk"), GP64())
	nblk := Load(Param("nblk"), GP64())
	g.rl3 = GP64()
	LEAQ(Mem{Base: g.rl, Index: g.rl, Scale: 2}, g.rl3)
	g.loadConsts()
	if g.z {
		g.zPrologue(invPlan)
	}
	g.loops(name, dst, rows, blk, nblk, g.inverseStep, g.inverseZStep)
}

// cpuid generates bitCPUID: x/sys/cpu reports GFNI only on CPUs with
// AVX-512, but the VEX-encoded GFNI kernels need just GFNI and AVX.
func cpuid() {
	TEXT("bitCPUID", NOSPLIT, "func(leaf, sub uint32) (eax, ebx, ecx, edx uint32)")
	Doc("bitCPUID executes CPUID with EAX=leaf and ECX=sub.")
	Load(Param("leaf"), EAX)
	Load(Param("sub"), ECX)
	CPUID()
	Store(EAX, Return("eax"))
	Store(EBX, Return("ebx"))
	Store(ECX, Return("ecx"))
	Store(EDX, Return("edx"))
	RET()
}
