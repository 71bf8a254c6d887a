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
// the assembly double-symbol loop must stop where the generic one does.
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
				dg, da := make([]byte, regen), make([]byte, regen)
				_, sg, streams, err := split4(dg, padded)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				sa := sg
				hufBulk4X2Generic(&tab.dt2, dg, streams, &sg)
				hufBulk4X2BMI2(&tab.dt2, da, streams, &sa)
				if sg != sa {
					t.Fatalf("%s: state %+v, generic %+v", name, sa, sg)
				}
				for k := 0; k < 4; k++ {
					if !bytes.Equal(dg[k*((regen+3)/4):sg.out[k]], da[k*((regen+3)/4):sa.out[k]]) {
						t.Fatalf("%s: stream %d decodes differently", name, k)
					}
				}
				checked++
			}
		}
	}
	if hufAsm && hufAsmCPU && checked < 40 {
		t.Fatalf("only %d padded sections checked", checked)
	}
}
