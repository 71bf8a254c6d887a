package main

// The AVX-512 steps: 64 bytes of every bit row per step. Here the byte
// transposes between words and rows (and, for the tile byte transposes,
// between elements and byte rows) are a VPERMB inside every register, a tree
// of two-table permutes (VPERMT2Q or VPERMT2D where the bytes move in whole
// words, VPERMT2B otherwise) and another VPERMB, planned at generation time
// by following where every byte goes.

import (
	"fmt"
	"sort"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// label names one byte of the data of a step: byte g of bit row k.
type label struct{ k, g int }

// zval is the content of one register during a step.
type zval [64]label

// merge is one VPERMT2B: out takes its bytes from a (index i < 64) and b
// (64 + i). With second set, out overwrites a (the pair's second output).
type merge struct {
	a, b, out int
	idx       [64]byte // byte indexes
	second    bool
}

// perm is a permute table as the instruction takes it: w is the width of
// the elements it moves (8, 4 or 1 bytes) and idx holds their indexes.
type perm struct {
	w   int
	idx [64]byte
}

// zplan is the permute tree of one step direction.
type zplan struct {
	init      []zval // the values the step starts from, after pre
	pre, post *[64]byte
	merges    []merge
	final     []int // value ids of the results, before post
}

var (
	fwdPlan, invPlan *zplan
	// bytePlans[ts] are the byte transposes of 64 elements of ts bytes.
	byteFwdPlans = map[int]*zplan{}
	byteInvPlans = map[int]*zplan{}
	zIdxMem      = map[perm]Mem{}
)

// byteSizes are the typesizes with AVX-512 byte transpose kernels.
var byteSizes = []int{2, 4, 8, 16}

// planZ plans the permute trees and emits their index tables. It must run
// before any function is generated.
func planZ() {
	// Bit step, forward: register m holds, after the bit transpose, byte
	// g = 8m+q of row k at byte 8q+k. Result k holds row k in group order.
	var init []zval
	for m := 0; m < 8; m++ {
		var v zval
		for q := 0; q < 8; q++ {
			for k := 0; k < 8; k++ {
				v[8*q+k] = label{k, 8*m + q}
			}
		}
		init = append(init, v)
	}
	fwdPlan = buildPlan(init, true, func(i, b int) label { return label{i, b} })

	// Bit step, inverse: register k holds row k. Result m holds group 8m+q
	// at word q, with row k at byte 7-k (GF2P8AFFINEQB wants it reversed).
	init = nil
	for k := 0; k < 8; k++ {
		var v zval
		for g := 0; g < 64; g++ {
			v[g] = label{k, g}
		}
		init = append(init, v)
	}
	invPlan = buildPlan(init, false, func(i, b int) label { return label{7 - b%8, 8*i + b/8} })

	// Byte transposes of 64 elements of ts bytes: label{j, e} is byte j of
	// element e. Forward: register r holds bytes 64r..64r+63 of the
	// elements; result j holds byte j of elements 0..63. Inverse: back.
	for _, ts := range byteSizes {
		ts := ts
		var elems, rows []zval
		for r := 0; r < ts; r++ {
			var v zval
			for b := 0; b < 64; b++ {
				x := 64*r + b
				v[b] = label{x % ts, x / ts}
			}
			elems = append(elems, v)
		}
		for j := 0; j < ts; j++ {
			var v zval
			for e := 0; e < 64; e++ {
				v[e] = label{j, e}
			}
			rows = append(rows, v)
		}
		byteFwdPlans[ts] = buildPlan(elems, true, func(i, b int) label { return label{i, b} })
		byteInvPlans[ts] = buildPlan(rows, false, func(i, b int) label {
			x := 64*i + b
			return label{x % ts, x / ts}
		})
	}

	n := 0
	plans := []*zplan{fwdPlan, invPlan}
	for _, ts := range byteSizes {
		plans = append(plans, byteFwdPlans[ts], byteInvPlans[ts])
	}
	for _, p := range plans {
		var tables []perm
		for _, m := range p.merges {
			tables = append(tables, permOf(m.idx))
		}
		for _, x := range []*[64]byte{p.pre, p.post} {
			if x != nil {
				tables = append(tables, perm{1, *x})
			}
		}
		for _, t := range tables {
			if _, ok := zIdxMem[t]; ok {
				continue
			}
			mem := GLOBL(fmt.Sprintf("bitZIdx%d", n), RODATA|NOPTR)
			n++
			for i := 0; i < 8; i++ {
				var w uint64
				for j := 7; j >= 0; j-- {
					w = w<<8 | uint64(t.idx[8*i+j])
				}
				DATA(8*i, U64(w))
			}
			zIdxMem[t] = mem
		}
	}
}

// permOf converts the byte indexes of a two-table permute into the table of
// the widest instruction that can do it.
func permOf(idx [64]byte) perm {
	for _, w := range []int{8, 4} {
		ok := true
		for i := 0; i < 64 && ok; i++ {
			ok = int(idx[i])%w == i%w && int(idx[i]) == int(idx[i-i%w])+i%w
		}
		if !ok {
			continue
		}
		// Element i of the table (little endian, w bytes) holds the
		// index of the element it takes.
		p := perm{w: w}
		for i := 0; i < 64; i += w {
			p.idx[i] = idx[i] / byte(w)
		}
		return p
	}
	return perm{1, idx}
}

// withPre rewrites the initial values of a plan into the order less by a
// VPERMB that must be the same for all of them.
func withPre(init []zval, less func(a, b label) bool) ([]zval, *[64]byte) {
	var pre [64]byte
	var out []zval
	for n, v := range init {
		ls := append([]label(nil), v[:]...)
		sort.Slice(ls, func(i, j int) bool { return less(ls[i], ls[j]) })
		var nv zval
		copy(nv[:], ls)
		for b, l := range nv {
			x := byte(find(v, v, l))
			if n > 0 && pre[b] != x {
				panic("pre permutation differs between registers")
			}
			pre[b] = x
		}
		out = append(out, nv)
	}
	if isIdentity(&pre) {
		return out, nil
	}
	return out, &pre
}

func isIdentity(x *[64]byte) bool {
	for i, v := range x {
		if int(v) != i {
			return false
		}
	}
	return true
}

// buildPlan builds log2(len(init)) levels of pairwise merges. With splitK it
// merges values holding the same rows k and halves the rows; otherwise it
// merges values holding the same groups g and halves the groups. Every value
// keeps its bytes ordered by row, then group, so that they move in runs;
// a VPERMB before (pre) and after (post) the tree puts them in and out of
// that order. Result i must hold want(i, b) at byte b.
func buildPlan(init []zval, splitK bool, want func(i, b int) label) *zplan {
	less := byKG
	p := &zplan{}
	init, p.pre = withPre(init, less)
	p.init = init
	vals := map[int]zval{}
	var cur []int
	for i, v := range init {
		vals[i] = v
		cur = append(cur, i)
	}
	next := len(init)
	coord := func(l label) int {
		if splitK {
			return l.k
		}
		return l.g
	}
	key := func(v zval) string {
		set := map[int]bool{}
		for _, l := range v {
			set[coord(l)] = true
		}
		var s []int
		for x := range set {
			s = append(s, x)
		}
		sort.Ints(s)
		return fmt.Sprint(s)
	}
	levels := 0
	for x := len(init); x > 1; x /= 2 {
		levels++
	}
	for level := 0; level < levels; level++ {
		// Pair the values with equal keys, in order.
		var order []string
		groups := map[string][]int{}
		for _, id := range cur {
			k := key(vals[id])
			if groups[k] == nil {
				order = append(order, k)
			}
			groups[k] = append(groups[k], id)
		}
		var out []int
		for _, k := range order {
			ids := groups[k]
			if len(ids)%2 != 0 {
				panic("odd group")
			}
			for i := 0; i+1 < len(ids); i += 2 {
				a, b := ids[i], ids[i+1]
				va, vb := vals[a], vals[b]
				union := append(append([]label(nil), va[:]...), vb[:]...)
				var coords []int
				seen := map[int]bool{}
				for _, l := range union {
					if c := coord(l); !seen[c] {
						seen[c] = true
						coords = append(coords, c)
					}
				}
				sort.Ints(coords)
				half := map[int]int{}
				for i, c := range coords {
					half[c] = i * 2 / len(coords)
				}
				for h := 0; h < 2; h++ {
					var ls []label
					for _, l := range union {
						if half[coord(l)] == h {
							ls = append(ls, l)
						}
					}
					if len(ls) != 64 {
						panic("bad split")
					}
					sort.Slice(ls, func(i, j int) bool { return less(ls[i], ls[j]) })
					var v zval
					copy(v[:], ls)
					m := merge{a: a, b: b, out: next, second: h == 1}
					for i, l := range v {
						m.idx[i] = byte(find(va, vb, l))
					}
					p.merges = append(p.merges, m)
					vals[next] = v
					out = append(out, next)
					next++
				}
			}
		}
		cur = out
	}
	// Order the results by their first byte.
	sort.Slice(cur, func(i, j int) bool { return less(vals[cur[i]][0], vals[cur[j]][0]) })
	p.final = cur
	var post [64]byte
	for i, id := range cur {
		v := vals[id]
		for b := range v {
			x := byte(find(v, v, want(i, b)))
			if i > 0 && post[b] != x {
				panic("post permutation differs between registers")
			}
			post[b] = x
		}
	}
	if !isIdentity(&post) {
		p.post = &post
	}
	return p
}

func byKG(a, b label) bool {
	if a.k != b.k {
		return a.k < b.k
	}
	return a.g < b.g
}

func find(a, b zval, l label) int {
	for i, x := range a {
		if x == l {
			return i
		}
	}
	for i, x := range b {
		if x == l {
			return 64 + i
		}
	}
	panic("label not found")
}

var zRegs = []VecPhysical{
	Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
	Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31,
}

// zstate holds the registers of the AVX-512 code of one function.
type zstate struct {
	free []int
	gf   Register
	idx  map[perm]Register
}

// newZState returns the state for a function whose AVX-512 code may use
// registers Z<lo>..Z31.
func newZState(lo int) *zstate {
	zs := &zstate{idx: map[perm]Register{}}
	for i := lo; i < 32; i++ {
		zs.free = append(zs.free, i)
	}
	return zs
}

// get takes a free Z register.
func (zs *zstate) get() int {
	if len(zs.free) == 0 {
		panic("out of Z registers")
	}
	v := zs.free[0]
	zs.free = zs.free[1:]
	return v
}

// put frees Z register v.
func (zs *zstate) put(v int) { zs.free = append(zs.free, v) }

// constant takes the highest free register for a constant.
func (zs *zstate) constant() Register {
	v := zs.free[len(zs.free)-1]
	zs.free = zs.free[:len(zs.free)-1]
	return zRegs[v]
}

// zLow is the first register of the AVX-512 bit steps; the 128- and 256-bit
// steps of the same function use registers below it.
const zLow = 12

// loadZConsts loads the constants of the AVX-512 bit steps of the function
// being generated.
func (g *gen) loadZConsts() {
	g.zs = newZState(zLow)
	g.zs.gf = g.zs.constant()
	VPBROADCASTQ(gfData, g.zs.gf)
}

// zPrologue loads the permute tables of plan p into registers.
func (zs *zstate) prologue(p *zplan) {
	load := func(t perm) {
		if _, ok := zs.idx[t]; ok {
			return
		}
		r := zs.constant()
		VMOVDQU64(zIdxMem[t], r)
		zs.idx[t] = r
	}
	for _, m := range p.merges {
		load(permOf(m.idx))
	}
	for _, x := range []*[64]byte{p.pre, p.post} {
		if x != nil {
			load(perm{1, *x})
		}
	}
}

// zPrologue loads the permute tables of plan p; it must follow loadZConsts.
func (g *gen) zPrologue(p *zplan) { g.zs.prologue(p) }

// vpermb applies the in-register byte permute x (if any) to register v.
func (zs *zstate) vpermb(x *[64]byte, v int) {
	if x != nil {
		VPERMB(zRegs[v], zs.idx[perm{1, *x}], zRegs[v])
	}
}

// run emits plan p on the registers regs (one per initial value, before
// pre) and returns the registers of the results (after post).
func (zs *zstate) run(p *zplan, regs []int) []int {
	for _, v := range regs {
		zs.vpermb(p.pre, v)
	}
	where := map[int]int{}
	for i, r := range regs {
		where[i] = r
	}
	for _, m := range p.merges {
		a, b := where[m.a], where[m.b]
		t := permOf(m.idx)
		idx := zs.idx[t]
		dst := a
		if !m.second {
			dst = zs.get()
			VMOVDQA64(zRegs[a], zRegs[dst])
		} else {
			zs.put(b)
		}
		switch t.w {
		case 8:
			VPERMT2Q(zRegs[b], idx, zRegs[dst])
		case 4:
			VPERMT2D(zRegs[b], idx, zRegs[dst])
		default:
			VPERMT2B(zRegs[b], idx, zRegs[dst])
		}
		where[m.out] = dst
	}
	var out []int
	for _, id := range p.final {
		v := where[id]
		zs.vpermb(p.post, v)
		out = append(out, v)
	}
	return out
}

// forwardZStep turns 512 bytes at s into 64 bytes of each of the 8 rows at
// q, q4.
func (g *gen) forwardZStep(s, q, q4 Register) {
	zs := g.zs
	var regs []int
	for m := 0; m < 8; m++ {
		v := zs.get()
		VMOVDQU64(Mem{Base: s, Disp: 64 * m}, zRegs[v])
		gfTranspose(zRegs[v], zs.gf)
		gfReverseBits(zRegs[v], zs.gf)
		regs = append(regs, v)
	}
	rows := zs.run(fwdPlan, regs)
	for k, v := range rows {
		VMOVDQU64(zRegs[v], g.rowMem(k, q, q4))
		zs.put(v)
	}
}

// inverseZStep reads 64 bytes of each of the 8 rows at q, q4 and writes 512
// bytes at d.
func (g *gen) inverseZStep(d, q, q4 Register) {
	zs := g.zs
	var regs []int
	for k := 0; k < 8; k++ {
		v := zs.get()
		VMOVDQU64(g.rowMem(k, q, q4), zRegs[v])
		regs = append(regs, v)
	}
	words := zs.run(invPlan, regs)
	for m, v := range words {
		gfTranspose(zRegs[v], zs.gf)
		VMOVDQU64(zRegs[v], Mem{Base: d, Disp: 64 * m})
		zs.put(v)
	}
}

// byteKernels generates the AVX-512 byte transposes of tiles of n elements
// (n a multiple of 64) of ts bytes, forward (elements to ts rows of n bytes)
// and inverse.
func byteKernels(ts int) {
	for _, forward := range []bool{true, false} {
		p := byteInvPlans[ts]
		name := fmt.Sprintf("bitBytesInv%d", ts)
		doc := fmt.Sprintf("%s gathers byte j of element i from src[j*n+i] into dst[i*%d+j] (AVX-512 VBMI).", name, ts)
		if forward {
			p = byteFwdPlans[ts]
			name = fmt.Sprintf("bitBytesFwd%d", ts)
			doc = fmt.Sprintf("%s writes byte j of element i of src (%d bytes each) to dst[j*n+i] (AVX-512 VBMI).", name, ts)
		}
		TEXT(name, NOSPLIT, "func(dst, src []byte, n int)")
		Doc(doc, "n must be a positive multiple of 64.")
		dst := Load(Param("dst").Base(), GP64())
		src := Load(Param("src").Base(), GP64())
		n := Load(Param("n"), GP64())
		cnt := GP64()
		MOVQ(n, cnt)
		SHRQ(U8(6), cnt)
		zs := newZState(0)
		zs.prologue(p)
		t := GP64()
		Label(name + "_loop")
		var regs []int
		for r := 0; r < ts; r++ {
			v := zs.get()
			regs = append(regs, v)
		}
		if forward {
			for r, v := range regs {
				VMOVDQU64(Mem{Base: src, Disp: 64 * r}, zRegs[v])
			}
		} else {
			MOVQ(src, t)
			for j, v := range regs {
				if j > 0 {
					ADDQ(n, t)
				}
				VMOVDQU64(Mem{Base: t}, zRegs[v])
			}
		}
		out := zs.run(p, regs)
		if forward {
			MOVQ(dst, t)
			for j, v := range out {
				if j > 0 {
					ADDQ(n, t)
				}
				VMOVDQU64(zRegs[v], Mem{Base: t})
				zs.put(v)
			}
			ADDQ(U32(64*ts), src)
			ADDQ(U8(64), dst)
		} else {
			for r, v := range out {
				VMOVDQU64(zRegs[v], Mem{Base: dst, Disp: 64 * r})
				zs.put(v)
			}
			ADDQ(U8(64), src)
			ADDQ(U32(64*ts), dst)
		}
		DECQ(cnt)
		JNZ(LabelRef(name + "_loop"))
		VZEROUPPER()
		RET()
	}
}
