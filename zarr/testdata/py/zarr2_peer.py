"""zarr-python 2 peer for the Go zarr package's Zarr v2 tests.

usage: zarr2_peer.py write SPEC.json   -- write every case of SPEC
       zarr2_peer.py read SPEC.json    -- read every case, print JSON lines

SPEC is a JSON list of cases: {"dir", "shape", "chunks", "dtype",
"compressor" (numcodecs config or null), "filters" (list or null), "order",
"sep", "fill" (JSON fill value), "data" (file of little-endian C-order
elements of the region), "start", "count" (the region written)}.
"""
import base64
import json
import sys

import numcodecs
import numpy as np
import zarr
from zarr.storage import DirectoryStore


def codec(conf):
    return None if conf is None else numcodecs.get_codec(dict(conf))


def main():
    op, spec_path = sys.argv[1], sys.argv[2]
    with open(spec_path) as f:
        cases = json.load(f)
    for c in cases:
        if op == "write":
            store = DirectoryStore(c["dir"], dimension_separator=c["sep"])
            a = zarr.create(shape=c["shape"], chunks=c["chunks"], dtype=c["dtype"],
                            compressor=codec(c["compressor"]),
                            filters=[codec(x) for x in c["filters"]] if c["filters"] else None,
                            order=c["order"], fill_value=c["fill"], store=store, dimension_separator=c["sep"],
                            overwrite=True, write_empty_chunks=True)
            dt = np.dtype(c["dtype"]).newbyteorder("<")
            with open(c["data"], "rb") as f:
                data = np.frombuffer(f.read(), dtype=dt).reshape(c["count"])
            region = tuple(slice(s, s + n) for s, n in zip(c["start"], c["count"]))
            a[region] = data
        else:
            a = zarr.open_array(DirectoryStore(c["dir"]), mode="r")
            v = a[...]
            raw = v.astype(v.dtype.newbyteorder("<")).tobytes()
            print(json.dumps({"dtype": a.dtype.str, "shape": list(a.shape), "order": a.order,
                              "data": base64.b64encode(raw).decode()}))


main()
