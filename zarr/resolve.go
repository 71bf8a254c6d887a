package zarr

import (
	"fmt"

	"github.com/blosc2go/blosc2/offsetcodec"
)

// resolveCodecs returns codecs with the settings that codecs leave to the
// array's data type filled in (offsetcodec.ItemSizeResolver: the blosc
// codec's typesize and shuffle, the blosc2 codec's typesize), as zarr-python
// does when it creates or opens an array. The specification asks for the
// chosen values to be recorded in the metadata, so CreateArray writes the
// resolved codecs. codecs is not modified.
func resolveCodecs(codecs []Codec, itemSize int) ([]Codec, error) {
	out := codecs
	for i, c := range codecs {
		if sh, ok := c.(*ShardingIndexed); ok {
			n := *sh
			var err error
			if n.Codecs, err = resolveCodecs(sh.Codecs, itemSize); err == nil {
				n.IndexCodecs, err = resolveCodecs(sh.IndexCodecs, 8)
			}
			if err != nil {
				return nil, err
			}
			if len(out) > 0 && &out[0] == &codecs[0] {
				out = append([]Codec(nil), codecs...)
			}
			out[i] = &n
			continue
		}
		r, ok := c.(offsetcodec.ItemSizeResolver)
		if !ok {
			continue
		}
		rc, err := r.ResolveItemSize(itemSize)
		if err != nil {
			return nil, &MetadataError{Field: fmt.Sprintf("codecs[%d]", i), Reason: err.Error(), Err: err}
		}
		if len(out) > 0 && &out[0] == &codecs[0] {
			out = append([]Codec(nil), codecs...)
		}
		out[i] = rc
	}
	return out, nil
}
