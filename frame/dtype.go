package frame

import (
	"strconv"
	"strings"
)

// Dtype is a decoded NumPy dtype string of a simple (non-structured) type.
type Dtype struct {
	Kind     byte // NumPy kind: 'b' bool, 'i' int, 'u' uint, 'f' float, 'c' complex, 'm' timedelta, 'M' datetime, 'S' bytes, 'U' unicode, 'V' void
	ItemSize int  // bytes per item
	// Order is the byte order: '<' little, '>' big, '|' not applicable.
	Order byte
	Unit  string // datetime/timedelta unit, e.g. "ns" in "<M8[ns]"
}

// ParseDtype decodes a NumPy dtype string such as "<f8", "|u1", ">i4",
// "<U5" (5 UCS-4 characters), "|S10", "|V16", "<M8[ns]". Structured dtypes
// ("[('a', '<i4'), ...]") and object dtypes are reported as unsupported.
func ParseDtype(s string) (Dtype, error) {
	var d Dtype
	bad := func(reason string) error { return unsupported("dtype", -1, strconv.Quote(s)+": "+reason) }
	if s == "" {
		return d, bad("empty")
	}
	d.Order = '|'
	switch s[0] {
	case '<', '>', '|':
		d.Order = s[0]
		s = s[1:]
	case '=':
		d.Order = '<' // files record the writer's native order; C-Blosc2 platforms are little-endian
		s = s[1:]
	}
	if s == "" {
		return d, bad("no kind")
	}
	d.Kind = s[0]
	rest := s[1:]
	if i := strings.IndexByte(rest, '['); i >= 0 {
		if !strings.HasSuffix(rest, "]") || (d.Kind != 'M' && d.Kind != 'm') {
			return d, bad("unexpected unit")
		}
		d.Unit = rest[i+1 : len(rest)-1]
		rest = rest[:i]
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n <= 0 || n > 1<<30 {
		return d, bad("bad item size")
	}
	switch d.Kind {
	case 'b', 'i', 'u', 'f', 'c', 'm', 'M', 'S', 'V':
		d.ItemSize = n
	case 'U':
		d.ItemSize = 4 * n
	default:
		return d, bad("unknown kind " + string(d.Kind))
	}
	if d.ItemSize == 1 || d.Kind == 'S' || d.Kind == 'V' || d.Kind == 'b' {
		if d.Order != '>' {
			d.Order = '|'
		}
	}
	return d, nil
}

// BigEndian reports whether multi-byte items are stored big-endian.
func (d Dtype) BigEndian() bool { return d.Order == '>' }

// String writes d the way NumPy's dtype.str does: the byte order ('<' for
// multi-byte numbers, '|' where order does not apply), the kind and the
// item size (in characters for 'U'), and the unit of datetimes: "<f8",
// "|u1", ">i4", "<U5", "<M8[ns]". The zero Dtype prints as "" .
func (d Dtype) String() string {
	if d.Kind == 0 {
		return ""
	}
	order := d.Order
	switch {
	case d.ItemSize == 1 || d.Kind == 'S' || d.Kind == 'V' || d.Kind == 'b':
		order = '|'
	case order == '|' || order == 0:
		order = '<'
	}
	n := d.ItemSize
	if d.Kind == 'U' {
		n /= 4
	}
	s := string([]byte{order, d.Kind}) + strconv.Itoa(n)
	if d.Unit != "" {
		s += "[" + d.Unit + "]"
	}
	return s
}

// MarshalText implements encoding.TextMarshaler (the String form).
func (d Dtype) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler (ParseDtype).
func (d *Dtype) UnmarshalText(b []byte) error {
	v, err := ParseDtype(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// IsZero reports whether d is the zero Dtype (no decoded dtype).
func (d Dtype) IsZero() bool { return d.Kind == 0 }

// checkDtypeString checks the dtype string of a b2nd array about to be
// written for items of typesize bytes: a NumPy typestring ("<f8", "|u1",
// ...) whose item size is typesize, or a structured dtype (a string
// starting with '[', as NumPy's dtype.descr prints it) whose size the
// typesize gives. "" and names such as "float32" are refused.
func checkDtypeString(s string, typesize int64) error {
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		return nil
	}
	d, err := ParseDtype(s)
	if err != nil {
		return &FormatError{Where: "dtype", Offset: -1, Reason: strconv.Quote(s) + " is not a NumPy typestring such as <f8, <i4, |u1, |b1, <c16, <U8, <M8[ns]", Err: ErrDtype, Cause: err}
	}
	if int64(d.ItemSize) != typesize {
		return &FormatError{Where: "dtype", Offset: -1, Reason: "dtype " + s + " has " + strconv.Itoa(d.ItemSize) + "-byte items, the typesize is " + strconv.FormatInt(typesize, 10), Err: ErrDtype}
	}
	return nil
}
