package zstd

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"testing"

	"github.com/blosc2go/blosc2/internal/guardpage"
)

// padStreams returns the 4-stream Huffman streams src (jump table first)
// with pad random bytes before the data of each stream and the jump table
// adjusted: the streams decode as before, then run into junk, so that the
// output's end, not the streams' start, stops the bulk loops (valid
// streams run out of input first). It returns nil when src's jump table
// does not fit it.
func padStreams(src []byte, pad int, seed int64) []byte {
	r := rand.New(rand.NewSource(seed))
	junk := func() []byte {
		b := make([]byte, pad)
		r.Read(b)
		return b
	}
	var n [4]int
	for k := 0; k < 3; k++ {
		n[k] = int(binary.LittleEndian.Uint16(src[2*k:]))
	}
	n[3] = len(src) - 6 - n[0] - n[1] - n[2]
	if n[3] < 0 || max(n[0], n[1], n[2])+pad > 0xFFFF {
		return nil // a bad jump table (a mutated section)
	}
	out := make([]byte, 6, len(src)+4*pad)
	p := 6
	for k := 0; k < 4; k++ {
		if k < 3 {
			binary.LittleEndian.PutUint16(out[2*k:], uint16(n[k]+pad))
		}
		out = append(out, junk()...)
		out = append(out, src[p:p+n[k]]...)
		p += n[k]
	}
	return out
}

// TestHufPaddedStreams decodes 4-stream Huffman streams padded with junk
// (hostile input whose streams hold more than the output needs) in every
// mode, placed against an inaccessible page, into outputs placed against
// one: each must fail without touching a byte past either buffer; and
// the assembly loops must stop where the generic ones do.
func TestHufPaddedStreams(t *testing.T) {
	checked := 0
	for maxLen := 1; maxLen <= hufMaxBits; maxLen += 2 {
		for _, n := range []int{300, 1100, 5000} {
			regen, src, tab := hufStreams(litSection(hufLits(n, maxLen, int64(n+maxLen))))
			if src == nil {
				continue
			}
			for _, pad := range []int{3, 8, 40, 300} {
				name := fmt.Sprintf("max%d/n%d/pad%d", maxLen, n, pad)
				padded := padStreams(src, pad, int64(pad))
				if padded == nil {
					t.Fatalf("%s: bad jump table", name)
				}
				for _, m := range hufModes() {
					s := guardpage.Bytes(t, len(padded))
					copy(s, padded)
					dst := guardpage.Bytes(t, regen)
					var err error
					withHufMode(m, func() { err = tab.decode4(dst, s) })
					if err == nil {
						t.Fatalf("%s/%s: padded streams decoded", name, m.name)
					}
				}
				if !hufAsm || !hufAsmCPU {
					continue
				}
				tab.buildX2()
				for _, x2 := range []bool{false, true} {
					dg, da := make([]byte, regen), make([]byte, regen)
					_, sg, streams, err := split4(dg, padded)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					sa := sg
					if x2 {
						hufBulk4X2Generic(&tab.dt2, dg, streams, &sg)
						hufBulk4X2BMI2(&tab.dt2, da, streams, &sa)
					} else {
						hufBulk4X1Generic(tab, dg, streams, &sg)
						hufBulk4X1BMI2(&tab.dt, uint(tab.log), da, streams, &sa)
					}
					if sg != sa {
						t.Fatalf("%s x2=%v: state %+v, generic %+v", name, x2, sa, sg)
					}
					for k := 0; k < 4; k++ {
						if !bytes.Equal(dg[k*((regen+3)/4):sg.out[k]], da[k*((regen+3)/4):sa.out[k]]) {
							t.Fatalf("%s x2=%v: stream %d decodes differently", name, x2, k)
						}
					}
					checked++
				}
			}
		}
	}
	if hufAsm && hufAsmCPU && checked < 40 {
		t.Fatalf("only %d padded sections checked", checked)
	}
}

// TestHufBulkDenseStreams runs the bulk loops on four streams of nothing
// but the longest codes (all-zero bits: the table lists the longest
// codes first), which move a stream back by the most bytes a round can,
// the bound the assembly loops' unchecked rounds rely on. The streams
// start right after an inaccessible page (the first one after the jump
// table); the loops must not read before them and must stop where the
// generic ones do.
func TestHufBulkDenseStreams(t *testing.T) {
	if !hufAsm || !hufAsmCPU {
		t.Skip("no assembly loop on this build or CPU")
	}
	_, _, tab := hufStreams(litSection(hufLits(5000, hufMaxBits, 1)))
	if tab == nil || tab.log != hufMaxBits {
		t.Fatal("no table with the longest codes")
	}
	tab.buildX2()
	for _, size := range []int{9, 100, 1000, 4000} {
		// Jump table, streams of size bytes (the last one's end marker
		// only: one symbol fewer than the 8*size/11 others can hold).
		src := guardpage.Bytes(t, (6+4*size+4095)/4096*4096)
		src = src[:6+4*size]
		clear(src)
		for k := 0; k < 3; k++ {
			binary.LittleEndian.PutUint16(src[2*k:], uint16(size))
		}
		for k := 0; k < 4; k++ {
			src[6+(k+1)*size-1] = 1
		}
		regen := 4 * (8*size/hufMaxBits + 64)
		for _, x2 := range []bool{false, true} {
			dg, da := make([]byte, regen), make([]byte, regen)
			_, sg, streams, err := split4(dg, src)
			if err != nil {
				t.Fatal(err)
			}
			s0 := sg
			sa := sg
			if x2 {
				hufBulk4X2Generic(&tab.dt2, dg, streams, &sg)
				hufBulk4X2BMI2(&tab.dt2, da, streams, &sa)
			} else {
				hufBulk4X1Generic(tab, dg, streams, &sg)
				hufBulk4X1BMI2(&tab.dt, uint(tab.log), da, streams, &sa)
			}
			if sg != sa {
				t.Fatalf("size %d x2=%v: state %+v, generic %+v", size, x2, sa, sg)
			}
			if size >= 1000 && sg.out[0]-s0.out[0] < 8*size/hufMaxBits-16 {
				t.Fatalf("size %d x2=%v: the bulk loop decoded %d symbols", size, x2, sg.out[0]-s0.out[0])
			}
			if !bytes.Equal(dg, da) {
				t.Fatalf("size %d x2=%v: outputs differ", size, x2)
			}
		}
	}
}
