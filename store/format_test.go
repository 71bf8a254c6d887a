package store

import (
	"encoding/json"
	"testing"
)

func TestEnumsRoundTrip(t *testing.T) {
	for k := KindNDArray; k <= KindEmbedStore; k++ {
		b, err := json.Marshal(k)
		var back Kind
		if err != nil || json.Unmarshal(b, &back) != nil || back != k {
			t.Errorf("kind %v: %s %v", k, b, err)
		}
	}
	for f := FormEmbed; f <= FormZip; f++ {
		var back Form
		if err := back.UnmarshalText([]byte("." + f.String())); err != nil || back != f {
			t.Errorf("form %v: %v", f, err)
		}
	}
	for f := FlavorEmbed; f <= FlavorTree; f++ {
		var back Flavor
		if err := back.UnmarshalText([]byte(f.String())); err != nil || back != f {
			t.Errorf("flavor %v: %v", f, err)
		}
	}
	if _, err := ParseKind("tensor"); err == nil {
		t.Error("ParseKind(tensor) succeeded")
	}
	if _, err := ParseForm("zip"); err == nil {
		t.Error("ParseForm(zip) succeeded")
	}
	if _, err := ParseFlavor(""); err == nil {
		t.Error("ParseFlavor(\"\") succeeded")
	}
	if Kind(99).String() != "kind(99)" || Form(0).String() != "form(0)" {
		t.Error("unknown values")
	}
}
