package store

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/blosc2go/blosc2/frame"
)

// Entry describes one key of a store.
type Entry struct {
	Key  string
	Kind Kind
	// Shape and Dtype are the b2nd shape and NumPy dtype string of arrays
	// (and of lazy-expression carriers); nil and "" otherwise.
	Shape []int64
	Dtype string
	// Nbytes is the member's uncompressed size: items times item size for
	// an array, the super-chunk's decoded bytes otherwise; -1 for a
	// C2Array reference.
	Nbytes int64
	// Embedded is true for members inside the embed store, false for
	// external leaves (files of a .b2d, members of a .b2z).
	Embedded bool
	// Path is an external leaf's slash-separated path relative to the
	// store ("dir/x.b2nd"); "" for embedded members.
	Path string
	// Offset and Length locate the member's frame: in the embed store's
	// decoded byte stream for an embedded member, in the .b2z for a zip
	// leaf (python-blosc2's member_window), 0 and the file size for a .b2d
	// leaf. Both are 0 for a C2Array reference.
	Offset, Length int64
	// URLBase and RemotePath are a C2Array reference's server and path.
	URLBase, RemotePath string
}

// leaf is an external leaf.
type leaf struct {
	rel          string // slash-separated path in the store
	offset, size int64  // zip: data window; dir: 0 and the file size
}

// Store is an opened python-blosc2 store. Its methods are safe for
// concurrent use. Frames and arrays it returns read through the store's
// files and are valid until Close.
type Store struct {
	form    Form
	embed   *embedStore
	ra      io.ReaderAt // .b2e or .b2z bytes
	fsys    fs.FS       // .b2d
	root    string      // .b2d directory within fsys
	leaves  map[string]leaf
	keys    []string // sorted, visible keys
	closers []io.Closer

	mu      sync.Mutex
	stats   map[string]Entry
	closed  bool
	openers []io.Closer // leaf files opened by OpenFrame
}

// Open opens the store at path: a directory is a .b2d, a file is a .b2z or
// a .b2e according to its content (a zip, or a frame), whatever its name.
func Open(name string) (*Store, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return OpenFS(os.DirFS(name), ".")
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	s, err := OpenReaderAt(f, fi.Size())
	if err != nil {
		f.Close()
		return nil, err
	}
	s.closers = append(s.closers, f)
	return s, nil
}

// OpenReaderAt opens a .b2z or .b2e held by r (size bytes), telling which
// from the content. It reads the zip's central directory and the embed
// store's header, index and trailer only: members are read when asked for,
// so r may well be an HTTP range reader (package frame/httpra).
func OpenReaderAt(r io.ReaderAt, size int64) (*Store, error) {
	if size < 0 {
		return nil, corrupt("store", -1, "negative size", nil)
	}
	var head [10]byte
	n, err := r.ReadAt(head[:], 0)
	if n < len(head) && err != nil && err != io.EOF {
		return nil, err
	}
	h := head[:n]
	if len(h) >= 10 && string(h[2:10]) == "b2frame\x00" {
		es, err := openEmbed(r, size, EmbedName)
		if err != nil {
			return nil, err
		}
		s := &Store{form: FormEmbed, embed: es, ra: r, leaves: map[string]leaf{}}
		return s, s.index()
	}
	members, err := readZipDir(r, size)
	if err != nil {
		if !bytes.HasPrefix(h, []byte("PK")) {
			return nil, fmt.Errorf("%w: neither a zip (.b2z) nor a frame (.b2e)", ErrNotStore)
		}
		return nil, err
	}
	s := &Store{form: FormZip, ra: r, leaves: map[string]leaf{}}
	var em *member
	for i := range members {
		m := &members[i]
		if m.name == EmbedName {
			em = m
			continue
		}
		if key, ok := keyOfLeaf(m.name); ok {
			if err := s.addLeaf(key, leaf{rel: m.name, offset: m.offset, size: m.size}); err != nil {
				return nil, err
			}
		}
	}
	if em == nil {
		return nil, fmt.Errorf("%w: the zip holds no %s", ErrNotStore, EmbedName)
	}
	if s.embed, err = openEmbed(io.NewSectionReader(r, em.offset, em.size), em.size, "zip member "+EmbedName); err != nil {
		return nil, err
	}
	return s, s.index()
}

