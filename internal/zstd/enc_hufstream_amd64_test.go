//go:build !purego

package zstd

import "testing"

// hufEncCPU and hufVecCPU are whether this CPU runs the BMI2 and the
// AVX-512 loops of the Huffman encoder (useHufEncAsm and useHufVec as the
// package set them).
var (
	hufEncCPU = useHufEncAsm
	hufVecCPU = useHufVec
)

// hufEncKernels returns the assembly loops this CPU runs, each with the
// longest code it takes.
func hufEncKernels() []hufEncKernel {
	var ks []hufEncKernel
	if hufEncCPU {
		ks = append(ks, hufEncKernel{"asm4", hufMaxBits, hufStream4BMI2}, hufEncKernel{"asm5", 10, hufStream5BMI2})
	}
	if hufVecCPU {
		ks = append(ks, hufEncKernel{"vbmi", hufMaxBits, func(elt *[256]uint64, buf []byte, pos int, src []byte) (i, npos int, acc, nb uint64) {
			return hufStreamVBMI(hufVecFromElt(elt), buf, pos, src)
		}})
	}
	return ks
}

// hufVecFromElt returns the vector table of the codes in elt (the one
// hufEnc.build makes when elt is a Huffman table's, junk otherwise).
func hufVecFromElt(elt *[256]uint64) *hufVecTab {
	t := new(hufVecTab)
	for s, e := range elt {
		n := e & 255
		var code uint64
		if n > 0 && n <= 64 {
			code = e >> (64 - n)
		}
		t.n[s], t.lo[s], t.hi[s] = uint8(n), uint8(code), uint8(code>>8)
	}
	return t
}

// hufEncModes names the ways hufEnc.stream can run on this CPU: the
// assembly loops off, the BMI2 loops only, and all of them.
func hufEncModes() []string {
	modes := []string{"generic"}
	if hufEncCPU {
		modes = append(modes, "bmi2")
	}
	if hufVecCPU {
		modes = append(modes, "vbmi")
	}
	return modes
}

// withHufEnc runs f with the Huffman encoder's loops of mode (one of
// hufEncModes) on, the others off.
func withHufEnc(mode string, f func()) {
	saved, savedVec := useHufEncAsm, useHufVec
	defer func() { useHufEncAsm, useHufVec = saved, savedVec }()
	useHufEncAsm = mode != "generic" && hufEncCPU
	useHufVec = mode == "vbmi" && hufVecCPU
	f()
}

// TestHufVecTab checks that hufEnc.build's vector table is the one
// hufVecFromElt makes of its elts (the table the kernel tests run with).
func TestHufVecTab(t *testing.T) {
	for _, c := range hufEncCases(t) {
		if got := hufVecFromElt(&c.h.elt); *got != c.h.vec {
			t.Fatalf("%s: the vector table differs from the elts'", c.name)
		}
	}
}
