package store

import (
	"bytes"
	"errors"
	"io"
	"sort"
	"sync"

	"github.com/blosc2go/blosc2/frame"
	"github.com/vmihailenco/msgpack/v5"
)

// embedEntry is one key of an embed store's embed_map: a window of the
// store's decoded byte stream holding a complete cframe, or a remote
// reference (C2Array) with no bytes.
type embedEntry struct {
	offset, length int64
	urlbase, path  string // remote reference when urlbase != ""
}

func (e embedEntry) remote() bool { return e.urlbase != "" }

// embedStore is an opened embed store frame (.b2e, or embed.b2e in a
// .b2d/.b2z) with its decoded key map.
type embedStore struct {
	f             *frame.Frame
	flavor        Flavor
	keys          []string // embed_map order
	entries       map[string]embedEntry
	currentOffset int64

	once  sync.Once
	cache *chunkCache
}

// flavorOf returns the flavor told by f's fixed metalayers, or 0.
func flavorOf(f *frame.Frame) Flavor {
	for fl := FlavorTree; fl >= FlavorEmbed; fl-- {
		if _, err := f.Metalayer(flavorMeta[fl]); err == nil {
			return fl
		}
	}
	return 0
}

// openEmbed opens the embed store frame in r (size bytes) and decodes its
// estore_metadata. where names it in errors.
func openEmbed(r io.ReaderAt, size int64, where string) (*embedStore, error) {
	f, err := frame.Open(r, size)
	if err != nil {
		if errors.Is(err, frame.ErrUnsupported) {
			return nil, unsupported(where, -1, "embed store frame", err)
		}
		return nil, corrupt(where, -1, "embed store frame", err)
	}
	es := &embedStore{f: f, flavor: flavorOf(f), entries: map[string]embedEntry{}}
	if es.flavor == 0 {
		return nil, &FormatError{Where: where, Offset: -1, Reason: "frame has none of the metalayers b2embed, b2dict, b2tree", Err: ErrNotStore}
	}
	if raw, _ := f.Metalayer(flavorMeta[es.flavor]); len(raw) > 0 {
		if v, ok := versionOf(raw); ok && v > 1 {
			return nil, unsupported(where, -1, flavorMeta[es.flavor]+" version "+itoa(v), nil)
		}
	}
	if _, err := f.VLMetalayerRaw(vlmetaEstore); err != nil {
		return es, nil // a store that never saved its map: empty, as python-blosc2 reads it
	}
	raw, err := f.VLMetalayer(vlmetaEstore)
	if err != nil {
		return nil, corrupt(where, -1, "vlmetalayer "+vlmetaEstore, err)
	}
	if err := es.decodeMap(raw, where); err != nil {
		return nil, err
	}
	return es, nil
}

// versionOf reads the "version" of a msgpack map such as {"version": 1}.
func versionOf(raw []byte) (int64, bool) {
	m, err := decodeMap(raw)
	if err != nil {
		return 0, false
	}
	return intOf(m["version"])
}

// decodeMap decodes estore_metadata and checks every window against the
// embed store's decoded size and against the others. It allocates in
// proportion to raw only: a map length is never trusted.
func (es *embedStore) decodeMap(raw []byte, where string) error {
	where += " " + vlmetaEstore
	bad := func(reason string, err error) error { return corrupt(where, -1, reason, err) }
	r := bytes.NewReader(raw)
	d := msgpack.NewDecoder(r)
	n, err := d.DecodeMapLen()
	if err != nil || n < 0 {
		return bad("not a msgpack map", err)
	}
	haveMap := false
	for i := 0; i < n; i++ {
		name, err := d.DecodeString()
		if err != nil {
			return bad("bad field name", err)
		}
		switch name {
		case "embed_map":
			if haveMap {
				return bad("embed_map twice", nil)
			}
			haveMap = true
			if err := es.decodeEntries(d, r, where); err != nil {
				return err
			}
		case "current_offset":
			if es.currentOffset, err = d.DecodeInt64(); err != nil {
				return bad("current_offset is not an integer", err)
			}
		default:
			if err := skipValue(d, r); err != nil {
				return bad("bad field "+quote(name), err)
			}
		}
	}
	if !haveMap {
		return bad("no embed_map", nil)
	}
	return es.checkWindows(where)
}

