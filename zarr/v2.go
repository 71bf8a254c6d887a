package zarr

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/blosc2go/blosc2/offsetcodec"
)

// Zarr v2 metadata keys.
const (
	zarrayKey = ".zarray"
	zattrsKey = ".zattrs"
	zgroupKey = ".zgroup"
)

// ArrayMetadataV2 is the content of a Zarr v2 array's .zarray, with its
// .zattrs. Compressor and filters are numcodecs codecs
// (offsetcodec.ParseNumcodecs or offsetcodec.NewNumcodecs): blosc (Blosc1
// chunks, by package blosc), zstd, zlib, gzip, lz4, delta, shuffle, crc32c and
// ocf_blosc2's blosc2.
type ArrayMetadataV2 struct {
	Shape  []int64
	Chunks []int64
	// Dtype is a NumPy type string: "|b1", "|i1", "<i2" ... "<u8", "<f4",
	// "<f8", or the big-endian ">" forms.
	Dtype string
	// Compressor is nil for none.
	Compressor *offsetcodec.Numcodecs
	// FillValue is the JSON fill_value: a number, true/false, "NaN",
	// "Infinity" or "-Infinity"; nil (or null) for none, which reads
	// missing chunks as zeros.
	FillValue json.RawMessage
	// Order is "C" (also for "") or "F": the element order inside each
	// stored chunk.
	Order string
	// Filters are applied in order before the compressor.
	Filters []*offsetcodec.Numcodecs
	// DimensionSeparator is "." (also for "") or "/": chunk keys "1.2" or
	// "1/2".
	DimensionSeparator string
	// Attributes is the JSON object of .zattrs, nil for none.
	Attributes json.RawMessage
}

// numpyToDataType maps NumPy kinds and sizes to data types.
func numpyToDataType(d offsetcodec.NumpyDtype) (DataType, bool) {
	switch d.Kind {
	case 'b':
		return Bool, true
	case 'i', 'u', 'f':
		for dt, info := range dtypes {
			if dt != Bool && info.size == d.Size && info.float == (d.Kind == 'f') && (info.signed || info.float) == (d.Kind != 'u') {
				return dt, true
			}
		}
	}
	return "", false
}

// v3 returns the Zarr v3 metadata that reads and writes the same chunks.
func (m *ArrayMetadataV2) v3() (*ArrayMetadata, error) {
	d, err := offsetcodec.ParseNumpyDtype(m.Dtype)
	if err != nil {
		return nil, unsupported("dtype", "%v", err)
	}
	dt, ok := numpyToDataType(d)
	if !ok {
		return nil, unsupported("dtype", "%q is not supported (bool, integers, float32, float64)", m.Dtype)
	}
	sep := m.DimensionSeparator
	if sep == "" {
		sep = "."
	}
	if sep != "." && sep != "/" {
		return nil, invalid("dimension_separator", "%q must be \".\" or \"/\"", sep)
	}
	v3 := &ArrayMetadata{Shape: m.Shape, DataType: dt, ChunkShape: m.Chunks,
		ChunkKeyEncoding: ChunkKeyEncoding{Name: "v2", Separator: sep}, Attributes: m.Attributes}
	if fv := bytes.TrimSpace(m.FillValue); len(fv) > 0 && string(fv) != "null" {
		v3.FillValue = fv
	}
	switch m.Order {
	case "", "C":
	case "F":
		if n := len(m.Shape); n > 1 {
			order := make([]int, n)
			for i := range order {
				order[i] = n - 1 - i
			}
			v3.Codecs = append(v3.Codecs, &Transpose{Order: order})
		}
	default:
		return nil, invalid("order", "%q must be \"C\" or \"F\"", m.Order)
	}
	endian := "little"
	if d.BigEndian {
		endian = "big"
	}
	v3.Codecs = append(v3.Codecs, &Bytes{Endian: endian})
	for i, f := range m.Filters {
		if f == nil {
			return nil, invalid(fmt.Sprintf("filters[%d]", i), "nil filter")
		}
		v3.Codecs = append(v3.Codecs, f)
	}
	if m.Compressor != nil {
		v3.Codecs = append(v3.Codecs, m.Compressor)
	}
	return v3, nil
}

