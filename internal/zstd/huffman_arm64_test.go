//go:build !purego

package zstd

import (
	"bytes"
	"math/rand"
	"testing"
)

// hufBulk4X2BMI2 is the name the shared tests (TestHufBulkState) call the
// assembly double-symbol loop by: amd64's; here it is hufBulk4X2Asm.
func hufBulk4X2BMI2(dt *[1 << hufMaxBits]uint32, dst, src []byte, s *huf4) {
	hufBulk4X2Asm(dt, dst, src, s)
}

// hufBulk4X1BMI2 is amd64's name and arguments for the assembly
// single-symbol loop, which TestHufBulkState calls; here it is
// hufBulk4X1Asm, which takes the table.
func hufBulk4X1BMI2(dt *[1 << hufMaxBits]uint16, log uint, dst, src []byte, s *huf4) {
	hufBulk4X1Asm(&hufTable{dt: *dt, log: uint8(log)}, dst, src, s)
}

// TestArm64AsmSelected fails unless an arm64 build without purego runs
// the assembly Huffman and sequence loops (so that the cross-checks
// compare them with the Go loops rather than skip).
func TestArm64AsmSelected(t *testing.T) {
	if !hufAsm || !hufAsmCPU || !haveSeqAsm || !useSeqAsm {
		t.Fatalf("assembly loops not selected: huffman %v/%v, sequences %v/%v", hufAsm, hufAsmCPU, haveSeqAsm, useSeqAsm)
	}
	var modes []string
	for _, m := range hufModes() {
		if m.asm {
			modes = append(modes, m.name)
		}
	}
	if len(modes) == 0 {
		t.Fatal("no assembly Huffman mode in the tests")
	}
}

// TestHufBulkX1State runs the generic and assembly single-symbol loops on
// the same 4-stream sections (intact and bit-flipped) and compares the
// state they stop in and what they decoded, as TestHufBulkState does for
// the double-symbol loops.
func TestHufBulkX1State(t *testing.T) {
	var secs [][]byte
	for maxLen := 1; maxLen <= hufMaxBits; maxLen++ {
		for _, n := range []int{300, 1100, 5000, 70000} {
			secs = append(secs, litSection(hufLits(n, maxLen, int64(n^maxLen))))
		}
	}
	for _, b := range hufInputs() {
		secs = append(secs, hufSections(t, NewEncoder(9).EncodeAll(nil, b))...)
	}
	r := rand.New(rand.NewSource(3))
	checked := 0
	for i, sec := range secs {
		for mut := 0; mut < 4; mut++ {
			s := sec
			if mut > 0 {
				s = append([]byte(nil), sec...)
				for k := 0; k < mut; k++ {
					s[5+r.Intn(len(s)-5)] ^= byte(1 << r.Intn(8))
				}
			}
			regen, src0, tab := hufStreams(s)
			if src0 == nil {
				continue
			}
			// As is, and padded with junk (then the output's end stops
			// the loops: see padStreams).
			for _, src := range [][]byte{src0, padStreams(src0, 8, int64(i)), padStreams(src0, 200, int64(i))} {
				if src == nil {
					continue
				}
				dg, da := make([]byte, regen), make([]byte, regen)
				_, sg, streams, err := split4(dg, src)
				if err != nil {
					continue
				}
				sa := sg
				hufBulk4X1Generic(tab, dg, streams, &sg)
				hufBulk4X1Asm(tab, da, streams, &sa)
				if sg != sa {
					t.Fatalf("section %d/%d/%d: state %+v, generic %+v", i, mut, len(src)-len(src0), sa, sg)
				}
				seg := (regen + 3) / 4
				for k := 0; k < 4; k++ {
					if !bytes.Equal(dg[k*seg:sg.out[k]], da[k*seg:sa.out[k]]) {
						t.Fatalf("section %d/%d/%d: stream %d decodes differently", i, mut, len(src)-len(src0), k)
					}
				}
				if sg.out[3] > 3*seg {
					checked++
				}
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d sections checked", checked)
	}
}