func (es *embedStore) decodeEntries(d *msgpack.Decoder, r *bytes.Reader, where string) error {
	n, err := d.DecodeMapLen()
	if err != nil {
		return corrupt(where, -1, "embed_map is not a map", err)
	}
	for i := 0; i < n; i++ {
		key, err := d.DecodeString()
		if err != nil {
			return corrupt(where, -1, "embed_map key is not a string", err)
		}
		w := "embed_map " + quote(key)
		if p := readKeyProblem(key); p != "" {
			return corrupt(w, -1, "key "+p, nil)
		}
		if _, dup := es.entries[key]; dup {
			return corrupt(w, -1, "key twice", nil)
		}
		m, err := d.DecodeMapLen()
		if err != nil || m < 0 {
			return corrupt(w, -1, "entry is not a map", err)
		}
		e := embedEntry{offset: -1, length: -1}
		for j := 0; j < m; j++ {
			field, err := d.DecodeString()
			if err != nil {
				return corrupt(w, -1, "bad field name", err)
			}
			switch field {
			case "offset":
				e.offset, err = d.DecodeInt64()
			case "length":
				e.length, err = d.DecodeInt64()
			case "urlbase":
				e.urlbase, err = d.DecodeString()
			case "path":
				e.path, err = d.DecodeString()
			default:
				err = skipValue(d, r)
			}
			if err != nil {
				return corrupt(w, -1, "bad field "+quote(field), err)
			}
		}
		if !e.remote() {
			if e.offset < 0 || e.length <= 0 {
				return corrupt(w, -1, "offset "+itoa(e.offset)+" and length "+itoa(e.length)+" do not make a window", nil)
			}
			if nb := es.f.Nbytes(); e.offset > nb || e.length > nb-e.offset {
				return corrupt(w, e.offset, "window of "+itoa(e.length)+" bytes lies outside the "+itoa(nb)+"-byte embed store", nil)
			}
		}
		es.entries[key] = e
		es.keys = append(es.keys, key)
	}
	return nil
}

// checkWindows refuses overlapping windows: python-blosc2 only ever
// appends, so two keys sharing bytes is a forged map.
func (es *embedStore) checkWindows(where string) error {
	type win struct {
		key      string
		off, end int64
	}
	ws := make([]win, 0, len(es.entries))
	for k, e := range es.entries {
		if !e.remote() {
			ws = append(ws, win{k, e.offset, e.offset + e.length})
		}
	}
	sort.Slice(ws, func(i, j int) bool {
		if ws[i].off != ws[j].off {
			return ws[i].off < ws[j].off
		}
		return ws[i].key < ws[j].key
	})
	for i := 1; i < len(ws); i++ {
		if ws[i].off < ws[i-1].end {
			return corrupt("embed_map "+quote(ws[i].key), ws[i].off, "window overlaps key "+quote(ws[i-1].key), nil)
		}
	}
	return nil
}

// section returns the decoded bytes of e as an io.ReaderAt window: the
// embed store's chunks holding it are decoded on demand, never the whole.
func (es *embedStore) section(e embedEntry) *io.SectionReader {
	es.once.Do(func() {
		es.cache = &chunkCache{f: es.f}
		if cs := int64(es.f.Header().Chunksize); cs > 0 && cs <= maxCachedChunk {
			es.cache.cs = cs
		}
	})
	return io.NewSectionReader(es.cache, e.offset, e.length)
}

// maxCachedChunk is the largest embed store chunk chunkCache keeps.
const maxCachedChunk = 1 << 20

// chunkCache reads an embed store's decoded stream keeping its last few
// decoded chunks: opening a member frame makes several small reads (header,
// index, trailer) that fall in the same 8 KiB chunk, which is then fetched
// and decoded once.
type chunkCache struct {
	f  *frame.Frame
	cs int64 // chunk size; 0: no caching, read through

	mu   sync.Mutex
	ents [4]cachedChunk
	next int
}

type cachedChunk struct {
	idx  int
	data []byte
}

func (c *chunkCache) chunk(i int) ([]byte, error) {
	c.mu.Lock()
	for _, e := range c.ents {
		if e.data != nil && e.idx == i {
			c.mu.Unlock()
			return e.data, nil
		}
	}
	c.mu.Unlock()
	data, err := c.f.Chunk(nil, i)
	if err != nil {
		return nil, err
	}
	last := i == c.f.NChunks()-1
	if int64(len(data)) > c.cs || (!last && int64(len(data)) != c.cs) {
		return nil, corrupt("embed store chunk "+itoa(int64(i)), -1, "decodes to "+itoa(int64(len(data)))+" bytes, the chunk size is "+itoa(c.cs), nil)
	}
	c.mu.Lock()
	c.ents[c.next] = cachedChunk{i, data}
	c.next = (c.next + 1) % len(c.ents)
	c.mu.Unlock()
	return data, nil
}

// ReadAt implements io.ReaderAt over the decoded stream.
func (c *chunkCache) ReadAt(p []byte, off int64) (int, error) {
	if c.cs == 0 {
		return c.f.ReadAt(p, off)
	}
	if off < 0 {
		return 0, errors.New("store: negative offset")
	}
	nb := c.f.Nbytes()
	n := 0
	for n < len(p) {
		pos := off + int64(n)
		if pos >= nb {
			return n, io.EOF
		}
		i := pos / c.cs
		if i >= int64(c.f.NChunks()) {
			return n, corrupt("embed store", pos, "offset past the last chunk", nil)
		}
		data, err := c.chunk(int(i))
		if err != nil {
			return n, err
		}
		o := pos - i*c.cs
		if o >= int64(len(data)) {
			return n, corrupt("embed store", pos, "chunks hold fewer bytes than the frame says", nil)
		}
		n += copy(p[n:], data[o:])
	}
	return n, nil
}