// MarshalJSON returns the .zarray document of m (keys sorted and indented as
// zarr-python writes them). Attributes go to .zattrs and are not included.
func (m *ArrayMetadataV2) MarshalJSON() ([]byte, error) {
	v3, err := m.v3()
	if err != nil {
		return nil, err
	}
	if _, err := v3.normalize(); err != nil {
		return nil, err
	}
	d, _ := offsetcodec.ParseNumpyDtype(m.Dtype)
	// The config records what the codec resolved from the item size (a
	// shuffle filter's elementsize), as numcodecs needs it.
	config := func(c *offsetcodec.Numcodecs) []byte {
		if r, err := c.ResolveItemSize(d.Size); err == nil {
			if n, ok := r.(*offsetcodec.Numcodecs); ok {
				c = n
			}
		}
		return c.NumcodecsConfig()
	}
	compressor := json.RawMessage("null")
	if m.Compressor != nil {
		compressor = config(m.Compressor)
	}
	filters := json.RawMessage("null")
	if len(m.Filters) > 0 {
		b := []byte{'['}
		for i, f := range m.Filters {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, config(f)...)
		}
		filters = append(b, ']')
	}
	fill := json.RawMessage("null")
	if fv := bytes.TrimSpace(m.FillValue); len(fv) > 0 {
		fill = fv
	}
	order, sep := m.Order, m.DimensionSeparator
	if order == "" {
		order = "C"
	}
	if sep == "" {
		sep = "."
	}
	doc := map[string]any{
		"zarr_format": 2, "shape": m.Shape, "chunks": m.Chunks, "dtype": d.String(),
		"compressor": compressor, "fill_value": fill, "order": order, "filters": filters,
		"dimension_separator": sep,
	}
	// As zarr-python: sorted keys, 4-space indent, "<" not escaped.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "    ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// ParseArrayMetadataV2 parses and validates a .zarray document. Members
// other than those of the Zarr v2 specification are ignored, as zarr-python
// does.
func ParseArrayMetadataV2(data []byte) (*ArrayMetadataV2, error) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return nil, invalid(zarrayKey, "not a JSON object")
	}
	if f := string(bytes.TrimSpace(members["zarr_format"])); f != "2" {
		return nil, unsupported("zarr_format", "want 2, got %s", clip(f))
	}
	for _, k := range []string{"shape", "chunks", "dtype", "compressor", "fill_value", "order", "filters"} {
		if _, ok := members[k]; !ok {
			return nil, invalid(k, "required member is missing")
		}
	}
	m := &ArrayMetadataV2{}
	if err := json.Unmarshal(members["shape"], &m.Shape); err != nil || m.Shape == nil {
		return nil, invalid("shape", "must be an array of non-negative integers")
	}
	if err := json.Unmarshal(members["chunks"], &m.Chunks); err != nil || m.Chunks == nil {
		return nil, invalid("chunks", "must be an array of positive integers")
	}
	if err := json.Unmarshal(members["dtype"], &m.Dtype); err != nil {
		return nil, unsupported("dtype", "%s is not a supported data type (structured types are not)", clip(string(members["dtype"])))
	}
	if err := json.Unmarshal(members["order"], &m.Order); err != nil {
		return nil, invalid("order", "must be \"C\" or \"F\"")
	}
	if raw, ok := members["dimension_separator"]; ok && string(bytes.TrimSpace(raw)) != "null" {
		if err := json.Unmarshal(raw, &m.DimensionSeparator); err != nil {
			return nil, invalid("dimension_separator", "must be \".\" or \"/\"")
		}
	}
	m.FillValue = bytes.TrimSpace(members["fill_value"])
	if string(m.FillValue) == "null" {
		m.FillValue = nil
	}
	if raw := bytes.TrimSpace(members["compressor"]); string(raw) != "null" {
		c, err := offsetcodec.ParseNumcodecs(raw)
		if err != nil {
			return nil, numcodecsErr("compressor", err)
		}
		m.Compressor = c
	}
	if raw := bytes.TrimSpace(members["filters"]); string(raw) != "null" {
		var list []json.RawMessage
		if err := json.Unmarshal(raw, &list); err != nil {
			return nil, invalid("filters", "must be null or an array of codec configurations")
		}
		for i, r := range list {
			c, err := offsetcodec.ParseNumcodecs(r)
			if err != nil {
				return nil, numcodecsErr(fmt.Sprintf("filters[%d]", i), err)
			}
			m.Filters = append(m.Filters, c)
		}
	}
	v3, err := m.v3()
	if err != nil {
		return nil, err
	}
	if _, err := v3.normalize(); err != nil {
		return nil, err
	}
	return m, nil
}

