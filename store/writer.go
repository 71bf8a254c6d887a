package store

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blosc2go/blosc2/frame"
	"github.com/vmihailenco/msgpack/v5"
)

// Options configure a Writer. The zero value writes what python-blosc2's
// defaults write.
type Options struct {
	// Flavor is the class recorded in the embed store's metalayer:
	// FlavorTree (the default for .b2d and .b2z) or FlavorDict; a .b2e is
	// always FlavorEmbed. A FlavorTree store refuses a key under another
	// key's data (/a and /a/b), as TreeStore does.
	Flavor Flavor
	// Threshold is python-blosc2's DictStore threshold: members whose
	// uncompressed size is below it are embedded in embed.b2e, the others
	// become external leaves. The default, 0, makes every member external
	// (python-blosc2's default). C2Array references are always embedded;
	// in a .b2e everything is.
	Threshold int64
	// EmbedParams compress the embed store's byte stream (typesize and
	// chunk size are forced to 1 and 8 KiB, as EmbedStore does). The zero
	// value is python-blosc2's default: zstd, clevel 5, shuffle.
	EmbedParams *frame.Params
}

// source is where a pending member's frame comes from.
type source struct {
	data   []byte      // in memory
	ra     io.ReaderAt // or a window of the store being updated
	size   int64       // bytes of the frame
	remote *[2]string  // or a C2Array reference: urlbase, path
	rel    string      // external leaf: its path in the old .b2d (kept in place)
	keep   bool        // .b2d update: the leaf file stays as it is
}

// pending is one member a Writer will write.
type pending struct {
	key      string
	kind     Kind
	nbytes   int64
	embedded bool
	src      source
}

// Writer creates or updates a store. Nothing reaches the target before
// Close: a .b2e or .b2z is written to a temporary file in the same
// directory, synced and renamed over the target; a new .b2d is built in a
// temporary directory and renamed into place; an updated .b2d gets every
// new leaf and embed.b2e written and synced to temporary files first, then
// renamed into place (embed.b2e last), and loses deleted leaves after
// that. A failed or aborted Writer leaves the previous store as it was
// (for a .b2d, up to the renames, which are done one file at a time). Members added are held compressed in memory until Close; an
// updated store's members are copied from the old store at Close. A Writer
// is not safe for concurrent use.
type Writer struct {
	name    string
	form    Form
	opts    Options
	old     *Store // Update: the store being replaced
	members []*pending
	byKey   map[string]*pending
	removed []string // .b2d update: leaf paths to remove after the commit
	closed  bool
	err     error
}

// Create starts a new store at name; its suffix (.b2e, .b2d or .b2z) tells
// the form. The error wraps ErrExist if name exists. opts may be nil.
func Create(name string, opts *Options) (*Writer, error) {
	form, err := formOfName(name)
	if err != nil {
		return nil, err
	}
	if _, err := os.Lstat(name); err == nil {
		return nil, fmt.Errorf("%w: %s", ErrExist, name)
	}
	return newWriter(name, form, opts)
}

// Update starts changing the existing store at name: its members are kept
// (Delete drops them), new ones are added, and Close replaces the store.
// Embedded members are copied into the new embed store, so bytes left by
// python-blosc2's deletions are dropped.
func Update(name string, opts *Options) (*Writer, error) {
	old, err := Open(name)
	if err != nil {
		return nil, err
	}
	if opts == nil {
		opts = &Options{}
	}
	o := *opts
	if o.Flavor == 0 {
		o.Flavor = old.Flavor()
	}
	w, err := newWriter(name, old.Form(), &o)
	if err != nil {
		old.Close()
		return nil, err
	}
	w.old = old
	// Every key, TreeStore's hidden vlmeta ones included, once.
	keys := append([]string(nil), old.Keys()...)
	hidden := map[string]bool{}
	for k := range old.embed.entries {
		if old.hiddenKey(k) {
			hidden[k] = true
		}
	}
	for k := range old.leaves {
		if old.hiddenKey(k) {
			hidden[k] = true
		}
	}
	for k := range hidden {
		keys = append(keys, k)
	}
	for _, k := range keys {
		ra, size, e, c, err := old.member(k)
		if err != nil {
			w.Abort()
			return nil, err
		}
		p := &pending{key: k, embedded: e.Embedded}
		switch {
		case ra == nil:
			p.kind, p.nbytes = KindC2Array, -1
			p.src.remote = &[2]string{e.URLBase, e.RemotePath}
		default:
			f, err := frame.Open(ra, size)
			if err != nil {
				if c != nil {
					c.Close()
				}
				w.Abort()
				return nil, corrupt("member "+quote(k), -1, "frame", err)
			}
			var d Entry
			if err := describe(&d, f); err != nil {
				if c != nil {
					c.Close()
				}
				w.Abort()
				return nil, corrupt("member "+quote(k), -1, "b2nd metalayer", err)
			}
			p.kind, p.nbytes = d.Kind, d.Nbytes
			p.src.ra, p.src.size = ra, size
			if !e.Embedded {
				p.src.rel = e.Path
				p.src.keep = w.form == FormDir
			}
			if c != nil {
				old.mu.Lock()
				old.openers = append(old.openers, c)
				old.mu.Unlock()
			}
		}
		w.members = append(w.members, p)
		w.byKey[k] = p
	}
	return w, nil
}

