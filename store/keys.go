package store

import (
	"path"
	"strings"
)

// ValidateKey reports whether key is one a Writer stores: it starts with
// "/", is not "/" itself, does not end with "/", has no empty segment
// ("//"), no "." or ".." segment, and none of ':', '\\', NUL, '\n', '\r',
// '\t'. These are python-blosc2's EmbedStore rules (the strictest of its
// three classes) plus the last two, which keep an external leaf inside its
// directory on every operating system. The error wraps ErrInvalidKey.
func ValidateKey(key string) error {
	if reason := keyProblem(key); reason != "" {
		return &keyError{key: key, reason: reason}
	}
	return nil
}

type keyError struct{ key, reason string }

func (e *keyError) Error() string {
	return ErrInvalidKey.Error() + " " + quote(e.key) + ": " + e.reason
}
func (e *keyError) Unwrap() error { return ErrInvalidKey }

func quote(s string) string {
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return "\"" + strings.ToValidUTF8(s, "\uFFFD") + "\""
}

// keyProblem returns why key is not valid, or "".
func keyProblem(key string) string {
	switch {
	case !strings.HasPrefix(key, "/"):
		return "does not start with '/'"
	case key == "/":
		return "is the root"
	case strings.HasSuffix(key, "/"):
		return "ends with '/'"
	case strings.Contains(key, "//"):
		return "has an empty segment"
	case strings.ContainsAny(key, ":\\\x00\n\r\t"):
		return "holds one of ':', '\\\\', NUL, newline, carriage return, tab"
	}
	for _, seg := range strings.Split(key[1:], "/") {
		if seg == "." || seg == ".." {
			return "has a '.' or '..' segment"
		}
	}
	return ""
}

// readKeyProblem is keyProblem for keys read from a store: python-blosc2
// lets DictStore write keys with ':' in external leaves, so only what can
// escape the store or break the tree is refused.
func readKeyProblem(key string) string {
	switch {
	case !strings.HasPrefix(key, "/"):
		return "does not start with '/'"
	case key == "/":
		return "is the root"
	case strings.HasSuffix(key, "/"):
		return "ends with '/'"
	case strings.Contains(key, "//"):
		return "has an empty segment"
	case strings.ContainsAny(key, "\\\x00"):
		return "holds a backslash or NUL"
	}
	for _, seg := range strings.Split(key[1:], "/") {
		if seg == "." || seg == ".." {
			return "has a '.' or '..' segment"
		}
	}
	return ""
}

// leafExt returns the external leaf suffix for kind k.
func leafExt(k Kind) string {
	switch k {
	case KindNDArray, KindLazyExpr, KindLazyUDF, KindB2Object:
		return ExtNDArray
	case KindBatchArray, KindListArray:
		return ExtBatchArray
	}
	return ExtSChunk
}

// leafPath returns the slash-separated relative path of key's external leaf.
func leafPath(key string, k Kind) string { return key[1:] + leafExt(k) }

// keyOfLeaf returns the key of an external leaf at relative path rel, and
// whether rel has a leaf suffix.
func keyOfLeaf(rel string) (string, bool) {
	ext := path.Ext(rel)
	switch ext {
	case ExtNDArray, ExtSChunk, ExtBatchArray:
		return "/" + strings.TrimSuffix(rel, ext), true
	}
	return "", false
}
