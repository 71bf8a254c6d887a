package blosc

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestNamesRoundTrip(t *testing.T) {
	for id := 0; id < 256; id++ {
		c := Codec(id)
		if got, err := ParseCodec(c.String()); err != nil || got != c {
			t.Errorf("codec %d: %q parses as %v, %v", id, c.String(), got, err)
		}
		f := Filter(id)
		if got, err := ParseFilter(f.String()); err != nil || got != f {
			t.Errorf("filter %d: %q parses as %v, %v", id, f.String(), got, err)
		}
		m := SplitMode(id)
		if got, err := ParseSplitMode(m.String()); err != nil || got != m {
			t.Errorf("split mode %d: %q parses as %v, %v", id, m.String(), got, err)
		}
	}
	aliases := map[string]Filter{"none": NoFilter, "NoShuffle": NoFilter, "truncprec": TruncPrec, "TRUNC_PREC": TruncPrec, "inttrunc": IntTrunc, " Shuffle ": Shuffle}
	for s, want := range aliases {
		if got, err := ParseFilter(s); err != nil || got != want {
			t.Errorf("ParseFilter(%q) = %v, %v", s, got, err)
		}
	}
	if m, err := ParseSplitMode("forward-compat"); err != nil || m != SplitForwardCompat {
		t.Error("forward-compat")
	}
	for _, bad := range []string{"", "zstd2", "codec(256)", "codec(x)", "shuffle(1)"} {
		if _, err := ParseCodec(bad); !errors.Is(err, ErrInvalidOptions) {
			t.Errorf("ParseCodec(%q) accepted", bad)
		}
	}
	if _, err := ParseFilter("bitshufle"); err == nil {
		t.Error("misspelt filter accepted")
	}
	if _, err := ParseSplitMode("sometimes"); err == nil {
		t.Error("unknown split mode accepted")
	}
}

func TestNamesJSON(t *testing.T) {
	type cfg struct {
		Codec   Codec
		Filters []Filter
		Split   SplitMode
	}
	in := cfg{Zstd, []Filter{Shuffle, ByteDelta, Filter(200)}, SplitAuto}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"Codec":"zstd","Filters":["shuffle","bytedelta","user-filter(200)"],"Split":"auto"}` {
		t.Fatalf("got %s", b)
	}
	var out cfg
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if out.Codec != in.Codec || out.Split != in.Split || len(out.Filters) != 3 || out.Filters[2] != 200 {
		t.Fatalf("got %+v", out)
	}
	if err := json.Unmarshal([]byte(`{"Codec":"gzip"}`), &out); err == nil {
		t.Fatal("unknown codec accepted")
	}
}
