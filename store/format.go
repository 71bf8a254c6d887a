package store

import (
	"fmt"
	"strings"
)

// File and member names of python-blosc2's stores.
const (
	// EmbedName is the embed store's name inside a .b2d directory or a
	// .b2z archive (always the archive's last member).
	EmbedName = "embed.b2e"

	// ExtNDArray, ExtSChunk and ExtBatchArray are the suffixes of external
	// leaves: /dir/x is dir/x.b2nd (NDArray), dir/x.b2f (SChunk) or
	// dir/x.b2b (BatchArray).
	ExtNDArray    = ".b2nd"
	ExtSChunk     = ".b2f"
	ExtBatchArray = ".b2b"

	// ExtEmbed, ExtDir and ExtZip are the suffixes of the three forms.
	ExtEmbed = ".b2e"
	ExtDir   = ".b2d"
	ExtZip   = ".b2z"
)

// Fixed metalayers and vlmetalayers.
const (
	// Metalayers of the embed store frame: "b2embed" for a standalone
	// EmbedStore, "b2dict" for a DictStore's embed.b2e and "b2tree" for a
	// TreeStore's; each holds msgpack {"version": 1}.
	metaEmbed = "b2embed"
	metaDict  = "b2dict"
	metaTree  = "b2tree"

	// vlmetaEstore holds msgpack {"embed_map": {key: {"offset", "length"}
	// or {"urlbase", "path"}}, "current_offset": int}.
	vlmetaEstore = "estore_metadata"

	// Metalayers that tell a member's kind (python-blosc2's from_cframe and
	// process_opened_object test them in this order).
	metaProxy      = "proxy-source"
	metaB2Object   = "b2o"
	metaListArray  = "listarray"
	metaVLArray    = "vlarray"
	metaBatchArray = "batcharray"
	metaLazyArray  = "LazyArray"
	metaB2ND       = "b2nd"
	metaCaterva    = "caterva"

	// vlmetaBatchLengths holds msgpack {"batch_lengths": [n0, n1, ...]}.
	vlmetaBatchLengths = "_batch_array_metadata"

	// Msgpack extension codes of python-blosc2's msgpack_utils: 42 is a
	// Blosc2 object serialized as a cframe, 43 a structured reference
	// (C2Array, LazyExpr, LazyUDF, Ref) as a msgpack map.
	extCFrame     = 42
	extStructured = 43

	// embedChunksize is the chunk size of the embed store's SChunk
	// (EmbedStore's default chunksize, 2**13 bytes).
	embedChunksize = 1 << 13
)

// Form is the on-disk form of a store.
type Form uint8

// Forms.
const (
	FormEmbed Form = iota + 1 // .b2e: one frame holding every member
	FormDir                   // .b2d: a directory, embed.b2e plus leaf files
	FormZip                   // .b2z: the .b2d tree in a zip of STORED members
)

var formNames = [...]string{FormEmbed: "b2e", FormDir: "b2d", FormZip: "b2z"}

// String returns "b2e", "b2d" or "b2z".
func (f Form) String() string {
	if int(f) < len(formNames) && formNames[f] != "" {
		return formNames[f]
	}
	return fmt.Sprintf("form(%d)", uint8(f))
}

// ParseForm parses "b2e", "b2d" or "b2z" (a leading dot is accepted).
func ParseForm(s string) (Form, error) {
	s = strings.TrimPrefix(strings.ToLower(s), ".")
	for i, n := range formNames {
		if n != "" && n == s {
			return Form(i), nil
		}
	}
	return 0, fmt.Errorf("store: unknown form %q (want b2e, b2d or b2z)", s)
}

// MarshalText implements encoding.TextMarshaler.
func (f Form) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (f *Form) UnmarshalText(b []byte) error {
	v, err := ParseForm(string(b))
	if err == nil {
		*f = v
	}
	return err
}

// Flavor is the python-blosc2 class a store was written by, told by the
// embed store's fixed metalayer.
type Flavor uint8

// Flavors.
const (
	FlavorEmbed Flavor = iota + 1 // EmbedStore ("b2embed")
	FlavorDict                    // DictStore ("b2dict")
	FlavorTree                    // TreeStore ("b2tree")
)

var flavorNames = [...]string{FlavorEmbed: "embed", FlavorDict: "dict", FlavorTree: "tree"}
var flavorMeta = [...]string{FlavorEmbed: metaEmbed, FlavorDict: metaDict, FlavorTree: metaTree}

// String returns "embed", "dict" or "tree".
func (f Flavor) String() string {
	if int(f) < len(flavorNames) && flavorNames[f] != "" {
		return flavorNames[f]
	}
	return fmt.Sprintf("flavor(%d)", uint8(f))
}

// ParseFlavor parses "embed", "dict" or "tree".
func ParseFlavor(s string) (Flavor, error) {
	for i, n := range flavorNames {
		if n != "" && n == strings.ToLower(s) {
			return Flavor(i), nil
		}
	}
	return 0, fmt.Errorf("store: unknown flavor %q (want embed, dict or tree)", s)
}

// MarshalText implements encoding.TextMarshaler.
func (f Flavor) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (f *Flavor) UnmarshalText(b []byte) error {
	v, err := ParseFlavor(string(b))
	if err == nil {
		*f = v
	}
	return err
}

// Kind is what a member holds.
type Kind uint8

// Kinds. The Go API opens KindNDArray and KindSChunk members as frames and
// arrays and reads KindBatchArray items; the others are recognized and
// reported, and opening them fails with an error wrapping ErrUnsupported.
const (
	KindNDArray     Kind = iota + 1 // b2nd array (.b2nd)
	KindSChunk                      // plain super-chunk (.b2f)
	KindBatchArray                  // BatchArray: msgpack batches on VL-block chunks (.b2b)
	KindLazyExpr                    // persisted LazyExpr (b2o kind "lazyexpr", or legacy "LazyArray")
	KindLazyUDF                     // persisted LazyUDF (b2o kind "lazyudf")
	KindC2Array                     // reference to a remote Caterva2 array
	KindB2Object                    // another persisted b2o object
	KindObjectArray                 // ObjectArray ("vlarray")
	KindListArray                   // ListArray ("listarray")
	KindProxy                       // Proxy cache ("proxy-source")
	KindEmbedStore                  // an EmbedStore nested as a member
)

var kindNames = [...]string{
	KindNDArray: "ndarray", KindSChunk: "schunk", KindBatchArray: "batcharray",
	KindLazyExpr: "lazyexpr", KindLazyUDF: "lazyudf", KindC2Array: "c2array",
	KindB2Object: "b2object", KindObjectArray: "objectarray", KindListArray: "listarray",
	KindProxy: "proxy", KindEmbedStore: "embedstore",
}

// String returns the kind's name as blosc2 ls prints it.
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// ParseKind parses a kind name as String returns it.
func ParseKind(s string) (Kind, error) {
	for i, n := range kindNames {
		if n != "" && n == s {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("store: unknown kind %q", s)
}

// MarshalText implements encoding.TextMarshaler.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *Kind) UnmarshalText(b []byte) error {
	v, err := ParseKind(string(b))
	if err == nil {
		*k = v
	}
	return err
}

// readable reports whether members of kind k open as frames.
func (k Kind) readable() bool {
	return k == KindNDArray || k == KindSChunk || k == KindBatchArray
}
