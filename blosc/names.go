package blosc

import (
	"fmt"
	"strconv"
	"strings"
)

// Names of codecs, filters and split modes: the String methods give the
// names C-Blosc2 uses; ParseCodec, ParseFilter and ParseSplitMode read
// them back (case-insensitively, with the aliases listed), and the
// MarshalText and UnmarshalText methods make the three types JSON and
// flag friendly.

// ParseCodec returns the codec named s: a name String returns ("zstd",
// "lz4hc", ...), or "codec(N)" / "user-codec(N)" for any id.
func ParseCodec(s string) (Codec, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for c, n := range codecNames {
		if n == name {
			return c, nil
		}
	}
	if id, ok := parseID(name, "codec(", "user-codec("); ok {
		return Codec(id), nil
	}
	return 0, fmt.Errorf("%w: unknown codec %q (want blosclz, lz4, lz4hc, zlib, zstd, ...)", ErrInvalidOptions, s)
}

// ParseFilter returns the filter named s: a name String returns
// ("shuffle", "bitshuffle", "delta", "trunc_prec", "bytedelta",
// "int_trunc", ...), "none", "noshuffle" and "nofilter" for NoFilter,
// "truncprec" and "inttrunc" for the names with an underscore, or
// "filter(N)" / "user-filter(N)" for any id.
func ParseFilter(s string) (Filter, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	switch name {
	case "none", "noshuffle":
		return NoFilter, nil
	case "truncprec":
		return TruncPrec, nil
	case "inttrunc":
		return IntTrunc, nil
	}
	for f, n := range filterNames {
		if n == name {
			return f, nil
		}
	}
	if id, ok := parseID(name, "filter(", "user-filter("); ok {
		return Filter(id), nil
	}
	return 0, fmt.Errorf("%w: unknown filter %q (want shuffle, bitshuffle, delta, trunc_prec, bytedelta, int_trunc, none, ...)", ErrInvalidOptions, s)
}

// ParseSplitMode returns the split mode named s: "always", "never",
// "auto", "forward_compat" (or "forward-compat"), or "splitmode(N)".
func ParseSplitMode(s string) (SplitMode, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for m := SplitAlways; m <= SplitForwardCompat; m++ {
		if m.String() == name {
			return m, nil
		}
	}
	if name == "forward-compat" {
		return SplitForwardCompat, nil
	}
	if id, ok := parseID(name, "splitmode("); ok {
		return SplitMode(id), nil
	}
	return 0, fmt.Errorf("%w: unknown split mode %q (want always, never, auto or forward_compat)", ErrInvalidOptions, s)
}

// parseID parses "PREFIXN)" for one of the prefixes, N in 0..255.
func parseID(s string, prefixes ...string) (uint8, bool) {
	for _, p := range prefixes {
		if rest, ok := strings.CutPrefix(s, p); ok {
			if num, ok := strings.CutSuffix(rest, ")"); ok {
				if n, err := strconv.ParseUint(num, 10, 8); err == nil {
					return uint8(n), true
				}
			}
		}
	}
	return 0, false
}

// MarshalText returns the codec's name (String).
func (c Codec) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText sets c from a name ParseCodec accepts.
func (c *Codec) UnmarshalText(b []byte) error {
	v, err := ParseCodec(string(b))
	if err == nil {
		*c = v
	}
	return err
}

// MarshalText returns the filter's name (String).
func (f Filter) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText sets f from a name ParseFilter accepts.
func (f *Filter) UnmarshalText(b []byte) error {
	v, err := ParseFilter(string(b))
	if err == nil {
		*f = v
	}
	return err
}

// MarshalText returns the split mode's name (String).
func (m SplitMode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText sets m from a name ParseSplitMode accepts.
func (m *SplitMode) UnmarshalText(b []byte) error {
	v, err := ParseSplitMode(string(b))
	if err == nil {
		*m = v
	}
	return err
}
