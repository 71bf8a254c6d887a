package viewer

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/blosc2go/blosc2/store"
)

// KindStore is the kind of a python-blosc2 store (.b2z or .b2e).
const KindStore = "store"

// storeMetalayers mark a frame as an embed store (.b2e).
var storeMetalayers = []string{"b2embed", "b2dict", "b2tree"}

// StoreInfo is a store's form, flavor and keys as a tree.
type StoreInfo struct {
	Form   string     `json:"form"`   // "b2z" or "b2e"
	Flavor string     `json:"flavor"` // "embed", "dict" or "tree"
	Tree   []TreeNode `json:"tree"`   // depth-first, children in name order
}

// TreeNode is a group or a key of a store's tree.
type TreeNode struct {
	Path  string `json:"path"` // "/" for the root, else the key or group path
	Name  string `json:"name"` // the last segment ("/" for the root)
	Depth int    `json:"depth"`
	Group bool   `json:"group"` // has keys below it
	// Data is true when Path is a key holding data; the fields below
	// describe it (store.Entry's).
	Data     bool    `json:"data"`
	Kind     string  `json:"kind,omitempty"`
	Shape    []int64 `json:"shape,omitempty"`
	Dtype    string  `json:"dtype,omitempty"`
	Nbytes   int64   `json:"nbytes"` // -1 for a remote reference
	Embedded bool    `json:"embedded"`
	Leaf     string  `json:"leaf,omitempty"` // an external leaf's path in the store
	// Openable is true for members the views can show (arrays,
	// super-chunks, BatchArrays).
	Openable bool `json:"openable"`
}

// openStore opens the store that s.ra holds and describes it; s.frame is
// the embed store's frame for a .b2e, nil for a .b2z.
func (s *Session) openStore() error {
	st, err := store.OpenReaderAt(s.ra, s.size)
	if err != nil {
		return fmt.Errorf("%s: %w", s.name, err)
	}
	ents, err := st.Entries()
	if err != nil {
		st.Close()
		return fmt.Errorf("%s: %w", s.name, err)
	}
	byKey := make(map[string]store.Entry, len(ents))
	embedded := 0
	for _, e := range ents {
		byKey[e.Key] = e
		if e.Embedded {
			embedded++
		}
	}
	si := &StoreInfo{Form: st.Form().String(), Flavor: st.Flavor().String()}
	children := map[string][2][]string{}
	if err := st.Walk("/", func(path string, groups, leaves []string) error {
		children[path] = [2][]string{groups, leaves}
		return nil
	}); err != nil {
		st.Close()
		return fmt.Errorf("%s: %w", s.name, err)
	}
	var visit func(path, name string, depth int, group bool)
	visit = func(path, name string, depth int, group bool) {
		n := TreeNode{Path: path, Name: name, Depth: depth, Group: group, Nbytes: -1}
		if e, ok := byKey[path]; ok {
			n.Data, n.Kind, n.Shape, n.Dtype, n.Nbytes, n.Embedded, n.Leaf = true, e.Kind.String(), e.Shape, e.Dtype, e.Nbytes, e.Embedded, e.Path
			n.Openable = e.Kind == store.KindNDArray || e.Kind == store.KindSChunk || e.Kind == store.KindBatchArray
		}
		si.Tree = append(si.Tree, n)
		if !group {
			return
		}
		c := children[path]
		type child struct {
			name  string
			group bool
		}
		var kids []child
		for _, g := range c[0] {
			kids = append(kids, child{g, true})
		}
		for _, l := range c[1] {
			kids = append(kids, child{l, false})
		}
		sort.Slice(kids, func(i, j int) bool { return kids[i].name < kids[j].name })
		for _, k := range kids {
			p := strings.TrimSuffix(path, "/") + "/" + k.name
			visit(p, k.name, depth+1, k.group)
		}
	}
	visit("/", "/", 0, true)

	s.store = st
	if s.info == nil {
		s.info = &Info{Name: s.name, Size: s.size}
	}
	s.info.Kind = KindStore
	s.info.Store = si
	fields := []Field{
		{"store form", si.Form},
		{"store flavor", si.Flavor},
		{"keys", fmt.Sprintf("%d (%d embedded, %d external)", len(ents), embedded, len(ents)-embedded)},
	}
	if s.frame == nil {
		ef := st.Embed()
		fields = append(fields, Field{"embed store", strconv.FormatInt(ef.Nbytes(), 10) + " bytes in " + strconv.Itoa(ef.NChunks()) + " chunks"})
	}
	s.info.Header = append(fields, s.info.Header...)
	return nil
}

// isEmbedStore tells whether the frame s opened is an embed store.
func (s *Session) isEmbedStore() bool {
	for _, m := range storeMetalayers {
		if _, err := s.frame.Metalayer(m); err == nil {
			return true
		}
	}
	return false
}

// Member opens key of the store that s shows as a session of its own,
// whose Info, ChunkMap, Slice and Values show the member. It reads the
// member where it lies in the store (only what those views need).
func (s *Session) Member(key string) (*Session, error) {
	if s.store == nil {
		return nil, errors.New("not a store")
	}
	e, err := s.store.Stat(key)
	if err != nil {
		return nil, err
	}
	f, err := s.store.OpenFrame(key)
	if err != nil {
		return nil, err
	}
	m := &Session{name: s.name, size: e.Length}
	if s.info.Store.Form == store.FormZip.String() && !e.Embedded {
		// The leaf lies in the zip as is: its chunk headers are read in
		// place. Embedded members are read through f.
		m.ra = io.NewSectionReader(s.ra, e.Offset, e.Length)
	}
	if err := m.useFrame(f); err != nil {
		return nil, fmt.Errorf("%s %s: %w", s.name, key, err)
	}
	m.info.Member = key
	return m, nil
}
