package zstd

import "encoding/binary"

// Dict is a decoding dictionary (RFC 8878 5): content that frames may
// copy from as if it preceded their output, and, for dictionaries in
// zstd's format, an ID, entropy tables and repeat offsets that frames
// start with. A Dict is read-only once made and may be shared by
// Decoders in several goroutines.
type Dict struct {
	id      uint32
	content []byte
	tables  bool // the entropy tables and repeat offsets below are set
	huf     hufTable
	fse     [3]fseTable
	rep     [3]int
}

// ID returns the dictionary's ID (0 for raw content).
func (d *Dict) ID() uint32 { return d.id }

// NewDict makes a dictionary of b as C's ZSTD_createDDict does: in zstd's
// format when b starts with DictMagic, else raw content with ID 0. The
// Dict refers to b, which must not change afterwards. Errors wrap ErrDict.
func NewDict(b []byte) (*Dict, error) {
	if len(b) >= 8 && binary.LittleEndian.Uint32(b) == DictMagic {
		return parseDict(b)
	}
	return &Dict{content: b}, nil
}

// NewRawDict makes a dictionary of raw content b with the given ID.
func NewRawDict(id uint32, b []byte) *Dict {
	return &Dict{id: id, content: b}
}

func dictErr(off int, err error) error {
	why := "bad dictionary"
	if err != nil {
		why = err.Error()
	}
	return &Error{Offset: int64(off), Reason: why, Err: ErrDict}
}

// parseDict parses a dictionary in zstd's format: magic, ID, Huffman
// table, FSE tables for offsets, match lengths and literal lengths, three
// repeat offsets, content.
func parseDict(b []byte) (*Dict, error) {
	d := &Dict{id: binary.LittleEndian.Uint32(b[4:]), tables: true}
	if d.id == 0 {
		return nil, dictErr(4, reason("dictionary ID 0"))
	}
	pos := 8
	var wt fseTable
	var norm [64]int16
	n, err := readHufTable(&d.huf, b[pos:], &wt, &norm)
	if err != nil {
		return nil, dictErr(pos, err)
	}
	d.huf.buildX2() // now: decoders share the table, read-only
	pos += n
	for _, k := range [3]int{kindOF, kindML, kindLL} {
		nc, log, n, err := readNCount(&norm, b[pos:], fseMaxSym[k], fseMaxLog[k])
		if err == nil {
			err = d.fse[k].build(nc, log)
			d.fse[k].setBaselines(k)
		}
		if err != nil {
			return nil, dictErr(pos, err)
		}
		pos += n
	}
	if len(b)-pos < 12 {
		return nil, dictErr(pos, reason("dictionary repeat offsets truncated"))
	}
	d.content = b[pos+12:]
	for i := range d.rep {
		r := binary.LittleEndian.Uint32(b[pos+4*i:])
		if r == 0 || uint64(r) > uint64(len(d.content)) {
			return nil, dictErr(pos+4*i, reason("dictionary repeat offset out of range"))
		}
		d.rep[i] = int(r)
	}
	return d, nil
}