func formOfName(name string) (Form, error) {
	switch strings.ToLower(filepath.Ext(strings.TrimRight(name, "/"+string(filepath.Separator)))) {
	case ExtEmbed:
		return FormEmbed, nil
	case ExtDir:
		return FormDir, nil
	case ExtZip:
		return FormZip, nil
	}
	return 0, fmt.Errorf("store: %s: name must end in .b2e, .b2d or .b2z", name)
}

func newWriter(name string, form Form, opts *Options) (*Writer, error) {
	w := &Writer{name: filepath.Clean(name), form: form, byKey: map[string]*pending{}}
	if opts != nil {
		w.opts = *opts
	}
	switch {
	case form == FormEmbed:
		w.opts.Flavor = FlavorEmbed
	case w.opts.Flavor == 0:
		w.opts.Flavor = FlavorTree
	case w.opts.Flavor != FlavorDict && w.opts.Flavor != FlavorTree:
		return nil, fmt.Errorf("store: a .%s store is a dict or tree store, not %s", form, w.opts.Flavor)
	}
	if w.opts.Threshold < 0 {
		return nil, errors.New("store: negative threshold")
	}
	return w, nil
}

func (w *Writer) usable() error {
	if w.closed {
		return ErrClosed
	}
	return w.err
}

// checkNew refuses an invalid key, one already held, and, in a tree store,
// one under another key's data or above another key.
func (w *Writer) checkNew(key string) error {
	if err := ValidateKey(key); err != nil {
		return err
	}
	if _, ok := w.byKey[key]; ok {
		return fmt.Errorf("%w: key %s (Delete it first)", ErrExist, quote(key))
	}
	if w.opts.Flavor != FlavorTree {
		return nil
	}
	for p := key; ; {
		i := strings.LastIndexByte(p, '/')
		if i <= 0 {
			break
		}
		p = p[:i]
		if _, ok := w.byKey[p]; ok {
			return fmt.Errorf("%w %s: %s holds data, so it cannot have children", ErrInvalidKey, quote(key), quote(p))
		}
	}
	for k := range w.byKey {
		if strings.HasPrefix(k, key+"/") && !strings.HasSuffix(k, "/__vlmeta__") {
			return fmt.Errorf("%w %s: it already has children (%s)", ErrInvalidKey, quote(key), quote(k))
		}
	}
	return nil
}

func (w *Writer) add(p *pending) {
	w.members = append(w.members, p)
	w.byKey[p.key] = p
}

// placement decides where a member of nbytes goes.
func (w *Writer) embedded(nbytes int64) bool {
	return w.form == FormEmbed || nbytes < w.opts.Threshold
}

// AddFrame adds a complete frame (a b2nd array, a super-chunk, a
// BatchArray... as .b2nd, .b2f, .b2b files and python-blosc2's to_cframe
// hold them) under key. The frame is checked by opening it.
func (w *Writer) AddFrame(key string, cframe []byte) error {
	if err := w.usable(); err != nil {
		return err
	}
	if err := w.checkNew(key); err != nil {
		return err
	}
	f, err := frame.OpenBytes(cframe)
	if err != nil {
		return err
	}
	var d Entry
	if err := describe(&d, f); err != nil {
		return err
	}
	if d.Kind == KindEmbedStore || d.Kind == KindProxy {
		return fmt.Errorf("%w: a %s cannot be a store member here", ErrUnsupported, d.Kind)
	}
	w.add(&pending{key: key, kind: d.Kind, nbytes: d.Nbytes, embedded: w.embedded(d.Nbytes),
		src: source{data: cframe, size: int64(len(cframe))}})
	return nil
}

