package store_test

import (
	"encoding/binary"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/store"
)

// Write a TreeStore as a .b2z, then list it and read an array back.
func Example() {
	dir, err := os.MkdirTemp("", "store-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "data.b2z")

	// 1000 little-endian int32 items.
	data := make([]byte, 4000)
	for i := 0; i < 1000; i++ {
		binary.LittleEndian.PutUint32(data[4*i:], uint32(i))
	}
	m := frame.NDMeta{Shape: []int64{1000}, ChunkShape: []int32{500}, BlockShape: []int32{100}, Dtype: "<i4"}
	p := frame.DefaultParams()
	p.Typesize = 4

	w, err := store.Create(name, &store.Options{Threshold: 1000}) // smaller members go into embed.b2e
	if err != nil {
		log.Fatal(err)
	}
	if err := w.AddArray("/data/values", m, p, data); err != nil {
		log.Fatal(err)
	}
	if err := w.AddSChunk("/data/notes", p, []byte("a short note")); err != nil {
		log.Fatal(err)
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}

	s, err := store.Open(name)
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	ents, err := s.Entries()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.Form(), s.Flavor())
	for _, e := range ents {
		fmt.Printf("%s %s shape=%v dtype=%q nbytes=%d embedded=%v path=%q\n", e.Key, e.Kind, e.Shape, e.Dtype, e.Nbytes, e.Embedded, e.Path)
	}
	a, err := s.OpenArray("/data/values")
	if err != nil {
		log.Fatal(err)
	}
	slab, err := a.ReadSlab(nil, []int64{998}, []int64{1000})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(binary.LittleEndian.Uint32(slab), binary.LittleEndian.Uint32(slab[4:]))
	// Output:
	// b2z tree
	// /data/notes schunk shape=[] dtype="" nbytes=12 embedded=true path=""
	// /data/values ndarray shape=[1000] dtype="<i4" nbytes=4000 embedded=false path="data/values.b2nd"
	// 998 999
}

// Walk a store as a tree, as TreeStore.walk does.
func ExampleStore_Walk() {
	dir, err := os.MkdirTemp("", "store-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "tree.b2d")
	w, err := store.Create(name, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, k := range []string{"/child0/leaf1", "/child0/child1/leaf2", "/child0/child2", "/top"} {
		if err := w.AddSChunk(k, frame.DefaultParams(), []byte("12345678")); err != nil {
			log.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
	s, err := store.Open(name)
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	err = s.Walk("/", func(path string, groups, leaves []string) error {
		fmt.Println(path, groups, leaves)
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	// Output:
	// / [child0] [top]
	// /child0 [child1] [child2 leaf1]
	// /child0/child1 [] [leaf2]
}

// Update an existing store: delete a key, add another. The store is
// replaced only when Close succeeds.
func ExampleUpdate() {
	dir, err := os.MkdirTemp("", "store-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "s.b2e")
	w, err := store.Create(name, nil)
	if err != nil {
		log.Fatal(err)
	}
	w.AddSChunk("/old", frame.DefaultParams(), []byte("old data"))
	w.AddC2Array("/remote", "https://cat2.cloud/demo", "@public/examples/ds-1d.b2nd")
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}

	w, err = store.Update(name, nil)
	if err != nil {
		log.Fatal(err)
	}
	w.Delete("/old")
	w.AddSChunk("/new", frame.DefaultParams(), []byte("new data"))
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}

	s, err := store.Open(name)
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	b, err := s.ReadAll("/new")
	if err != nil {
		log.Fatal(err)
	}
	e, _ := s.Stat("/remote")
	fmt.Println(s.Keys(), string(b), e.Kind, e.URLBase)
	// Output:
	// [/new /remote] new data c2array https://cat2.cloud/demo
}
