package offsetcodec

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/blosc2go/blosc2/internal/jsonnum"
)

// Config is a parsed codec "configuration" object whose keys have been
// checked against the keys the codec knows. Codec factories (here and in other
// packages) use it to read values with strict type and range checks and
// error messages naming the codec and the key.
type Config struct {
	codec  string
	values map[string]json.RawMessage
}

// ParseConfig parses configuration, the value of a codec's "configuration"
// member, for the codec named codec. An absent (nil) or null configuration is
// an empty one. Keys not listed in known, duplicate keys and values that are
// not a JSON object are errors wrapping ErrInvalidConfig.
func ParseConfig(codec string, configuration json.RawMessage, known ...string) (*Config, error) {
	c := &Config{codec: codec, values: map[string]json.RawMessage{}}
	trimmed := bytes.TrimSpace(configuration)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return c, nil
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return nil, configErr(codec, "", "configuration must be a JSON object")
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, configErr(codec, "", "malformed configuration: %v", err)
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, configErr(codec, key, "malformed value: %v", err)
		}
		if !slices.Contains(known, key) {
			if len(known) == 0 {
				return nil, configErr(codec, key, "unknown key (the codec takes no configuration)")
			}
			return nil, configErr(codec, key, "unknown key (known keys: %s)", strings.Join(quoteAll(known), ", "))
		}
		if _, dup := c.values[key]; dup {
			return nil, configErr(codec, key, "duplicate key")
		}
		c.values[key] = v
	}
	if _, err := dec.Token(); err != nil {
		return nil, configErr(codec, "", "malformed configuration: %v", err)
	}
	if _, err := dec.Token(); err == nil {
		return nil, configErr(codec, "", "trailing data after the configuration object")
	}
	return c, nil
}

// Has reports whether key is present.
func (c *Config) Has(key string) bool {
	_, ok := c.values[key]
	return ok
}

// Require returns an error for the first of keys that is absent.
func (c *Config) Require(keys ...string) error {
	for _, k := range keys {
		if !c.Has(k) {
			return configErr(c.codec, k, "required key is missing")
		}
	}
	return nil
}

// Int returns the integer value of key, or def when key is absent. The value
// must be a JSON number without fraction or exponent in [min, max].
func (c *Config) Int(key string, def, min, max int64) (int64, error) {
	raw, ok := c.values[key]
	if !ok {
		return def, nil
	}
	s := string(bytes.TrimSpace(raw))
	if !jsonnum.IsInteger(s) {
		return 0, configErr(c.codec, key, "must be an integer, got %s", clip(s))
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < min || v > max {
		return 0, configErr(c.codec, key, "%s is out of range [%d, %d]", clip(s), min, max)
	}
	return v, nil
}

// Bool returns the boolean value of key, or def when key is absent.
func (c *Config) Bool(key string, def bool) (bool, error) {
	raw, ok := c.values[key]
	if !ok {
		return def, nil
	}
	switch string(bytes.TrimSpace(raw)) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, configErr(c.codec, key, "must be true or false, got %s", clip(string(raw)))
}

// String returns the string value of key, or def when key is absent. When
// allowed is not empty the value must be one of allowed.
func (c *Config) String(key, def string, allowed ...string) (string, error) {
	raw, ok := c.values[key]
	if !ok {
		return def, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", configErr(c.codec, key, "must be a string, got %s", clip(string(raw)))
	}
	if len(allowed) > 0 && !slices.Contains(allowed, s) {
		return "", configErr(c.codec, key, "%q is not one of %s", clip(s), strings.Join(quoteAll(allowed), ", "))
	}
	return s, nil
}

// Base64 returns the bytes of key, a standard (RFC 4648, padded) base64
// string; ok is false when key is absent.
func (c *Config) Base64(key string) (b []byte, ok bool, err error) {
	s, err := c.String(key, "")
	if err != nil || !c.Has(key) {
		return nil, false, err
	}
	if base64.StdEncoding.DecodedLen(len(s)) > MaxHeaderBytes {
		return nil, false, configErr(c.codec, key, "longer than %d bytes", MaxHeaderBytes)
	}
	b, err = base64.StdEncoding.Strict().DecodeString(s)
	if err != nil {
		return nil, false, configErr(c.codec, key, "not valid base64: %v", err)
	}
	return b, true, nil
}

func quoteAll(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strconv.Quote(s)
	}
	return out
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}
