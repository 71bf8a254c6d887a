package frame

import "io"

// ArrayOptions are the optional settings of CreateArray and EncodeArray.
// The zero value (or nil) gives automatic chunk and block shapes
// (AutoShapes), the little-endian dtype of the Go type and DefaultParams.
type ArrayOptions struct {
	ChunkShape, BlockShape []int64 // nil: automatic
	// Dtype is the stored NumPy dtype; "" is the Go type's little-endian
	// dtype (DtypeOf). Another byte order (">f8" for float64) is allowed;
	// another kind or size is an error.
	Dtype string
	// Params are the compression parameters (nil: DefaultParams()). The
	// typesize is the dtype's (an explicit Typesize that differs is an
	// error); Chunksize and Blocksize come from the shapes.
	Params *Params
	// VLMeta are python-blosc2 vlmetalayer values (see MarshalVLMeta).
	VLMeta map[string]any
}

// arrayMeta completes the metalayer and parameters of a T array.
func arrayMeta[T Element](shape []int64, o *ArrayOptions) (NDMeta, Params, error) {
	if o == nil {
		o = &ArrayOptions{}
	}
	dt := DtypeOf[T]()
	if o.Dtype != "" {
		d, err := ParseDtype(o.Dtype)
		if err != nil {
			return NDMeta{}, Params{}, checkDtypeString(o.Dtype, int64(dt.ItemSize))
		}
		if !matchesElem[T](d) {
			return NDMeta{}, Params{}, &FormatError{Where: "b2nd", Offset: -1, Reason: "dtype " + o.Dtype + " does not hold " + dt.String() + " items", Err: ErrDtype}
		}
		dt = d
	}
	p := DefaultParams()
	p.Typesize = 0
	if o.Params != nil {
		p = *o.Params
	}
	if p.Typesize != 0 && int(p.Typesize) != dt.ItemSize {
		return NDMeta{}, Params{}, &FormatError{Where: "b2nd", Offset: -1, Reason: "Params.Typesize " + itoa(int64(p.Typesize)) + " differs from the item size of " + dt.String() + " (" + itoa(int64(dt.ItemSize)) + ")", Err: ErrDtype}
	}
	p.Typesize = dt.ItemSize
	c, b, err := AutoShapes(shape, o.ChunkShape, o.BlockShape, dt.ItemSize)
	if err != nil {
		return NDMeta{}, Params{}, err
	}
	m := NDMeta{Shape: append([]int64(nil), shape...), ChunkShape: toInt32s(c), BlockShape: toInt32s(b), Dtype: dt.String()}
	return m, p, nil
}

// checkLen checks that data holds the items of shape.
func checkLen(n int, shape []int64) error {
	items := int64(1)
	for _, s := range shape {
		var ok bool
		if items, ok = mulCheck(items, s); !ok || s < 0 {
			return &FormatError{Where: "b2nd", Offset: -1, Reason: "shape out of range", Err: ErrRange}
		}
	}
	if int64(n) != items {
		return &FormatError{Where: "b2nd", Offset: -1, Reason: "data holds " + itoa(int64(n)) + " items, the shape needs " + itoa(items), Err: ErrRange}
	}
	return nil
}

func writeArray[T Element](aw *ArrayWriter, data []T, o *ArrayOptions) error {
	if o != nil {
		for k, v := range o.VLMeta {
			if err := aw.SetVLMeta(k, v); err != nil {
				aw.Close()
				return err
			}
		}
	}
	if err := WriteItems(aw, data); err != nil {
		aw.Close()
		return err
	}
	return aw.Close()
}

// CreateArray writes data, an array of shape in C order, as the b2nd file
// path (python-blosc2's blosc2.asarray(data, urlpath=path)). The file is
// written under a temporary name and renamed into place when complete.
func CreateArray[T Element](path string, data []T, shape []int64, o *ArrayOptions) error {
	if err := checkLen(len(data), shape); err != nil {
		return err
	}
	m, p, err := arrayMeta[T](shape, o)
	if err != nil {
		return err
	}
	aw, err := CreateArrayFile(path, m, p)
	if err != nil {
		return err
	}
	return writeArray(aw, data, o)
}

// EncodeArray writes data, an array of shape in C order, to w as a b2nd
// frame (see NewArrayWriter for what w receives, also after an error).
func EncodeArray[T Element](w io.Writer, data []T, shape []int64, o *ArrayOptions) error {
	if err := checkLen(len(data), shape); err != nil {
		return err
	}
	m, p, err := arrayMeta[T](shape, o)
	if err != nil {
		return err
	}
	aw, err := NewArrayWriter(w, m, p)
	if err != nil {
		return err
	}
	return writeArray(aw, data, o)
}
