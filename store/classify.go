package store

import (
	"github.com/blosc2go/blosc2/frame"
)

// classify tells a member frame's kind from its fixed metalayers, in the
// order python-blosc2's from_cframe and process_opened_object test them.
func classify(f *frame.Frame) Kind {
	has := func(name string) bool { _, err := f.Metalayer(name); return err == nil }
	switch {
	case has(metaEmbed) || has(metaDict) || has(metaTree):
		return KindEmbedStore
	case has(metaProxy):
		return KindProxy
	case has(metaB2Object):
		raw, _ := f.Metalayer(metaB2Object)
		if m, err := decodeMap(raw); err == nil {
			kind, _ := m["kind"].(string)
			switch kind {
			case "lazyexpr":
				return KindLazyExpr
			case "lazyudf":
				return KindLazyUDF
			case "c2array":
				return KindC2Array
			}
		}
		return KindB2Object
	case has(metaListArray):
		return KindListArray
	case has(metaVLArray):
		return KindObjectArray
	case has(metaBatchArray):
		return KindBatchArray
	case has(metaLazyArray):
		// python-blosc2's LazyArrayEnum: 0 expression, 1 UDF.
		if raw, _ := f.Metalayer(metaLazyArray); len(raw) == 1 && raw[0] == 0x01 {
			return KindLazyUDF
		}
		return KindLazyExpr
	case has(metaB2ND) || has(metaCaterva):
		return KindNDArray
	}
	return KindSChunk
}

// describe fills e's kind, shape, dtype and size from the member frame f.
func describe(e *Entry, f *frame.Frame) error {
	e.Kind = classify(f)
	e.Nbytes = f.Nbytes()
	if e.Kind != KindNDArray && e.Kind != KindLazyExpr && e.Kind != KindLazyUDF && e.Kind != KindB2Object {
		return nil
	}
	raw, err := f.Metalayer(metaB2ND)
	if err != nil {
		if raw, err = f.Metalayer(metaCaterva); err != nil {
			return nil
		}
	}
	m, err := frame.ParseNDMeta(raw)
	if err != nil {
		if e.Kind == KindNDArray {
			return err
		}
		return nil
	}
	e.Shape = m.Shape
	e.Dtype = m.Dtype
	if e.Kind == KindNDArray {
		a, err := frame.OpenArray(f)
		if err != nil {
			return err
		}
		e.Nbytes = a.Nbytes()
	}
	return nil
}