// OpenFS opens the store named name in fsys: a directory is a .b2d (name
// "." for the root of fsys), a file a .b2z or .b2e. Files must implement
// io.ReaderAt (those of os.DirFS, embed.FS and testing/fstest do).
func OpenFS(fsys fs.FS, name string) (*Store, error) {
	fi, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		ra, size, c, err := openReaderAt(fsys, name)
		if err != nil {
			return nil, err
		}
		s, err := OpenReaderAt(ra, size)
		if err != nil {
			c.Close()
			return nil, err
		}
		s.closers = append(s.closers, c)
		return s, nil
	}
	s := &Store{form: FormDir, fsys: fsys, root: name, leaves: map[string]leaf{}}
	err = fs.WalkDir(fsys, name, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p, name), "/")
		if name == "." {
			rel = p
		}
		if d.IsDir() {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			if _, isLeaf := keyOfLeaf(rel); isLeaf || rel == EmbedName {
				return corrupt("leaf "+quote(rel), -1, "is a symbolic link, which may lead outside the store", nil)
			}
			return nil
		}
		if !d.Type().IsRegular() || rel == EmbedName {
			return nil
		}
		key, ok := keyOfLeaf(rel)
		if !ok {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return s.addLeaf(key, leaf{rel: rel, size: info.Size()})
	})
	if err != nil {
		return nil, err
	}
	ra, size, c, err := openReaderAt(fsys, path.Join(name, EmbedName))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w: the directory holds no %s", ErrNotStore, EmbedName)
		}
		return nil, err
	}
	s.closers = append(s.closers, c)
	if s.embed, err = openEmbed(ra, size, EmbedName); err != nil {
		c.Close()
		return nil, err
	}
	return s, s.index()
}

// openReaderAt opens name in fsys as an io.ReaderAt.
func openReaderAt(fsys fs.FS, name string) (io.ReaderAt, int64, io.Closer, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, 0, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, 0, nil, fmt.Errorf("%w: %s is not a regular file", ErrNotStore, name)
	}
	ra, ok := f.(io.ReaderAt)
	if !ok {
		f.Close()
		return nil, 0, nil, fmt.Errorf("%w: the file system's files do not implement io.ReaderAt", ErrUnsupported)
	}
	return ra, fi.Size(), f, nil
}

// addLeaf records an external leaf, refusing keys that escape or collide.
func (s *Store) addLeaf(key string, l leaf) error {
	if p := readKeyProblem(key); p != "" {
		return corrupt("leaf "+quote(l.rel), -1, "key "+p, nil)
	}
	if old, dup := s.leaves[key]; dup {
		return corrupt("leaf "+quote(l.rel), -1, "same key "+quote(key)+" as leaf "+quote(old.rel), nil)
	}
	s.leaves[key] = l
	return nil
}

// hiddenKey reports keys python-blosc2's TreeStore hides from its keys():
// the per-subtree vlmeta super-chunks.
func (s *Store) hiddenKey(key string) bool {
	return s.embed.flavor == FlavorTree && strings.HasSuffix(key, "/__vlmeta__")
}

// index builds the sorted list of visible keys. External leaves take
// precedence over embedded members of the same key, as in python-blosc2.
func (s *Store) index() error {
	seen := make(map[string]bool, len(s.leaves)+len(s.embed.keys))
	for k := range s.leaves {
		seen[k] = true
	}
	for _, k := range s.embed.keys {
		seen[k] = true
	}
	for k := range seen {
		if !s.hiddenKey(k) {
			s.keys = append(s.keys, k)
		}
	}
	sort.Strings(s.keys)
	s.stats = make(map[string]Entry, len(s.keys))
	return nil
}

// Form returns the store's form.
func (s *Store) Form() Form { return s.form }

// Flavor returns the python-blosc2 class that wrote the store.
func (s *Store) Flavor() Flavor { return s.embed.flavor }

// Keys returns the keys holding data, sorted. TreeStore's hidden vlmeta
// keys (".../__vlmeta__") are left out, and so are the groups above the
// keys, which python-blosc2's TreeStore.keys() also lists (Walk visits
// them).
func (s *Store) Keys() []string { return append([]string(nil), s.keys...) }

// Has reports whether the store holds key.
func (s *Store) Has(key string) bool {
	if s.hiddenKey(key) {
		return false
	}
	if _, ok := s.leaves[key]; ok {
		return true
	}
	_, ok := s.embed.entries[key]
	return ok
}

// Embed returns the embed store's frame (the .b2e itself, or embed.b2e).
func (s *Store) Embed() *frame.Frame { return s.embed.f }

// member returns the bytes of key's frame as a reader, its size and a
// closer for a leaf file it opened (nil otherwise), or, for a remote
// reference, a nil reader and the entry.
func (s *Store) member(key string) (io.ReaderAt, int64, *Entry, io.Closer, error) {
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		return nil, 0, nil, nil, ErrClosed
	}
	l, isLeaf := s.leaves[key]
	em, isEmbedded := s.embed.entries[key]
	if !isLeaf && !isEmbedded {
		return nil, 0, nil, nil, fmt.Errorf("%w: %s", ErrNotFound, quote(key))
	}
	if isLeaf {
		e := &Entry{Key: key, Path: l.rel, Offset: l.offset, Length: l.size}
		if s.form == FormZip {
			return io.NewSectionReader(s.ra, l.offset, l.size), l.size, e, nil, nil
		}
		ra, size, c, err := openReaderAt(s.fsys, path.Join(s.root, l.rel))
		if err != nil {
			return nil, 0, nil, nil, err
		}
		e.Length = size
		return ra, size, e, c, nil
	}
	e := &Entry{Key: key, Embedded: true, Offset: em.offset, Length: em.length}
	if em.remote() {
		e.Kind, e.Nbytes, e.Offset, e.Length = KindC2Array, -1, 0, 0
		e.URLBase, e.RemotePath = em.urlbase, em.path
		return nil, 0, e, nil, nil
	}
	return s.embed.section(em), em.length, e, nil, nil
}

