package zarr

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"

	"github.com/blosc2go/blosc2/offsetcodec"
)

// Limits that keep hostile metadata from causing huge allocations.
const (
	// MaxDims is the largest number of dimensions accepted.
	MaxDims = 32
	// maxChunkBytes bounds the decoded size of one chunk (1 GiB).
	maxChunkBytes = 1 << 30
)

// ChunkKeyEncoding is the "chunk_key_encoding" of an array: Name "default"
// (keys c/1/2, Separator "/" or ".") or "v2" (keys 1.2, Separator "." or "/").
// An empty Separator means the encoding's default.
type ChunkKeyEncoding struct {
	Name      string
	Separator string
}

// ArrayMetadata is the content of an array's zarr.json.
type ArrayMetadata struct {
	Shape            []int64
	DataType         DataType
	ChunkShape       []int64 // regular chunk grid
	ChunkKeyEncoding ChunkKeyEncoding
	// FillValue is the JSON fill_value; nil means the data type's zero.
	FillValue json.RawMessage
	// Codecs lists zero or more *Transpose, one *Bytes, then zero or more
	// bytes -> bytes codecs. An empty list means a single little-endian Bytes.
	Codecs []Codec
	// DimensionNames, when not nil, has one entry per dimension (nil entries
	// are unnamed dimensions).
	DimensionNames []*string
	// Attributes is the JSON object of user attributes, nil for none.
	Attributes json.RawMessage
}

// arrayJSON is the order in which zarr.json members are written.
type arrayJSON struct {
	ZarrFormat       int               `json:"zarr_format"`
	NodeType         string            `json:"node_type"`
	Shape            []int64           `json:"shape"`
	DataType         DataType          `json:"data_type"`
	ChunkGrid        json.RawMessage   `json:"chunk_grid"`
	ChunkKeyEncoding json.RawMessage   `json:"chunk_key_encoding"`
	FillValue        json.RawMessage   `json:"fill_value"`
	Codecs           []json.RawMessage `json:"codecs"`
	Attributes       json.RawMessage   `json:"attributes,omitempty"`
	DimensionNames   []*string         `json:"dimension_names,omitempty"`
}

// MarshalJSON returns the zarr.json document of m (indented). It validates m
// first.
func (m *ArrayMetadata) MarshalJSON() ([]byte, error) {
	n, err := m.normalize()
	if err != nil {
		return nil, err
	}
	grid, _ := json.Marshal(map[string]any{"name": "regular", "configuration": map[string]any{"chunk_shape": n.ChunkShape}})
	cke, _ := json.Marshal(struct {
		Name string            `json:"name"`
		Conf map[string]string `json:"configuration"`
	}{n.ChunkKeyEncoding.Name, map[string]string{"separator": n.ChunkKeyEncoding.Separator}})
	doc := arrayJSON{
		ZarrFormat: 3, NodeType: "array", Shape: n.Shape, DataType: n.DataType,
		ChunkGrid: grid, ChunkKeyEncoding: cke, FillValue: n.FillValue,
		Attributes: n.Attributes, DimensionNames: n.DimensionNames,
	}
	for i, c := range n.Codecs {
		b, err := c.MarshalJSON()
		if err != nil {
			return nil, fmt.Errorf("zarr: codecs[%d]: %w", i, err)
		}
		doc.Codecs = append(doc.Codecs, b)
	}
	return json.MarshalIndent(doc, "", "  ")
}

