package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/blosc2go/blosc2/frame"
	"github.com/blosc2go/blosc2/store"
)

const lsUsage = "ls [--json] STORE"

var lsCommand = &command{
	usage:   lsUsage,
	summary: "list a python-blosc2 store's keys (.b2e, .b2d, .b2z, or an http(s) URL of a .b2e/.b2z): kind, shape, dtype, nbytes, embedded or external",
	run:     runLs,
}

func runLs(e *env, args []string) error {
	fs := newFlagSet("ls")
	asJSON := fs.Bool("json", false, "print a JSON array of {key, kind, shape, dtype, nbytes, embedded} objects")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one STORE, got %d arguments (usage: %s %s)", len(pos), progName, lsUsage)
	}
	s, err := openStore(pos[0])
	if err != nil {
		return err
	}
	defer s.Close()
	rep, err := newStoreReport(pos[0], s)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if *asJSON {
		if err := writeJSON(&buf, rep.Keys); err != nil {
			return err
		}
	} else {
		writeKeyTable(&buf, rep.Keys)
	}
	_, err = e.stdout.Write(buf.Bytes())
	return err
}

// openStore opens a store (a path, or an http(s) URL of a .b2z or .b2e),
// naming the path in errors.
func openStore(path string) (*store.Store, error) {
	if isURL(path) {
		return openRemoteStore(path)
	}
	s, err := store.Open(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, describeOSError(err)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// isStore reports whether path is a python-blosc2 store: a directory with
// an embed.b2e, a zip, or a frame whose metalayers mark an embed store. A
// frame that does not open is not a store (the frame commands report it).
func isStore(path string) bool {
	if path == "-" {
		return false
	}
	st, err := os.Stat(path)
	if err != nil {
		return false
	}
	if st.IsDir() {
		fi, err := os.Stat(filepath.Join(path, store.EmbedName))
		return err == nil && fi.Mode().IsRegular()
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, frameMagicOff+len(frameMagic))
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if bytes.HasPrefix(head, []byte("PK\x03\x04")) || bytes.HasPrefix(head, []byte("PK\x05\x06")) {
		return true
	}
	if !isFrame(head) {
		return false
	}
	fr, err := frame.Open(f, st.Size())
	if err != nil {
		return false
	}
	return isEmbedFrame(fr)
}

// isEmbedFrame reports whether fr carries the metalayer of an embed store.
func isEmbedFrame(fr *frame.Frame) bool {
	for _, m := range []string{"b2embed", "b2dict", "b2tree"} {
		if _, err := fr.Metalayer(m); err == nil {
			return true
		}
	}
	return false
}

// keyJSON is one key as ls --json and info --json print it.
type keyJSON struct {
	Key      string  `json:"key"`
	Kind     string  `json:"kind"`
	Shape    []int64 `json:"shape"`  // null when not an array
	Dtype    *string `json:"dtype"`  // null when not an array
	Nbytes   *int64  `json:"nbytes"` // null for a remote reference
	Embedded bool    `json:"embedded"`
	Path     string  `json:"path,omitempty"` // external leaf's path in the store
	URL      string  `json:"url,omitempty"`  // C2Array reference: urlbase/path
}

// storeReport is what info prints for a store.
type storeReport struct {
	Path     string    `json:"path"`
	Form     string    `json:"form"`
	Flavor   string    `json:"flavor"`
	Embedded int       `json:"embedded"`
	External int       `json:"external"`
	Embed    embedJSON `json:"embed_store"`
	Keys     []keyJSON `json:"keys"`
}

// embedJSON describes the embed store frame.
type embedJSON struct {
	Nbytes    int64  `json:"nbytes"`  // decoded bytes (members and bytes left by deletions)
	Cbytes    int64  `json:"cbytes"`  // compressed bytes of its chunks
	Chunks    int    `json:"nchunks"` // chunks
	Chunksize int32  `json:"chunksize"`
	Codec     string `json:"codec"`
	Clevel    uint8  `json:"clevel"`
}

func newStoreReport(path string, s *store.Store) (*storeReport, error) {
	ents, err := s.Entries()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	r := &storeReport{Path: path, Form: s.Form().String(), Flavor: s.Flavor().String(), Keys: []keyJSON{}}
	ef := s.Embed()
	h := ef.Header()
	r.Embed = embedJSON{Nbytes: ef.Nbytes(), Cbytes: ef.Cbytes(), Chunks: ef.NChunks(), Chunksize: h.Chunksize,
		Codec: h.Codec.String(), Clevel: h.Clevel}
	for _, e := range ents {
		k := keyJSON{Key: e.Key, Kind: e.Kind.String(), Shape: e.Shape, Embedded: e.Embedded, Path: e.Path}
		if e.Shape != nil || e.Kind == store.KindNDArray {
			if k.Shape == nil {
				k.Shape = []int64{}
			}
			dt := e.Dtype
			k.Dtype = &dt
		}
		if e.Nbytes >= 0 {
			nb := e.Nbytes
			k.Nbytes = &nb
		}
		if e.URLBase != "" {
			k.URL = strings.TrimSuffix(e.URLBase, "/") + "/" + strings.TrimPrefix(e.RemotePath, "/")
		}
		if e.Embedded {
			r.Embedded++
		} else {
			r.External++
		}
		r.Keys = append(r.Keys, k)
	}
	return r, nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// writeKeyTable prints one line per key: key, kind, shape, dtype, nbytes,
// embedded or external ("-" for what a key does not have).
func writeKeyTable(w io.Writer, keys []keyJSON) {
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 8, 2, ' ', 0)
	for _, k := range keys {
		shape, dtype, nbytes := "-", "-", "-"
		if k.Shape != nil {
			parts := make([]string, len(k.Shape))
			for i, v := range k.Shape {
				parts[i] = strconv.FormatInt(v, 10)
			}
			shape = "(" + strings.Join(parts, ",") + ")"
		}
		if k.Dtype != nil && *k.Dtype != "" {
			dtype = *k.Dtype
		}
		if k.Nbytes != nil {
			nbytes = strconv.FormatInt(*k.Nbytes, 10)
		}
		where := "external"
		if k.Embedded {
			where = "embedded"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", k.Key, k.Kind, shape, dtype, nbytes, where)
	}
	tw.Flush()
	w.Write(trimLines(buf.Bytes()))
}

// runStoreInfo is info for a store: the form, the flavor and the keys.
func runStoreInfo(e *env, path string, asJSON bool) error {
	s, err := openStore(path)
	if err != nil {
		return err
	}
	defer s.Close()
	return printStoreInfo(e, path, s, asJSON)
}

// printStoreInfo prints info for the opened store s.
func printStoreInfo(e *env, path string, s *store.Store, asJSON bool) error {
	rep, err := newStoreReport(path, s)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if asJSON {
		if err := writeJSON(&buf, rep); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(&buf, "store: %s\nform: %s\nflavor: %s\nkeys: %d (%d embedded, %d external)\n",
			path, rep.Form, rep.Flavor, len(rep.Keys), rep.Embedded, rep.External)
		em := rep.Embed
		fmt.Fprintf(&buf, "embed store: %d bytes in %d chunks of %d (%d compressed, %s clevel %d)\n",
			em.Nbytes, em.Chunks, em.Chunksize, em.Cbytes, em.Codec, em.Clevel)
		if len(rep.Keys) > 0 {
			buf.WriteString("\n")
			writeKeyTable(&buf, rep.Keys)
		}
	}
	_, err = e.stdout.Write(buf.Bytes())
	return err
}

// writeStoreMember writes the decoded bytes of a store member: an array in
// C order, a super-chunk's or BatchArray's chunks in order.
func writeStoreMember(w io.Writer, path, key string) error {
	s, err := openStore(path)
	if err != nil {
		return err
	}
	defer s.Close()
	name := path + " " + key
	ent, err := s.Stat(key)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if ent.Kind == store.KindNDArray {
		a, err := s.OpenArray(key)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return writeArraySlabs(w, a, name)
	}
	fr, err := s.OpenFrame(key)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return writeFrameChunks(w, fr, name)
}
