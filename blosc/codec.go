package blosc

import "strconv"

// Codec identifies a compressor (the compcode of the C API).
type Codec uint8

// Codecs of the Blosc format. IDs 32 and up are registered plugin codecs,
// 160 and up user-defined ones; this package decodes only the built-in ones.
const (
	BloscLZ Codec = 0
	LZ4     Codec = 1
	LZ4HC   Codec = 2
	Zlib    Codec = 4
	Zstd    Codec = 5

	CodecNDLZ      Codec = 32
	CodecZFPAcc    Codec = 33
	CodecZFPPrec   Codec = 34
	CodecZFPRate   Codec = 35
	CodecOpenHTJ2K Codec = 36
	CodecGrok      Codec = 37
	CodecOpenZL    Codec = 38
	CodecJ2K       Codec = 39
	CodecHTJ2K     Codec = 40
)

// Snappy is the codec C-Blosc 1.x offers as "snappy" (compressor format 2).
// C-Blosc2 removed it; this package decodes Snappy chunks but does not write
// them (Options with Codec Snappy give an error wrapping ErrUnsupported).
const Snappy Codec = 3

var codecNames = map[Codec]string{
	BloscLZ:        "blosclz",
	LZ4:            "lz4",
	LZ4HC:          "lz4hc",
	Snappy:         "snappy",
	Zlib:           "zlib",
	Zstd:           "zstd",
	CodecNDLZ:      "ndlz",
	CodecZFPAcc:    "zfp_acc",
	CodecZFPPrec:   "zfp_prec",
	CodecZFPRate:   "zfp_rate",
	CodecOpenHTJ2K: "openhtj2k",
	CodecGrok:      "grok",
	CodecOpenZL:    "openzl",
	CodecJ2K:       "j2k",
	CodecHTJ2K:     "htj2k",
}

// String returns the name C-Blosc2 uses for the codec ("lz4", "zstd", ...),
// or "codec(N)" for an unknown ID.
func (c Codec) String() string {
	if s, ok := codecNames[c]; ok {
		return s
	}
	if c >= 160 {
		return "user-codec(" + strconv.Itoa(int(c)) + ")"
	}
	return "codec(" + strconv.Itoa(int(c)) + ")"
}

// Builtin reports whether this package can decode data compressed with c.
func (c Codec) Builtin() bool {
	switch c {
	case BloscLZ, LZ4, LZ4HC, Snappy, Zlib, Zstd:
		return true
	}
	return false
}

// format returns the compressor format stored in bits 5-7 of the flags byte
// for a built-in codec.
func (c Codec) format() (uint8, bool) {
	switch c {
	case BloscLZ:
		return formatBloscLZ, true
	case LZ4, LZ4HC:
		return formatLZ4, true
	case Zlib:
		return formatZlib, true
	case Zstd:
		return formatZstd, true
	}
	return 0, false
}

// codecForFormat returns the default codec of a compressor format.
func codecForFormat(f uint8) (Codec, bool) {
	switch f {
	case formatBloscLZ:
		return BloscLZ, true
	case formatLZ4:
		return LZ4, true
	case formatSnappy:
		return Snappy, true
	case formatZlib:
		return Zlib, true
	case formatZstd:
		return Zstd, true
	}
	return 0, false
}
