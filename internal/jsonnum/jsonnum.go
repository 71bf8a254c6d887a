// Package jsonnum checks the text of JSON numbers, for the metadata parsers
// of packages offsetcodec and zarr, which read integers exactly (without a
// float64 round trip).
package jsonnum

// IsInteger reports whether s is a JSON number without fraction or
// exponent: an optional minus sign and digits without a leading zero.
func IsInteger(s string) bool {
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
	if s == "" || (len(s) > 1 && s[0] == '0') {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