// normalize returns a copy of m with defaults filled in, after validating it.
func (m *ArrayMetadata) normalize() (*ArrayMetadata, error) {
	n := *m
	if n.ChunkKeyEncoding.Name == "" {
		n.ChunkKeyEncoding.Name = "default"
	}
	if n.ChunkKeyEncoding.Separator == "" {
		n.ChunkKeyEncoding.Separator = "/"
		if n.ChunkKeyEncoding.Name == "v2" {
			n.ChunkKeyEncoding.Separator = "."
		}
	}
	if n.FillValue == nil {
		n.FillValue = n.DataType.defaultFill()
	}
	if len(n.Codecs) == 0 {
		n.Codecs = []Codec{&Bytes{Endian: "little"}}
	}
	if es := n.DataType.Size(); es > 0 {
		var err error
		if n.Codecs, err = resolveCodecs(n.Codecs, es); err != nil {
			return nil, err
		}
	}
	if _, err := newLayout(&n); err != nil {
		return nil, err
	}
	return &n, nil
}

// ParseArrayMetadata parses and validates an array's zarr.json.
func ParseArrayMetadata(data []byte) (*ArrayMetadata, error) {
	members, err := parseNode(data, "array", "shape", "data_type", "chunk_grid",
		"chunk_key_encoding", "fill_value", "codecs", "attributes", "dimension_names", "storage_transformers")
	if err != nil {
		return nil, err
	}
	for _, k := range []string{"shape", "data_type", "chunk_grid", "chunk_key_encoding", "fill_value", "codecs"} {
		if _, ok := members[k]; !ok {
			return nil, invalid(k, "required member is missing")
		}
	}
	m := &ArrayMetadata{}
	if err := json.Unmarshal(members["shape"], &m.Shape); err != nil {
		return nil, invalid("shape", "must be an array of non-negative integers")
	}
	name, conf, err := offsetcodec.ParseExtension(members["data_type"])
	if err != nil || conf != nil {
		return nil, unsupported("data_type", "%s is not a supported data type", clip(string(members["data_type"])))
	}
	m.DataType = DataType(name)

	// chunk_grid: regular.
	name, conf, err = offsetcodec.ParseExtension(members["chunk_grid"])
	if err != nil {
		return nil, invalid("chunk_grid", "%v", err)
	}
	if name != "regular" {
		return nil, unsupported("chunk_grid", "chunk grid %q is not supported (only \"regular\")", name)
	}
	if c, err := offsetcodec.ParseConfig(name, conf, "chunk_shape"); err != nil || c.Require("chunk_shape") != nil {
		return nil, invalid("chunk_grid", "the regular grid needs exactly a \"chunk_shape\" configuration")
	}
	var grid struct {
		ChunkShape []int64 `json:"chunk_shape"`
	}
	if err := json.Unmarshal(conf, &grid); err != nil || grid.ChunkShape == nil {
		return nil, invalid("chunk_grid", "chunk_shape must be an array of positive integers")
	}
	m.ChunkShape = grid.ChunkShape

	// chunk_key_encoding.
	name, conf, err = offsetcodec.ParseExtension(members["chunk_key_encoding"])
	if err != nil {
		return nil, invalid("chunk_key_encoding", "%v", err)
	}
	if name != "default" && name != "v2" {
		return nil, unsupported("chunk_key_encoding", "%q is not supported (only \"default\" and \"v2\")", name)
	}
	c, err := offsetcodec.ParseConfig(name, conf, "separator")
	if err != nil {
		return nil, invalid("chunk_key_encoding", "%v", err)
	}
	sep, err := c.String("separator", "", "/", ".")
	if err != nil {
		return nil, invalid("chunk_key_encoding", "%v", err)
	}
	m.ChunkKeyEncoding = ChunkKeyEncoding{Name: name, Separator: sep}

	m.FillValue = bytes.TrimSpace(members["fill_value"])
	if string(m.FillValue) == "null" {
		return nil, invalid("fill_value", "null is not a valid fill value for %s", m.DataType)
	}

	var codecs []json.RawMessage
	if err := json.Unmarshal(members["codecs"], &codecs); err != nil || len(codecs) == 0 {
		return nil, invalid("codecs", "must be a non-empty array of codecs")
	}
	for i, raw := range codecs {
		cd, err := parseCodec(fmt.Sprintf("codecs[%d]", i), raw)
		if err != nil {
			return nil, err
		}
		m.Codecs = append(m.Codecs, cd)
	}

	if raw, ok := members["attributes"]; ok {
		if err := checkObject(raw); err != nil {
			return nil, invalid("attributes", "must be a JSON object")
		}
		m.Attributes = raw
	}
	if raw, ok := members["dimension_names"]; ok {
		if err := json.Unmarshal(raw, &m.DimensionNames); err != nil || m.DimensionNames == nil {
			return nil, invalid("dimension_names", "must be an array of strings or nulls")
		}
	}
	if raw, ok := members["storage_transformers"]; ok {
		var st []json.RawMessage
		if err := json.Unmarshal(raw, &st); err != nil {
			return nil, invalid("storage_transformers", "must be an array")
		}
		if len(st) > 0 {
			return nil, unsupported("storage_transformers", "storage transformers are not supported")
		}
	}
	if es := m.DataType.Size(); es > 0 {
		if m.Codecs, err = resolveCodecs(m.Codecs, es); err != nil {
			return nil, err
		}
	}
	if _, err := newLayout(m); err != nil {
		return nil, err
	}
	return m, nil
}

