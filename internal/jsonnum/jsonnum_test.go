package jsonnum

import "testing"

func TestIsInteger(t *testing.T) {
	for s, want := range map[string]bool{
		"0": true, "-0": true, "12": true, "-12": true, "18446744073709551616": true,
		"": false, "-": false, "01": false, "-01": false, "1.0": false, "1e3": false, "+1": false, " 1": false, "--1": false,
	} {
		if got := IsInteger(s); got != want {
			t.Errorf("IsInteger(%q) = %v, want %v", s, got, want)
		}
	}
}