// AddArray compresses data (the items in C order) as a b2nd array of
// metadata m with parameters p (frame.NewArrayWriter's) and adds it under
// key.
func (w *Writer) AddArray(key string, m frame.NDMeta, p frame.Params, data []byte) error {
	if err := w.usable(); err != nil {
		return err
	}
	if err := w.checkNew(key); err != nil {
		return err
	}
	var buf memFile
	fw, err := frame.NewArrayWriter(&buf, m, p)
	if err != nil {
		return err
	}
	if _, err := fw.Write(data); err != nil {
		fw.Close()
		return err
	}
	if err := fw.Close(); err != nil {
		return err
	}
	return w.AddFrame(key, buf.b)
}

// AddSChunk compresses data as a super-chunk with parameters p, in chunks
// of p.Chunksize bytes (1 MiB when 0), and adds it under key.
func (w *Writer) AddSChunk(key string, p frame.Params, data []byte) error {
	if err := w.usable(); err != nil {
		return err
	}
	if err := w.checkNew(key); err != nil {
		return err
	}
	cs := int(p.Chunksize)
	if cs <= 0 {
		cs = 1 << 20
		if ts := int(p.Typesize); ts > 1 {
			cs -= cs % ts
		}
	}
	var buf memFile
	fw, err := frame.NewWriter(&buf, p)
	if err != nil {
		return err
	}
	for len(data) > 0 {
		n := min(cs, len(data))
		if err := fw.AppendData(data[:n]); err != nil {
			fw.Close()
			return err
		}
		data = data[n:]
	}
	if err := fw.Close(); err != nil {
		return err
	}
	return w.AddFrame(key, buf.b)
}

// AddC2Array adds a reference to the remote array path on the Caterva2
// server urlbase (always embedded, as python-blosc2 stores it).
func (w *Writer) AddC2Array(key, urlbase, path string) error {
	if err := w.usable(); err != nil {
		return err
	}
	if err := w.checkNew(key); err != nil {
		return err
	}
	if urlbase == "" {
		return errors.New("store: empty urlbase")
	}
	w.add(&pending{key: key, kind: KindC2Array, nbytes: -1, embedded: true, src: source{remote: &[2]string{urlbase, path}}})
	return nil
}

// Delete drops key. The error wraps ErrNotFound if the Writer holds no
// such key.
func (w *Writer) Delete(key string) error {
	if err := w.usable(); err != nil {
		return err
	}
	p, ok := w.byKey[key]
	if !ok {
		return fmt.Errorf("%w: %s", ErrNotFound, quote(key))
	}
	delete(w.byKey, key)
	for i, q := range w.members {
		if q == p {
			w.members = append(w.members[:i], w.members[i+1:]...)
			break
		}
	}
	if p.src.keep {
		w.removed = append(w.removed, p.src.rel)
	}
	return nil
}

// Keys returns the keys the store will hold, in the order they were added.
func (w *Writer) Keys() []string {
	out := make([]string, 0, len(w.members))
	for _, p := range w.members {
		if !strings.HasSuffix(p.key, "/__vlmeta__") || w.opts.Flavor != FlavorTree {
			out = append(out, p.key)
		}
	}
	return out
}

// Abort drops everything and leaves the target as it was.
func (w *Writer) Abort() error {
	if w.closed {
		return nil
	}
	w.closed = true
	if w.old != nil {
		return w.old.Close()
	}
	return nil
}

// Close writes the store and replaces the target. After an error the
// target is as it was before Create or Update.
func (w *Writer) Close() error {
	if err := w.usable(); err != nil {
		w.Abort()
		return err
	}
	var err error
	switch w.form {
	case FormEmbed:
		err = w.commitFile(func(f *os.File) error { return w.writeEmbed(f) })
	case FormZip:
		err = w.commitFile(w.writeZip)
	case FormDir:
		err = w.commitDir()
	}
	if aerr := w.Abort(); err == nil {
		err = aerr
	}
	return err
}

// copySource writes a pending member's frame bytes to dst.
func copySource(dst io.Writer, s source) error {
	if s.data != nil {
		_, err := dst.Write(s.data)
		return err
	}
	_, err := io.Copy(dst, io.NewSectionReader(s.ra, 0, s.size))
	return err
}