func numcodecsErr(field string, err error) error {
	if errors.Is(err, offsetcodec.ErrUnknownCodec) {
		return &MetadataError{Field: field, Reason: err.Error(), Err: errors.Join(ErrUnsupported, err)}
	}
	return &MetadataError{Field: field, Reason: err.Error(), Err: errors.Join(ErrInvalidMetadata, err)}
}

// CreateArrayV2 writes the .zarray (and, with attributes, the .zattrs) of a
// new Zarr v2 array at path and returns the array. Existing chunks under
// path are not removed.
func CreateArrayV2(s Store, path string, m ArrayMetadataV2) (*Array, error) {
	if err := checkPath(path); err != nil {
		return nil, err
	}
	doc, err := m.MarshalJSON()
	if err != nil {
		return nil, err
	}
	if m.Attributes != nil {
		if checkObject(m.Attributes) != nil {
			return nil, invalid("attributes", "must be a JSON object")
		}
		if err := s.Set(nodeKey(path, zattrsKey), m.Attributes); err != nil {
			return nil, err
		}
	}
	if err := s.Set(nodeKey(path, zarrayKey), doc); err != nil {
		return nil, err
	}
	return openV2(s, path, &m)
}

// OpenArrayV2 reads the .zarray (and .zattrs, when present) of the Zarr v2
// array at path. OpenArray calls it when path has no zarr.json.
func OpenArrayV2(s Store, path string) (*Array, error) {
	if err := checkPath(path); err != nil {
		return nil, err
	}
	doc, err := s.Get(nodeKey(path, zarrayKey))
	if err != nil {
		return nil, err
	}
	m, err := ParseArrayMetadataV2(doc)
	if err != nil {
		return nil, err
	}
	if m.Attributes, err = readAttrs(s, path); err != nil {
		return nil, err
	}
	return openV2(s, path, m)
}

func openV2(s Store, path string, m *ArrayMetadataV2) (*Array, error) {
	v3, err := m.v3()
	if err != nil {
		return nil, err
	}
	n, err := v3.normalize()
	if err != nil {
		return nil, err
	}
	l, err := newLayout(n)
	if err != nil {
		return nil, err
	}
	cp := *m
	return &Array{store: s, path: path, meta: n, l: l, v2: &cp}, nil
}

// readAttrs returns the .zattrs of path, nil when there is none.
func readAttrs(s Store, path string) (json.RawMessage, error) {
	attrs, err := s.Get(nodeKey(path, zattrsKey))
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if checkObject(attrs) != nil {
		return nil, invalid(zattrsKey, "must be a JSON object")
	}
	return attrs, nil
}

// CreateGroupV2 writes the .zgroup (and, with attributes, the .zattrs) of a
// Zarr v2 group at path.
func CreateGroupV2(s Store, path string, g GroupMetadata) error {
	if err := checkPath(path); err != nil {
		return err
	}
	if g.Attributes != nil {
		if checkObject(g.Attributes) != nil {
			return invalid("attributes", "must be a JSON object")
		}
		if err := s.Set(nodeKey(path, zattrsKey), g.Attributes); err != nil {
			return err
		}
	}
	return s.Set(nodeKey(path, zgroupKey), []byte("{\n    \"zarr_format\": 2\n}"))
}

// OpenGroupV2 reads the .zgroup (and .zattrs, when present) of the Zarr v2
// group at path.
func OpenGroupV2(s Store, path string) (*GroupMetadata, error) {
	if err := checkPath(path); err != nil {
		return nil, err
	}
	doc, err := s.Get(nodeKey(path, zgroupKey))
	if err != nil {
		return nil, err
	}
	var g struct {
		ZarrFormat json.RawMessage `json:"zarr_format"`
	}
	if err := json.Unmarshal(doc, &g); err != nil || string(bytes.TrimSpace(g.ZarrFormat)) != "2" {
		return nil, unsupported(zgroupKey, "not a Zarr v2 group (want {\"zarr_format\": 2})")
	}
	attrs, err := readAttrs(s, path)
	if err != nil {
		return nil, err
	}
	return &GroupMetadata{Attributes: attrs}, nil
}

// MetadataV2 returns the .zarray metadata of a Zarr v2 array (shared: do not
// modify it), nil for a v3 array.
func (a *Array) MetadataV2() *ArrayMetadataV2 { return a.v2 }

func nodeKey(path, name string) string {
	if path == "" {
		return name
	}
	return path + "/" + name
}
