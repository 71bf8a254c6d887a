package viewer

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/blosc2go/blosc2/blosc"
	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/internal/render"
	"github.com/blosc2go/blosc2/store"
)

// Session is one opened file. Its methods are safe for concurrent use.
type Session struct {
	name string
	size int64
	ra   io.ReaderAt

	info  *Info
	frame *frame.Frame // nil for a single chunk
	array *frame.Array // nil unless b2nd
	store *store.Store // nil unless a store

	mu     sync.Mutex
	chunks []render.Chunk // gathered by the first ChunkMap
	grid   *render.Grid   // the last slice drawn, for Values
	slice  render.Slice   // its bounds
}

// Kinds of files.
const (
	KindFrame = "frame"
	KindB2ND  = "b2nd"
	KindChunk = "chunk"
)

// frameMagic sits at offset 2 of every frame.
const (
	frameMagic    = "b2frame\x00"
	frameMagicOff = 2
)

// Open opens the file of size bytes that ra holds: a contiguous frame, a b2nd
// array, a single chunk or a python-blosc2 store in one file (.b2z, .b2e),
// whose members Member opens. ra is read through a page cache, and only the
// header, index and trailer of a frame are read now.
func Open(ra io.ReaderAt, size int64, name string) (*Session, error) {
	if size <= 0 {
		return nil, errors.New("the file is empty")
	}
	s := &Session{name: name, size: size, ra: NewCachedReaderAt(ra, size)}
	head := make([]byte, blosc.ExtendedHeaderLen)
	if int64(len(head)) > size {
		head = head[:size]
	}
	if n, err := s.ra.ReadAt(head, 0); n < len(head) {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if len(head) >= 4 && (string(head[:4]) == "PK\x03\x04" || string(head[:4]) == "PK\x05\x06") {
		return s, s.openStore()
	}
	if len(head) >= frameMagicOff+len(frameMagic) && string(head[frameMagicOff:frameMagicOff+len(frameMagic)]) == frameMagic {
		if err := s.openFrame(); err != nil {
			return nil, err
		}
		if s.isEmbedStore() {
			return s, s.openStore()
		}
		return s, nil
	}
	h, err := blosc.ReadHeader(head)
	if err != nil {
		return nil, fmt.Errorf("%s is neither a frame nor a Blosc chunk: %w", name, err)
	}
	s.info = &Info{Name: name, Size: size, Kind: KindChunk, Header: chunkFields(&h)}
	if int64(h.Cbytes) != size {
		s.info.Warnings = append(s.info.Warnings, fmt.Sprintf("the header says %d bytes (cbytes), the file has %d", h.Cbytes, size))
	}
	return s, nil
}

func (s *Session) openFrame() error {
	f, err := frame.Open(s.ra, s.size)
	if err != nil {
		return err
	}
	return s.useFrame(f)
}

// useFrame describes f, the frame s shows.
func (s *Session) useFrame(f *frame.Frame) error {
	s.frame = f
	s.info = &Info{Name: s.name, Size: s.size, Kind: KindFrame, NChunks: f.NChunks()}
	a, err := frame.OpenArray(f)
	switch {
	case err == nil:
		s.array = a
		s.info.Kind = KindB2ND
		m := a.Meta()
		s.info.Array = &ArrayInfo{
			Shape: a.Shape(), ChunkShape: m.ChunkShape, BlockShape: m.BlockShape,
			Dtype: m.Dtype, Plottable: render.Plottable(a.Dtype()) && len(a.Shape()) > 0,
		}
	case !errors.Is(err, frame.ErrNotB2ND):
		return fmt.Errorf("invalid b2nd array: %w", err)
	}
	h := f.Header()
	s.info.Header = frameFields(&h, f)
	for _, m := range f.Metalayers() {
		s.info.Metalayers = append(s.info.Metalayers, metaOf(m.Name, m.Content))
	}
	for _, name := range f.VLMetalayerNames() {
		content, err := f.VLMetalayer(name)
		v := metaOf(name, content)
		if err != nil {
			v.Error = err.Error()
		} else {
			v.Value, v.Error = decodeMsgpack(content)
		}
		s.info.VLMetalayers = append(s.info.VLMetalayers, v)
	}
	return nil
}

// Info describes the file: what the page's Info view shows.
type Info struct {
	Name         string     `json:"name"`
	Size         int64      `json:"size"`
	Kind         string     `json:"kind"` // KindFrame, KindB2ND, KindChunk or KindStore
	Header       []Field    `json:"header"`
	NChunks      int        `json:"nchunks"`
	Array        *ArrayInfo `json:"array,omitempty"`
	Metalayers   []Meta     `json:"metalayers"`
	VLMetalayers []Meta     `json:"vlmetalayers"`
	Warnings     []string   `json:"warnings,omitempty"`
	// Store lists a store's keys; Member is the key of a store member the
	// session shows (Name is then the store's name).
	Store  *StoreInfo `json:"store,omitempty"`
	Member string     `json:"member,omitempty"`
}

// Field is one header field, as text.
type Field struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// ArrayInfo is the b2nd metalayer of an array.
type ArrayInfo struct {
	Shape      []int64 `json:"shape"`
	ChunkShape []int32 `json:"chunkshape"`
	BlockShape []int32 `json:"blockshape"`
	Dtype      string  `json:"dtype"`
	Plottable  bool    `json:"plottable"` // numeric dtype, at least one dimension
}

// Meta is a metalayer or vlmetalayer.
type Meta struct {
	Name string `json:"name"`
	Len  int    `json:"len"`
	Hex  string `json:"hex"`            // the first maxHex bytes
	More bool   `json:"more,omitempty"` // Hex is a prefix
	Text string `json:"text,omitempty"` // the content when it is printable text
	// Value is a vlmetalayer's msgpack content as indented JSON; Error
	// tells why there is none.
	Value string `json:"value,omitempty"`
	Error string `json:"error,omitempty"`
}

// Info returns the description of the file.
func (s *Session) Info() *Info { return s.info }

// maxHex bounds the bytes of a metalayer shown in hex.
const maxHex = 256

func metaOf(name string, b []byte) Meta {
	m := Meta{Name: name, Len: len(b)}
	h := b
	if len(h) > maxHex {
		h, m.More = h[:maxHex], true
	}
	m.Hex = fmt.Sprintf("% x", h)
	if printable(b) {
		m.Text = string(b)
	}
	return m
}

func printable(b []byte) bool {
	if len(b) == 0 || len(b) > 4096 {
		return false
	}
	for _, c := range b {
		if c < 0x20 && c != '\n' && c != '\t' || c > 0x7e {
			return false
		}
	}
	return true
}

func frameFields(h *frame.Header, f *frame.Frame) []Field {
	fs := []Field{
		{"format version", strconv.Itoa(int(h.Version))},
		{"frame type", h.Type.String()},
		{"codec", h.Codec.String()},
		{"clevel", strconv.Itoa(int(h.Clevel))},
		{"filters", filterList(h.Filters[:], h.FiltersMeta[:])},
		{"split mode", h.SplitMode.String()},
		{"typesize", strconv.Itoa(int(h.Typesize))},
		{"blocksize", sizeOrAuto(int64(h.Blocksize), "automatic")},
		{"chunksize", sizeOrAuto(int64(h.Chunksize), "variable")},
		{"chunks", strconv.Itoa(f.NChunks())},
		{"nbytes", strconv.FormatInt(h.Nbytes, 10)},
		{"cbytes", strconv.FormatInt(h.Cbytes, 10)},
		{"ratio", ratio(h.Nbytes, h.Cbytes)},
		{"header length", strconv.Itoa(int(h.HeaderLen))},
		{"frame length", strconv.FormatInt(h.FrameLen, 10)},
		{"trailer length", strconv.FormatInt(f.TrailerLen(), 10)},
	}
	if h.VariableChunks {
		fs = append(fs, Field{"variable chunks", "yes"})
	}
	if h.UseDict {
		fs = append(fs, Field{"dictionary", "yes"})
	}
	return fs
}

func chunkFields(h *blosc.Header) []Field {
	codec := h.Codec().String()
	if h.Memcpyed() {
		codec = "memcpy"
	}
	fs := []Field{
		{"format version", strconv.Itoa(int(h.Version))},
		{"header length", strconv.Itoa(h.HeaderLen())},
		{"codec", codec},
		{"filters", filterList(h.Filters[:], h.FiltersMeta[:])},
		{"typesize", strconv.Itoa(int(h.Typesize))},
		{"blocksize", strconv.Itoa(int(h.Blocksize))},
		{"blocks", strconv.Itoa(h.NBlocks())},
		{"nbytes", strconv.Itoa(int(h.Nbytes))},
		{"cbytes", strconv.Itoa(int(h.Cbytes))},
		{"ratio", ratio(int64(h.Nbytes), int64(h.Cbytes))},
	}
	if sp := h.Special(); sp != blosc.SpecialNone {
		fs = append(fs, Field{"special value", sp.String()})
	}
	return fs
}

func filterList(fl []blosc.Filter, meta []uint8) string {
	var out []string
	for i, f := range fl {
		if f == blosc.NoFilter {
			continue
		}
		s := f.String()
		if meta[i] != 0 {
			s += ":" + strconv.Itoa(int(int8(meta[i])))
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, " ")
}

func sizeOrAuto(v int64, zero string) string {
	if v == 0 {
		return zero
	}
	return strconv.FormatInt(v, 10)
}

func ratio(nbytes, cbytes int64) string {
	if cbytes <= 0 {
		return "-"
	}
	return strconv.FormatFloat(float64(nbytes)/float64(cbytes), 'f', 2, 64)
}