// embedMetadata is the msgpack of estore_metadata, keys in insertion order.
func embedMetadata(keys []string, wins map[string][2]int64, remotes map[string][2]string, current int64) ([]byte, error) {
	var buf bytes.Buffer
	e := msgpack.NewEncoder(&buf)
	must := func(err error) {
		if err != nil {
			panic(err) // bytes.Buffer writes do not fail
		}
	}
	must(e.EncodeMapLen(2))
	must(e.EncodeString("embed_map"))
	must(e.EncodeMapLen(len(keys)))
	for _, k := range keys {
		must(e.EncodeString(k))
		must(e.EncodeMapLen(2))
		if r, ok := remotes[k]; ok {
			must(e.EncodeString("urlbase"))
			must(e.EncodeString(r[0]))
			must(e.EncodeString("path"))
			must(e.EncodeString(r[1]))
			continue
		}
		must(e.EncodeString("offset"))
		must(e.EncodeInt(wins[k][0]))
		must(e.EncodeString("length"))
		must(e.EncodeInt(wins[k][1]))
	}
	must(e.EncodeString("current_offset"))
	must(e.EncodeInt(current))
	return buf.Bytes(), nil
}

// versionMeta is msgpack {"version": 1}.
var versionMeta = []byte{0x81, 0xa7, 'v', 'e', 'r', 's', 'i', 'o', 'n', 0x01}

// writeEmbed writes the embed store frame holding every embedded member.
func (w *Writer) writeEmbed(out io.Writer) error {
	var p frame.Params
	if w.opts.EmbedParams != nil {
		p = *w.opts.EmbedParams
	} else {
		p = frame.DefaultParams() // python-blosc2's: zstd, clevel 5, shuffle
	}
	p.Typesize, p.Chunksize = 1, embedChunksize
	p.Metalayers = []frame.Metalayer{{Name: flavorMeta[w.opts.Flavor], Content: versionMeta}}
	p.VLMetalayers = nil
	var keys []string
	wins := map[string][2]int64{}
	remotes := map[string][2]string{}
	var off int64
	for _, m := range w.members {
		if !m.embedded {
			continue
		}
		keys = append(keys, m.key)
		if m.src.remote != nil {
			remotes[m.key] = *m.src.remote
			continue
		}
		wins[m.key] = [2]int64{off, m.src.size}
		off += m.src.size
	}
	meta, err := embedMetadata(keys, wins, remotes, off)
	if err != nil {
		return err
	}
	p.VLMetalayers = []frame.Metalayer{{Name: vlmetaEstore, Content: meta}}
	fw, err := frame.NewWriter(out, p)
	if err != nil {
		return err
	}
	cw := &chunker{w: fw, buf: make([]byte, 0, embedChunksize)}
	for _, m := range w.members {
		if !m.embedded || m.src.remote != nil {
			continue
		}
		if err := copySource(cw, m.src); err != nil {
			fw.Close()
			return err
		}
	}
	if err := cw.flush(); err != nil {
		fw.Close()
		return err
	}
	return fw.Close()
}

// chunker cuts a byte stream into embed store chunks.
type chunker struct {
	w   *frame.Writer
	buf []byte
}

func (c *chunker) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		k := min(cap(c.buf)-len(c.buf), len(p))
		c.buf = append(c.buf, p[:k]...)
		p = p[k:]
		if len(c.buf) == cap(c.buf) {
			if err := c.flush(); err != nil {
				return 0, err
			}
		}
	}
	return n, nil
}

func (c *chunker) flush() error {
	if len(c.buf) == 0 {
		return nil
	}
	err := c.w.AppendData(c.buf)
	c.buf = c.buf[:0]
	return err
}

// external returns the external members in python-blosc2's zip order:
// largest first, ties by path.
func (w *Writer) external() []*pending {
	var ext []*pending
	for _, m := range w.members {
		if !m.embedded {
			ext = append(ext, m)
		}
	}
	sort.SliceStable(ext, func(i, j int) bool {
		if ext[i].src.size != ext[j].src.size {
			return ext[i].src.size > ext[j].src.size
		}
		return leafPath(ext[i].key, ext[i].kind) < leafPath(ext[j].key, ext[j].kind)
	})
	return ext
}

// memFile is an in-memory io.WriterAt for frame writers.
type memFile struct{ b []byte }

func (m *memFile) Write(p []byte) (int, error) { return m.WriteAt(p, int64(len(m.b))) }

func (m *memFile) WriteAt(p []byte, off int64) (int, error) {
	if off < 0 || off > int64(len(m.b)) {
		if off < 0 {
			return 0, errors.New("store: negative offset")
		}
		m.b = append(m.b, make([]byte, off-int64(len(m.b)))...)
	}
	end := int(off) + len(p)
	if end > len(m.b) {
		m.b = append(m.b, make([]byte, end-len(m.b))...)
	}
	copy(m.b[off:], p)
	return len(p), nil
}
