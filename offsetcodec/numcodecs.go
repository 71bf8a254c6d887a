package offsetcodec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/blosc2go/blosc2/blosc"
)

// NumcodecsPrefix starts the Zarr v3 names numcodecs.zarr3 gives the
// numcodecs codecs: "numcodecs.blosc", "numcodecs.zstd", ...
const NumcodecsPrefix = "numcodecs."

// numcodecsFactories builds the codecs of this package from numcodecs
// configurations (the numcodecs config object without its "id").
var numcodecsFactories = map[string]Factory{
	"blosc":   newBloscFromNumcodecs,
	"blosc2":  newBlosc2FromConfig, // ocf_blosc2: {"cname", "clevel"}
	"zstd":    newZstdFromNumcodecs,
	"zlib":    newZlibFromConfig,
	"gzip":    newGzipFromNumcodecs,
	"lz4":     newLZ4FromConfig,
	"delta":   newDeltaFromConfig,
	"shuffle": newShuffleFromConfig,
	"crc32c":  newCRC32CFromNumcodecs,
}

// NumcodecsIDs returns the numcodecs codec ids this package implements,
// sorted: blosc, blosc2 (ocf_blosc2), crc32c, delta, gzip, lz4, shuffle, zlib
// and zstd.
func NumcodecsIDs() []string {
	ids := make([]string, 0, len(numcodecsFactories))
	for id := range numcodecsFactories {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Numcodecs is a codec configured as numcodecs configures it: a Zarr v2
// compressor or filter ({"id": "blosc", "cname": "lz4", "clevel": 5,
// "shuffle": 1, "blocksize": 0}) or a numcodecs.zarr3 codec in Zarr v3
// metadata ({"name": "numcodecs.blosc", "configuration": {"cname": "lz4",
// ...}}). The work is done by this package's codec for the id (Inner); the
// configuration is kept as given, so metadata read and written again says the
// same. How each id's keys map:
//
//   - blosc: cname, clevel (numcodecs' defaults "lz4", 5), shuffle as an
//     integer (0 none, 1 byte, 2 bit, -1 or absent: bit shuffle for one-byte
//     items, byte shuffle otherwise), blocksize (0: automatic) and an
//     optional typesize (absent: the array's item size). Chunks are written
//     in the Blosc1 format, as numcodecs writes them.
//   - blosc2: ocf_blosc2's codec, see Blosc2 (cname "zstd" or "blosc2",
//     meaning BloscLZ, and clevel).
//   - zstd: level (default 1) and checksum; zlib and gzip: level (default 1);
//     lz4: acceleration (default 1), see LZ4.
//   - delta: dtype and astype (equal), see Delta; shuffle: elementsize
//     (absent: the array's item size), see Shuffle.
//   - crc32c: location, "end" (default) or "start": where the 4-byte
//     checksum goes.
type Numcodecs struct {
	id    string
	conf  json.RawMessage // compact JSON object without "id"
	inner Codec
}

// NewNumcodecs builds the numcodecs codec id (such as "blosc") from its
// configuration (the numcodecs config object without "id"; nil for none).
// The ids of this package come first; any other id is looked up in the
// default registry under its numcodecs.zarr3 name, "numcodecs." and the id,
// so a codec registered once with Register("numcodecs.foo", ...) serves both
// Zarr v3 metadata ({"name": "numcodecs.foo"}) and Zarr v2 metadata
// ({"id": "foo"}).
func NewNumcodecs(id string, configuration json.RawMessage) (*Numcodecs, error) {
	f, ok := numcodecsFactories[id]
	if !ok {
		f, ok = defaultRegistry.Lookup(NumcodecsPrefix + id)
	}
	if !ok {
		return nil, fmt.Errorf("%w: numcodecs codec %q (known: %v)", ErrUnknownCodec, clip(id), numcodecsKnown())
	}
	conf := bytes.TrimSpace(configuration)
	if len(conf) == 0 || string(conf) == "null" {
		conf = []byte("{}")
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, conf); err != nil || conf[0] != '{' {
		return nil, configErr(NumcodecsPrefix+id, "", "configuration must be a JSON object")
	}
	inner, err := f(compact.Bytes())
	if err != nil {
		return nil, err
	}
	if n, ok := inner.(*Numcodecs); ok { // a registered factory wrapping its codec already
		inner = n.inner
	}
	return &Numcodecs{id: id, conf: compact.Bytes(), inner: inner}, nil
}

// numcodecsKnown lists the numcodecs ids NewNumcodecs builds: this
// package's and those registered in the default registry.
func numcodecsKnown() []string {
	ids := NumcodecsIDs()
	for _, name := range defaultRegistry.Names() {
		if id, ok := strings.CutPrefix(name, NumcodecsPrefix); ok {
			if _, builtin := numcodecsFactories[id]; !builtin {
				ids = append(ids, id)
			}
		}
	}
	return ids
}

// ParseNumcodecs builds a codec from a numcodecs config object with its
// "id", as Zarr v2's .zarray lists compressors and filters.
func ParseNumcodecs(config []byte) (*Numcodecs, error) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(config, &members); err != nil || members == nil {
		return nil, fmt.Errorf("%w: numcodecs config must be a JSON object", ErrInvalidConfig)
	}
	var id string
	if err := json.Unmarshal(members["id"], &id); err != nil || id == "" {
		return nil, fmt.Errorf("%w: numcodecs config needs a string \"id\"", ErrInvalidConfig)
	}
	delete(members, "id")
	rest, err := marshalSorted(members)
	if err != nil {
		return nil, err
	}
	return NewNumcodecs(id, rest)
}

// marshalSorted writes members as a compact object with sorted keys.
func marshalSorted(members map[string]json.RawMessage) ([]byte, error) {
	keys := make([]string, 0, len(members))
	for k := range members {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b := []byte{'{'}
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		kb, _ := json.Marshal(k)
		b = append(b, kb...)
		b = append(b, ':')
		b = append(b, members[k]...)
	}
	return append(b, '}'), nil
}

func newNumcodecsFactory(id string) Factory {
	return func(configuration json.RawMessage) (Codec, error) { return NewNumcodecs(id, configuration) }
}

// ID returns the numcodecs id, e.g. "blosc".
func (n *Numcodecs) ID() string { return n.id }

// Inner returns the codec of this package doing the work.
func (n *Numcodecs) Inner() Codec { return n.inner }

// Name returns the numcodecs.zarr3 name, "numcodecs." and the id.
func (n *Numcodecs) Name() string { return NumcodecsPrefix + n.id }

// MarshalJSON returns {"name":"numcodecs.<id>","configuration":{...}}.
func (n *Numcodecs) MarshalJSON() ([]byte, error) {
	nb, _ := json.Marshal(n.Name())
	return []byte(`{"name":` + string(nb) + `,"configuration":` + string(n.conf) + `}`), nil
}

// NumcodecsConfig returns the numcodecs config object with its "id", the
// form of Zarr v2 metadata.
func (n *Numcodecs) NumcodecsConfig() []byte {
	idb, _ := json.Marshal(n.id)
	if string(n.conf) == "{}" {
		return []byte(`{"id":` + string(idb) + `}`)
	}
	return []byte(`{"id":` + string(idb) + `,` + string(n.conf[1:]))
}

// Encode encodes with the inner codec.
func (n *Numcodecs) Encode(dst, src []byte) ([]byte, error) { return n.inner.Encode(dst, src) }

// Decode decodes with the inner codec.
func (n *Numcodecs) Decode(dst, src []byte) ([]byte, error) { return n.inner.Decode(dst, src) }

// DecodeLimit decodes with the inner codec's DecodeLimit when it has one.
func (n *Numcodecs) DecodeLimit(dst, src []byte, limit int) ([]byte, error) {
	if ld, ok := n.inner.(LimitDecoder); ok {
		return ld.DecodeLimit(dst, src, limit)
	}
	return n.inner.Decode(dst, src)
}

// EncodedSize is the inner codec's, or -1 when its size varies.
func (n *Numcodecs) EncodedSize(size int64) int64 {
	if s, ok := n.inner.(Sizer); ok {
		return s.EncodedSize(size)
	}
	return -1
}

// ResolveItemSize resolves the settings the inner codec leaves to the
// array's data type. The configuration is kept, except that a shuffle
// codec records the elementsize it got, as numcodecs.zarr3 does.
func (n *Numcodecs) ResolveItemSize(itemSize int) (Codec, error) {
	r, ok := n.inner.(ItemSizeResolver)
	if !ok {
		return n, nil
	}
	inner, err := r.ResolveItemSize(itemSize)
	if err != nil || inner == n.inner {
		return n, err
	}
	out := &Numcodecs{id: n.id, conf: n.conf, inner: inner}
	if s, ok := inner.(*Shuffle); ok {
		out.conf = []byte(fmt.Sprintf(`{"elementsize":%d}`, s.elementsize))
	}
	return out, nil
}

// newBloscFromNumcodecs maps numcodecs' Blosc configuration (shuffle as an
// integer, default cname "lz4") to the blosc codec.
func newBloscFromNumcodecs(configuration json.RawMessage) (Codec, error) {
	const name = NumcodecsPrefix + BloscName
	c, err := ParseConfig(name, configuration, "cname", "clevel", "shuffle", "blocksize", "typesize")
	if err != nil {
		return nil, err
	}
	var p BloscConfig
	if p.Cname, err = c.String("cname", "lz4"); err != nil {
		return nil, err
	}
	clevel, err := c.Int("clevel", 5, 0, 9)
	if err != nil {
		return nil, err
	}
	sh, err := c.Int("shuffle", -1, -1, 2)
	if err != nil {
		return nil, err
	}
	p.Shuffle = [...]string{"", NoShuffle, ByteShuffle, BitShuffle}[sh+1]
	blocksize, err := c.Int("blocksize", 0, 0, blosc.MaxBlocksize)
	if err != nil {
		return nil, err
	}
	typesize, err := c.Int("typesize", 0, 0, 1<<31-1)
	if err != nil {
		return nil, err
	}
	p.Clevel, p.Blocksize, p.Typesize = int(clevel), int(blocksize), int(typesize)
	return NewBlosc(p)
}

// newZstdFromNumcodecs reads numcodecs' Zstd configuration (level 1 by
// default).
func newZstdFromNumcodecs(configuration json.RawMessage) (Codec, error) {
	return zstdFromConfig(NumcodecsPrefix+ZstdName, 1, configuration)
}

// newGzipFromNumcodecs reads numcodecs' GZip configuration (level 1 by
// default).
func newGzipFromNumcodecs(configuration json.RawMessage) (Codec, error) {
	return gzipFromConfig(NumcodecsPrefix+GzipName, 1, configuration)
}

func newCRC32CFromNumcodecs(configuration json.RawMessage) (Codec, error) {
	c, err := ParseConfig(NumcodecsPrefix+CRC32CName, configuration, "location")
	if err != nil {
		return nil, err
	}
	loc, err := c.String("location", "end", "start", "end")
	if err != nil {
		return nil, err
	}
	return &CRC32C{start: loc == "start"}, nil
}