// parseNode checks zarr_format and node_type and returns the members of a
// metadata document. Members not in known must be extension objects with
// "must_understand": false; they are dropped.
func parseNode(data []byte, nodeType string, known ...string) (map[string]json.RawMessage, error) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(data, &members); err != nil || members == nil {
		return nil, invalid("zarr.json", "not a JSON object")
	}
	if f := string(bytes.TrimSpace(members["zarr_format"])); f != "3" {
		return nil, unsupported("zarr_format", "want 3, got %s", clip(f))
	}
	var nt string
	if err := json.Unmarshal(members["node_type"], &nt); err != nil || nt != nodeType {
		return nil, invalid("node_type", "want %q, got %s", nodeType, clip(string(members["node_type"])))
	}
	delete(members, "zarr_format")
	delete(members, "node_type")
	keys := make([]string, 0, len(members))
	for k := range members {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if slices.Contains(known, k) {
			continue
		}
		var ext struct {
			MustUnderstand *bool `json:"must_understand"`
		}
		if json.Unmarshal(members[k], &ext) == nil && ext.MustUnderstand != nil && !*ext.MustUnderstand {
			delete(members, k)
			continue
		}
		return nil, unsupported(k, "unknown member without \"must_understand\": false")
	}
	return members, nil
}

func checkObject(raw json.RawMessage) error {
	var o map[string]json.RawMessage
	if err := json.Unmarshal(raw, &o); err != nil || o == nil {
		return ErrInvalidMetadata
	}
	return nil
}

// GroupMetadata is the content of a group's zarr.json.
type GroupMetadata struct {
	// Attributes is the JSON object of user attributes, nil for none.
	Attributes json.RawMessage
}

// MarshalJSON returns the group's zarr.json document.
func (g *GroupMetadata) MarshalJSON() ([]byte, error) {
	if g.Attributes != nil && checkObject(g.Attributes) != nil {
		return nil, invalid("attributes", "must be a JSON object")
	}
	return json.MarshalIndent(struct {
		ZarrFormat int             `json:"zarr_format"`
		NodeType   string          `json:"node_type"`
		Attributes json.RawMessage `json:"attributes,omitempty"`
	}{3, "group", g.Attributes}, "", "  ")
}

// ParseGroupMetadata parses and validates a group's zarr.json.
func ParseGroupMetadata(data []byte) (*GroupMetadata, error) {
	members, err := parseNode(data, "group", "attributes", "consolidated_metadata")
	if err != nil {
		return nil, err
	}
	g := &GroupMetadata{}
	if raw, ok := members["attributes"]; ok {
		if checkObject(raw) != nil {
			return nil, invalid("attributes", "must be a JSON object")
		}
		g.Attributes = raw
	}
	return g, nil
}
