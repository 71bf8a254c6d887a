package offsetcodec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"sync"
)

// Factory builds a codec from the value of its "configuration" member, which
// is nil when the metadata has none.
type Factory func(configuration json.RawMessage) (Codec, error)

// Registry maps Zarr codec names to factories. It is safe for concurrent use.
type Registry struct {
	mu        sync.RWMutex
	factories map[string]Factory
}

// NewRegistry returns a registry that knows the codecs of this package:
// "offset", "pad", "blosc", "blosc2", "gzip", "zstd" and "crc32c", and the
// numcodecs.zarr3 names "numcodecs.blosc", "numcodecs.blosc2",
// "numcodecs.zstd", "numcodecs.zlib", "numcodecs.gzip", "numcodecs.lz4",
// "numcodecs.delta", "numcodecs.shuffle" and "numcodecs.crc32c" (see
// Numcodecs).
func NewRegistry() *Registry {
	r := &Registry{factories: map[string]Factory{}}
	r.factories[OffsetName] = newOffsetFromConfig
	r.factories[PadName] = newPadFromConfig
	r.factories[BloscName] = newBloscFromConfig
	r.factories[Blosc2Name] = newBlosc2FromConfig
	r.factories[GzipName] = newGzipFromConfig
	r.factories[ZstdName] = newZstdFromConfig
	r.factories[CRC32CName] = newCRC32CFromConfig
	for id := range numcodecsFactories {
		r.factories[NumcodecsPrefix+id] = newNumcodecsFactory(id)
	}
	return r
}

// coreArrayCodecs are the names of the array -> array and array -> bytes
// codecs of the Zarr v3 core specification. They are not bytes -> bytes
// codecs: package zarr implements them, and a Registry refuses them.
var coreArrayCodecs = []string{"bytes", "sharding_indexed", "transpose"}

// Register adds a factory for name. Registering a name twice is an error:
// a library plugging in its codecs must not silently replace another's. So
// is registering a core array codec of Zarr v3 ("bytes", "transpose",
// "sharding_indexed"), which package zarr implements.
func (r *Registry) Register(name string, f Factory) error {
	if !validName(name) {
		return fmt.Errorf("%w: invalid codec name %q", ErrInvalidConfig, name)
	}
	if slices.Contains(coreArrayCodecs, name) {
		return fmt.Errorf("%w: %q is a core array codec of Zarr v3 (package zarr implements it), not a bytes -> bytes codec", ErrInvalidConfig, name)
	}
	if f == nil {
		return fmt.Errorf("%w: nil factory for codec %q", ErrInvalidConfig, name)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.factories[name]; dup {
		return fmt.Errorf("%w: codec %q is already registered", ErrInvalidConfig, name)
	}
	r.factories[name] = f
	return nil
}

// Lookup returns the factory registered for name.
func (r *Registry) Lookup(name string) (Factory, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	f, ok := r.factories[name]
	return f, ok
}

// Names returns the registered codec names, sorted.
func (r *Registry) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	names := make([]string, 0, len(r.factories))
	for n := range r.factories {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// New builds a codec from its metadata: an object
// {"name": ..., "configuration": {...}} (configuration optional; an optional
// boolean "must_understand" is accepted) or the short-hand name string.
func (r *Registry) New(metadata []byte) (Codec, error) {
	name, conf, err := ParseExtension(metadata)
	if err != nil {
		return nil, err
	}
	return r.NewNamed(name, conf)
}

// NewNamed builds the codec name with configuration (nil for none).
func (r *Registry) NewNamed(name string, configuration json.RawMessage) (Codec, error) {
	f, ok := r.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("%w: %q (registered: %v)", ErrUnknownCodec, name, r.Names())
	}
	return f(configuration)
}

// ParseExtension splits Zarr v3 extension metadata into its name and
// configuration. It accepts the short-hand name form ("gzip") and the object
// form with members name, configuration (an object) and must_understand (a
// boolean); any other member is an error.
func ParseExtension(metadata []byte) (name string, configuration json.RawMessage, err error) {
	trimmed := bytes.TrimSpace(metadata)
	if len(trimmed) > 0 && trimmed[0] == '"' {
		if err := json.Unmarshal(trimmed, &name); err != nil || !validName(name) {
			return "", nil, fmt.Errorf("%w: invalid codec name %s", ErrInvalidConfig, clip(string(trimmed)))
		}
		return name, nil, nil
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(trimmed, &members); err != nil || members == nil {
		return "", nil, fmt.Errorf("%w: codec metadata must be a JSON object or a name string", ErrInvalidConfig)
	}
	if err := json.Unmarshal(members["name"], &name); err != nil || !validName(name) {
		return "", nil, fmt.Errorf("%w: codec metadata needs a string \"name\"", ErrInvalidConfig)
	}
	for k, v := range members {
		switch k {
		case "name":
		case "configuration":
			c := bytes.TrimSpace(v)
			if len(c) == 0 || c[0] != '{' {
				return "", nil, configErr(name, "", "\"configuration\" must be a JSON object")
			}
			configuration = c
		case "must_understand":
			var b bool
			if err := json.Unmarshal(v, &b); err != nil {
				return "", nil, configErr(name, "", "\"must_understand\" must be a boolean")
			}
		default:
			return "", nil, configErr(name, "", "unknown member %q next to name and configuration", clip(k))
		}
	}
	return name, configuration, nil
}

// validName accepts registered names (^[a-z][a-z0-9-_.]+$) and the URI
// names earlier v3 drafts used: printable ASCII without spaces or quotes.
func validName(s string) bool {
	if s == "" || len(s) > 256 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c > '~' || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// defaultRegistry is set in init: NewNumcodecs, which its factories call,
// looks codecs up in it.
var defaultRegistry *Registry

func init() { defaultRegistry = NewRegistry() }

// Default returns the package's default registry: the one Register adds to
// and New builds from, and the one the zarr package of this module uses, so
// a codec registered once is known to both.
func Default() *Registry { return defaultRegistry }

// Register adds a factory to the package's default registry.
func Register(name string, f Factory) error { return defaultRegistry.Register(name, f) }

// New builds a codec from its metadata with the default registry, which
// knows the codecs listed by NewRegistry and whatever was added with
// Register.
func New(metadata []byte) (Codec, error) { return defaultRegistry.New(metadata) }
