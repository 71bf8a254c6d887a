package zarr

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// Store is the part of the Zarr abstract store interface this package uses.
// Keys are "/"-separated, without a leading or trailing "/".
type Store interface {
	// Get returns the value of key, or an error wrapping ErrNotFound.
	Get(key string) ([]byte, error)
	// Set stores value under key.
	Set(key string, value []byte) error
}

// FSStore is a store in a directory of the local file system: key "a/b/c"
// is the file <root>/a/b/c.
type FSStore struct {
	root string
}

// NewFSStore returns a store rooted at dir. The directory is created on the
// first Set.
func NewFSStore(dir string) *FSStore { return &FSStore{root: dir} }

// Root returns the store's directory.
func (s *FSStore) Root() string { return s.root }

func (s *FSStore) path(key string) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	return filepath.Join(s.root, filepath.FromSlash(key)), nil
}

// Get reads the file of key.
func (s *FSStore) Get(key string) ([]byte, error) {
	p, err := s.path(key)
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %q", ErrNotFound, key)
	}
	return b, err
}

// Set writes the file of key atomically (a temporary file renamed into
// place), creating directories as needed.
func (s *FSStore) Set(key string, value []byte) error {
	p, err := s.path(key)
	if err != nil {
		return err
	}
	dir := filepath.Dir(p)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".tmp-"+filepath.Base(p)+"-*")
	if err != nil {
		return err
	}
	_, werr := f.Write(value)
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(f.Name(), p)
	}
	if werr != nil {
		os.Remove(f.Name())
	}
	return werr
}

// checkKey rejects keys that could escape the store's root or that the
// specification does not allow.
func checkKey(key string) error {
	if key == "" || strings.HasPrefix(key, "/") || strings.HasSuffix(key, "/") ||
		strings.ContainsAny(key, "\\\x00") {
		return fmt.Errorf("%w %q", ErrInvalidKey, key)
	}
	for _, part := range strings.Split(key, "/") {
		if part == "" || part == "." || part == ".." {
			return fmt.Errorf("%w %q", ErrInvalidKey, key)
		}
	}
	return nil
}

// MemStore is an in-memory store, safe for concurrent use.
type MemStore struct {
	mu sync.RWMutex
	m  map[string][]byte
}

// NewMemStore returns an empty in-memory store.
func NewMemStore() *MemStore { return &MemStore{m: map[string][]byte{}} }

// Get returns a copy of the value of key.
func (s *MemStore) Get(key string) ([]byte, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	v, ok := s.m[key]
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrNotFound, key)
	}
	return append([]byte(nil), v...), nil
}

// Set stores a copy of value.
func (s *MemStore) Set(key string, value []byte) error {
	if err := checkKey(key); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[key] = append([]byte(nil), value...)
	return nil
}

// Keys returns the keys in the store, sorted.
func (s *MemStore) Keys() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	keys := make([]string, 0, len(s.m))
	for k := range s.m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// RangeStore is a Store that can read part of a value, as io.ReaderAt reads
// part of a file: sharded arrays read through it only the shard index and
// the inner chunks a region needs. A store without it gets whole shards.
type RangeStore interface {
	Store
	// GetRange returns length bytes of the value of key from offset. A
	// negative offset counts from the end: GetRange(k, -16, 16) returns
	// the last 16 bytes. It returns an error wrapping ErrNotFound when key
	// is absent, and an error when the range does not lie inside the value.
	GetRange(key string, offset, length int64) ([]byte, error)
}

// rangeOf checks [offset, offset+length) against a value of size bytes (a
// negative offset counting from the end) and returns the start.
func rangeOf(key string, offset, length, size int64) (int64, error) {
	if offset < 0 {
		offset += size
	}
	if length < 0 || offset < 0 || offset > size || length > size-offset {
		return 0, fmt.Errorf("%w: store key %q: range of %d bytes at %d is outside its %d bytes", ErrRange, key, length, offset, size)
	}
	return offset, nil
}

// GetRange reads length bytes of the file of key from offset (negative:
// from the end).
func (s *FSStore) GetRange(key string, offset, length int64) ([]byte, error) {
	p, err := s.path(key)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %q", ErrNotFound, key)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	off, err := rangeOf(key, offset, length, st.Size())
	if err != nil {
		return nil, err
	}
	b := make([]byte, length)
	if _, err := f.ReadAt(b, off); err != nil {
		return nil, err
	}
	return b, nil
}

// GetRange returns a copy of length bytes of the value of key from offset
// (negative: from the end).
func (s *MemStore) GetRange(key string, offset, length int64) ([]byte, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	v, ok := s.m[key]
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrNotFound, key)
	}
	off, err := rangeOf(key, offset, length, int64(len(v)))
	if err != nil {
		return nil, err
	}
	return append([]byte(nil), v[off:off+length]...), nil
}
