package frame

import (
	"encoding/binary"
	"strconv"
)

// parseMetaSection decodes a (vl)metalayers section starting at buf[pos]:
//
//	93 cd <uint16 size> de <uint16 n> {fixstr name, d2 <int32 offset>}*n dc <uint16 n> {c6 <uint32 len> content}*n
//
// Offsets are relative to the start of buf (the header, or the trailer).
// max is the largest number of entries allowed.
// The returned contents alias buf.
func parseMetaSection(buf []byte, pos int, where string, max int) ([]Metalayer, error) {
	need := func(n int) error {
		if n > len(buf)-pos {
			return corrupt(where, int64(pos), "section truncated")
		}
		return nil
	}
	if err := need(7); err != nil {
		return nil, err
	}
	if buf[pos] != 0x93 || buf[pos+1] != 0xcd || buf[pos+4] != 0xde {
		return nil, corrupt(where, int64(pos), "metalayers section does not start with 93 cd .. de")
	}
	n := int(binary.BigEndian.Uint16(buf[pos+5:]))
	if n > max {
		return nil, corrupt(where, int64(pos+5), itoa(int64(n))+" metalayers (at most "+itoa(int64(max))+")")
	}
	pos += 7
	out := make([]Metalayer, 0, n)
	seen := make(map[string]bool, n)
	for i := 0; i < n; i++ {
		if err := need(1); err != nil {
			return nil, err
		}
		if buf[pos]&0xe0 != 0xa0 {
			return nil, corrupt(where, int64(pos), "metalayer name is not a msgpack fixstr")
		}
		nl := int(buf[pos] & 0x1f)
		pos++
		if err := need(nl + 5); err != nil {
			return nil, err
		}
		name := string(buf[pos : pos+nl])
		pos += nl
		if seen[name] {
			return nil, corrupt(where, int64(pos-nl), "duplicate metalayer name "+name)
		}
		seen[name] = true
		if buf[pos] != 0xd2 {
			return nil, corrupt(where, int64(pos), "metalayer offset is not a msgpack int32")
		}
		off := int64(int32(binary.BigEndian.Uint32(buf[pos+1:])))
		pos += 5
		if off < 0 || off > int64(len(buf))-5 {
			return nil, corrupt(where, int64(pos-4), "metalayer "+name+" offset "+itoa(off)+" outside the section")
		}
		if buf[off] != 0xc6 {
			return nil, corrupt(where, off, "metalayer "+name+" content is not a msgpack bin32")
		}
		clen := int64(binary.BigEndian.Uint32(buf[off+1:]))
		if clen > int64(len(buf))-off-5 {
			return nil, corrupt(where, off+1, "metalayer "+name+" content of "+itoa(clen)+" bytes runs past the section")
		}
		out = append(out, Metalayer{Name: name, Content: buf[off+5 : off+5+clen : off+5+clen]})
	}
	if err := need(3); err != nil {
		return nil, err
	}
	if buf[pos] != 0xdc || int(binary.BigEndian.Uint16(buf[pos+1:])) != n {
		return nil, corrupt(where, int64(pos), "metalayer values are not a msgpack array16 of "+itoa(int64(n)))
	}
	return out, nil
}

// appendMetaSection appends a (vl)metalayers section to dst. base is the
// position, in the final header or trailer, of the section's first byte
// (so stored offsets are relative to that buffer's start). The uint16 size
// field counts from the 0x93 marker in a header but from the 0xcd marker in
// a trailer (sizeFromCD): that is how C-Blosc2 writes them.
func appendMetaSection(dst []byte, base int, layers []Metalayer, sizeFromCD bool) []byte {
	start := len(dst)
	dst = append(dst, 0x93, 0xcd, 0, 0, 0xde)
	dst = binary.BigEndian.AppendUint16(dst, uint16(len(layers)))
	offPos := make([]int, len(layers))
	for i, m := range layers {
		dst = append(dst, 0xa0|byte(len(m.Name)))
		dst = append(dst, m.Name...)
		dst = append(dst, 0xd2)
		offPos[i] = len(dst)
		dst = append(dst, 0, 0, 0, 0)
	}
	size := len(dst) - start
	if sizeFromCD {
		size--
	}
	binary.BigEndian.PutUint16(dst[start+2:], uint16(size))
	dst = append(dst, 0xdc)
	dst = binary.BigEndian.AppendUint16(dst, uint16(len(layers)))
	for i, m := range layers {
		binary.BigEndian.PutUint32(dst[offPos[i]:], uint32(base+len(dst)-start))
		dst = append(dst, 0xc6)
		dst = binary.BigEndian.AppendUint32(dst, uint32(len(m.Content)))
		dst = append(dst, m.Content...)
	}
	return dst
}

func checkMetaName(name string) error {
	if name == "" || len(name) > MaxMetalayerName {
		return &FormatError{Where: "metalayer", Offset: -1, Reason: "name " + strconv.Quote(name) + " must have 1 to " + itoa(MaxMetalayerName) + " bytes", Err: ErrRange}
	}
	return nil
}
