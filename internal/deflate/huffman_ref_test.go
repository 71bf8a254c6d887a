package deflate

import "math/bits"

// refBuild is build as it was before the doubling fill (strided stores
// per code): the oracle of TestBuildMatchesReference.
//
// It fills table with the decode entries of the canonical Huffman code
// given by lens (one length per symbol, 0 = unused), with a main table of
// 1<<tb entries. It returns an error reason for a code deflate rejects.
func refBuild(table []uint32, lens []uint8, syms []uint32, tb uint, policy int) string {
	var count [maxCodeLen + 1]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	maxLen := uint(maxCodeLen)
	for maxLen > 0 && count[maxLen] == 0 {
		maxLen--
	}
	left := 1
	for l := 1; l <= maxCodeLen; l++ {
		left = left<<1 - int(count[l])
		if left < 0 {
			return errOversub
		}
	}
	main := table[:1<<tb]
	if left > 0 {
		switch {
		case maxLen == 0 && policy == singleOrEmptyOK:
		case maxLen == 1 && count[1] == 1 && policy != completeOnly:
		default:
			return errIncomplete
		}
		// Fill the holes with invalid entries; the single code (if any) is
		// written below.
		for i := range main {
			main[i] = fInvalid | 1 | 1<<8
		}
		if maxLen == 0 {
			return ""
		}
	}

	// Symbols sorted by code length, then by value: canonical order.
	var offs [maxCodeLen + 2]uint16
	for l := 1; l <= maxCodeLen; l++ {
		offs[l+1] = offs[l] + count[l]
	}
	var sorted [numLitlen]uint16
	for s, l := range lens {
		if l != 0 {
			sorted[offs[l]] = uint16(s)
			offs[l]++
		}
	}
	n := int(offs[maxCodeLen+1])

	rem := count
	mask := uint32(1)<<tb - 1
	used := 1 << tb
	code, prevLen := uint32(0), uint(0)
	curPrefix, subStart, subBits := ^uint32(0), 0, uint(0)
	for _, sym := range sorted[:n] {
		l := uint(lens[sym])
		code <<= l - prevLen
		prevLen = l
		r := uint32(bits.Reverse16(uint16(code)) >> (16 - l))
		if l <= tb {
			e := syms[sym] + uint32(l)
			if e&fLiteral == 0 {
				e += uint32(l) << 8 // the extra bits are in the low bits already
			}
			for j := r; j < 1<<tb; j += 1 << l {
				main[j] = e
			}
		} else {
			if prefix := r & mask; prefix != curPrefix {
				// A new subtable: as wide as the longest code that shares
				// this prefix needs.
				s := l - tb
				space := 1 << s
				for {
					space -= int(rem[tb+s])
					if space <= 0 || tb+s >= maxLen {
						break
					}
					s++
					space <<= 1
				}
				if used+1<<s > len(table) {
					return errOversub // cannot happen for a complete code
				}
				curPrefix, subStart, subBits = prefix, used, s
				used += 1 << s
				main[prefix] = uint32(subStart)<<16 | fSub | uint32(tb) | uint32(s)<<8
			}
			sl := l - tb
			e := syms[sym] + uint32(sl)
			if e&fLiteral == 0 {
				e += uint32(sl) << 8
			}
			sub := table[subStart : subStart+1<<subBits]
			for j := r >> tb; j < 1<<subBits; j += 1 << sl {
				sub[j] = e
			}
		}
		rem[l]--
		code++
	}
	return ""
}

// refPairLiterals is pairLiterals as it was before it enumerated the
// literal pairs (a scan of the main table): the oracle of
// TestBuildMatchesReference.
//
// It turns the entries of the main table of tb bits whose
// literal code leaves room for a second literal code into double-literal
// entries. The entry at index i continues at index i>>l1 (the bits after
// the first code); going down from the top, that entry is still a single
// one. lens are the literal/length code lengths: when no two literal codes
// fit together, there is nothing to do.
func refPairLiterals(main []uint32, tb uint, lens []uint8) {
	minLen := uint(maxCodeLen + 1)
	for _, l := range lens[:256] {
		if l != 0 && uint(l) < minLen {
			minLen = uint(l)
		}
	}
	if 2*minLen > tb {
		return
	}
	for i := len(main) - 1; i >= 0; i-- {
		e := main[i]
		if int32(e) >= 0 {
			continue
		}
		l1 := uint(e & 31)
		if l1 >= tb {
			continue
		}
		e2 := main[i>>l1]
		l2 := uint(e2 & 31)
		if int32(e2) >= 0 || l1+l2 > tb {
			continue
		}
		main[i] = fLiteral | fDouble | uint32(l1)<<24 | (e2>>8&0xff)<<16 | e&0xff00 | uint32(l1+l2)
	}
}
