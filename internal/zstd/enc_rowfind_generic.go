package zstd

import (
	"encoding/binary"
	"math/bits"
)

// rowFindGeneric is the search of the row match finder, the reference of
// rowFind's assembly twins (always compiled, cross-checked against them):
// it enters the positions from f.next to ip (catchUp leaves at most
// skipThreshold of them), then returns the longest match at ip among the
// candidates of its row (length 0 if none of at least minMatch), not past
// end, and enters ip in the row. The caller guarantees ip+8 < end <=
// len(f.b).
func rowFindGeneric(f *rowFinder, ip, end int) (int, int) {
	if ip > f.next {
		rowInsertGeneric(f, f.next, ip)
	}
	b := f.b
	row, tag := f.hash(binary.LittleEndian.Uint64(b[ip:]))
	size := 1 << f.rowLog
	r := row << f.rowLog
	head := f.heads[row]
	best, off := rowSearchGeneric(b, f.tags[r:r+size], f.pos[r:r+size], ip, end, int(head), tag, f.attempts, f.base)
	// Enter ip itself.
	h := (head - 1) & uint8(size-1)
	f.heads[row] = h
	f.tags[r+int(h)] = tag
	f.pos[r+int(h)] = uint32(ip) + f.base
	f.next = ip + 1
	if best < f.minMatch {
		return 0, 0
	}
	return best, off
}

// rowSearchGeneric is the search of one row of the row match finder in
// rowFindGeneric: among the entries of row (tags, 16, 32 or 64 of them)
// whose tag is tag, the newest first from slot head, at most attempts of
// them, it returns the longest match at ip in b, not past end (0, 0 if
// none of at least 4 bytes), and its offset. pos holds the entries'
// positions plus base; an entry below base (an earlier stream) or not
// before ip ends the search.
//
// The caller guarantees ip+8 <= end <= len(b), len(pos) == len(row) and
// head < len(row).
func rowSearchGeneric(b, row []byte, pos []uint32, ip, end, head int, tag uint8, attempts int, base uint32) (int, int) {
	size := len(row)
	m := tagMaskGeneric(row, tag)
	// Newest first: rotate the slots from head to bit 0.
	if size == 64 {
		m = bits.RotateLeft64(m, -head)
	} else {
		m = (m>>uint(head) | m<<uint(size-head)) & (1<<uint(size) - 1)
	}
	ipAbs := uint32(ip) + base
	best, off := 0, 0
	for ; m != 0 && attempts > 0; attempts-- {
		j := (bits.TrailingZeros64(m) + head) & (size - 1)
		m &= m - 1
		o := ipAbs - pos[j]
		if o-1 >= uint32(ip) {
			break // an entry of an earlier stream: the older ones are too
		}
		c := ip - int(o)
		// Only a match longer than best can win: compare the 4 bytes
		// that end at byte best first (the first 4 while best is 0),
		// one load where the candidate is most likely to differ.
		t := max(best, 3) - 3
		if binary.LittleEndian.Uint32(b[c+t:]) == binary.LittleEndian.Uint32(b[ip+t:]) {
			if l := matchLen(b, ip, c, end); l > best {
				best, off = l, int(o)
				if ip+l >= end {
					break
				}
			}
		}
	}
	return best, off
}

// tagMaskGeneric returns a mask with bit i set where row[i] == tag.
func tagMaskGeneric(row []byte, tag uint8) uint64 {
	const lo7, mul = 0x7f7f7f7f7f7f7f7f, 0x0102040810204080
	t := uint64(tag) * 0x0101010101010101
	var m uint64
	for w := 0; w < len(row)/8; w++ {
		x := binary.LittleEndian.Uint64(row[8*w:]) ^ t
		z := ^((x&lo7 + lo7) | x | lo7) // 0x80 in each zero byte
		m |= ((z >> 7) * mul >> 56) << (8 * w)
	}
	return m
}