// openMember opens key's frame, whatever its kind, and describes it. The
// closer, when not nil, is the leaf file the frame reads.
func (s *Store) openMember(key string) (*frame.Frame, Entry, io.Closer, error) {
	if s.hiddenKey(key) {
		return nil, Entry{}, nil, fmt.Errorf("%w: %s", ErrNotFound, quote(key))
	}
	ra, size, e, c, err := s.member(key)
	if err != nil {
		return nil, Entry{}, nil, err
	}
	if ra == nil {
		return nil, *e, nil, nil
	}
	fail := func(err error) (*frame.Frame, Entry, io.Closer, error) {
		if c != nil {
			c.Close()
		}
		return nil, Entry{}, nil, err
	}
	where := "member " + quote(key)
	f, err := frame.Open(ra, size)
	if err != nil {
		if errors.Is(err, frame.ErrUnsupported) {
			return fail(unsupported(where, -1, "frame", err))
		}
		return fail(corrupt(where, -1, "frame", err))
	}
	if err := describe(e, f); err != nil {
		return fail(corrupt(where, -1, "b2nd metalayer", err))
	}
	return f, *e, c, nil
}

// keep registers a leaf file to close at Close.
func (s *Store) keep(c io.Closer) error {
	if c == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		c.Close()
		return ErrClosed
	}
	s.openers = append(s.openers, c)
	return nil
}

// Stat describes key, reading the header of its frame (once: the answer is
// kept).
func (s *Store) Stat(key string) (Entry, error) {
	s.mu.Lock()
	e, ok := s.stats[key]
	s.mu.Unlock()
	if ok {
		return e, nil
	}
	_, e, c, err := s.openMember(key)
	if err != nil {
		return Entry{}, err
	}
	if c != nil {
		c.Close()
	}
	e.Shape = append([]int64(nil), e.Shape...)
	s.mu.Lock()
	s.stats[key] = e
	s.mu.Unlock()
	return e, nil
}

// Entries describes every key, in Keys order. It reads the header, index
// and trailer of every member.
func (s *Store) Entries() ([]Entry, error) {
	out := make([]Entry, 0, len(s.keys))
	for _, k := range s.keys {
		e, err := s.Stat(k)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// unsupportedKind is the error for opening a member of kind k.
func unsupportedKind(key string, k Kind) error {
	return unsupported("member "+quote(key), -1, "is a "+k.String()+", which this package recognizes but does not read", nil)
}

// OpenFrame opens key's frame where it lies: in the zip, in the leaf file,
// or in the embed store's decoded stream (decoding only the embed store
// chunks that the frame's reads touch). Members that are references or
// persisted computations (C2Array, LazyExpr, LazyUDF, other b2o objects)
// and containers this package does not read give an error wrapping
// ErrUnsupported that names the kind.
func (s *Store) OpenFrame(key string) (*frame.Frame, error) {
	f, e, c, err := s.openMember(key)
	if err != nil {
		return nil, err
	}
	if !e.Kind.readable() {
		if c != nil {
			c.Close()
		}
		return nil, unsupportedKind(key, e.Kind)
	}
	if err := s.keep(c); err != nil {
		return nil, err
	}
	return f, nil
}

// OpenArray opens key as a b2nd array; the error wraps frame.ErrNotB2ND
// for a member that is not one.
func (s *Store) OpenArray(key string) (*frame.Array, error) {
	f, err := s.OpenFrame(key)
	if err != nil {
		return nil, err
	}
	return frame.OpenArray(f)
}

// ReadAll returns key's data: an array's items in C order, a super-chunk's
// or BatchArray's decoded bytes.
func (s *Store) ReadAll(key string) ([]byte, error) {
	f, e, c, err := s.openMember(key)
	if err != nil {
		return nil, err
	}
	if c != nil {
		defer c.Close()
	}
	if !e.Kind.readable() {
		return nil, unsupportedKind(key, e.Kind)
	}
	if e.Kind == KindNDArray {
		a, err := frame.OpenArray(f)
		if err != nil {
			return nil, err
		}
		return a.ReadAll(nil)
	}
	return f.Decode(nil)
}

// Close closes the files the store opened. Frames and arrays it returned
// must not be used afterwards.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	var first error
	for _, c := range append(s.openers, s.closers...) {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	s.openers, s.closers = nil, nil
	return first
}
