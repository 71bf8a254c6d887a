package lz4hc

// compressMid is LZ4MID_compress, lz4 1.10's strategy for levels 1 and 2:
// at each position the candidate of a table of 8-byte hashes, else that of
// a table of 4-byte hashes (then also the 8-byte candidate one byte
// further), no chains, and a faster skip over data without matches. The
// block is src[start:]; src[:start] is a dictionary its matches may refer
// to, entered in the tables first (LZ4MID_fillHTable).
func (c *Compressor) compressMid(dst, src []byte, start int, limited bool) int {
	h4 := (*[midHashTableSize]uint32)(c.hashTable[:midHashTableSize])
	h8 := (*[midHashTableSize]uint32)(c.hashTable[midHashTableSize:])
	base := c.base
	n := len(src)
	mflimit := n - mfLimit
	matchlimit := n - lastLiterals
	ilimit := n - 8
	ip, anchor, op := start, start, 0
	if n-start < minLength {
		return lastLiteralsRun(dst, src, op, anchor)
	}
	ilimitIdx := base + uint32(ilimit)
	for p := 0; p+8 <= start; p++ {
		h4[hashMid4(load32(src, p))] = base + uint32(p)
		h8[hashMid8(load64(src, p))] = base + uint32(p)
	}

	for ip <= mflimit {
		ipIndex := base + uint32(ip)
		var ml, dist int

		// Long match: the 8-byte hash.
		hl := hashMid8(load64(src, ip))
		pos := h8[hl]
		h8[hl] = ipIndex
		if ipIndex-pos <= maxDistance && pos >= base {
			ml = count(src, ip, int(pos-base), matchlimit)
			if ml >= minMatch {
				dist = int(ipIndex - pos)
				goto found
			}
		}

		// Short match: the 4-byte hash, then the 8-byte candidate at ip+1.
		{
			hs := hashMid4(load32(src, ip))
			pos = h4[hs]
			h4[hs] = ipIndex
			if ipIndex-pos <= maxDistance && pos >= base {
				ml = count(src, ip, int(pos-base), matchlimit)
				if ml >= minMatch {
					dist = int(ipIndex - pos)
					hl = hashMid8(load64(src, ip+1))
					pos8 := h8[hl]
					d2 := ipIndex + 1 - pos8
					if d2 <= maxDistance && pos8 >= base && ip < mflimit {
						if ml2 := count(src, ip+1, int(pos8-base), matchlimit); ml2 > ml {
							h8[hl] = ipIndex + 1
							ip++
							ml = ml2
							dist = int(d2)
						}
					}
					goto found
				}
			}
		}

		// No match: skip faster the longer the literal run.
		ip += 1 + (ip-anchor)>>9
		continue

	found:
		// Extend the match backwards.
		for ip > anchor && ip > dist && src[ip-1] == src[ip-dist-1] {
			ip--
			ml++
		}
		// Fill the tables with the start of the match. lz4 uses the index
		// of the position searched (ipIndex) with the bytes at the match
		// start, which may have moved: copied as is.
		h8[hashMid8(load64(src, ip+1))] = ipIndex + 1
		h8[hashMid8(load64(src, ip+2))] = ipIndex + 2
		h4[hashMid4(load32(src, ip+1))] = ipIndex + 1

		if op = encodeSequence(dst, src, op, anchor, ip, ml, dist, limited); op < 0 {
			return 0
		}
		ip += ml
		anchor = ip

		// Fill the tables with the end of the match.
		end := base + uint32(ip)
		if end-2 < ilimitIdx {
			if ip > 5 {
				h8[hashMid8(load64(src, ip-5))] = end - 5
			}
			h8[hashMid8(load64(src, ip-3))] = end - 3
			h8[hashMid8(load64(src, ip-2))] = end - 2
			h4[hashMid4(load32(src, ip-2))] = end - 2
			h4[hashMid4(load32(src, ip-1))] = end - 1
		}
	}
	return lastLiteralsRun(dst, src, op, anchor)
}
