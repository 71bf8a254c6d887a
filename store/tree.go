package store

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// Walk visits the store as a tree, as python-blosc2's TreeStore.walk does:
// fn gets a group's path (root first), the names of its child groups and
// the names of its leaves, each sorted. A child with keys below it is a
// group (even if it holds data too, which a DictStore allows), any other
// a leaf. Groups are visited top-down, children in name order. fn
// returning fs.SkipDir skips the group's children; another error stops the
// walk and is returned. root is "/" or a key; a key with nothing below it
// gives an error wrapping ErrNotFound (an empty store's root is visited,
// with no groups and no leaves).
func (s *Store) Walk(root string, fn func(path string, groups, leaves []string) error) error {
	if root != "/" {
		if p := readKeyProblem(root); p != "" {
			return fmt.Errorf("%w: root %s %s", ErrNotFound, quote(root), p)
		}
	}
	children := map[string]map[string]bool{} // group -> child names
	for _, k := range s.keys {
		parent := "/"
		for _, seg := range strings.Split(k[1:], "/") {
			if children[parent] == nil {
				children[parent] = map[string]bool{}
			}
			children[parent][seg] = true
			if parent == "/" {
				parent = "/" + seg
			} else {
				parent += "/" + seg
			}
		}
	}
	if children[root] == nil {
		if root == "/" { // an empty store: the root alone
			if err := fn("/", nil, nil); err != nil && !errors.Is(err, fs.SkipDir) {
				return err
			}
			return nil
		}
		return fmt.Errorf("%w: no keys under %s", ErrNotFound, quote(root))
	}
	var walk func(p string) error
	walk = func(p string) error {
		var groups, leaves []string
		for name := range children[p] {
			child := p + "/" + name
			if p == "/" {
				child = "/" + name
			}
			if children[child] != nil {
				groups = append(groups, name)
			} else {
				leaves = append(leaves, name)
			}
		}
		sort.Strings(groups)
		sort.Strings(leaves)
		if err := fn(p, groups, leaves); err != nil {
			if errors.Is(err, fs.SkipDir) {
				return nil
			}
			return err
		}
		for _, g := range groups {
			child := p + "/" + g
			if p == "/" {
				child = "/" + g
			}
			if err := walk(child); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(root)
}
