# Helper for the benchmarks in this directory, run with Debian's
# /usr/bin/python3 and python3-blosc (C-Blosc 1.21).
#
#   python3 cblosc.py compress SPEC.json RESULT.json
#       SPEC: {"sets": [{"name", "input", "output", "typesize", "cname",
#              "clevel", "shuffle", "chunk_bytes"}]}
#       Splits each set's input file into chunk_bytes pieces, compresses each
#       into one Blosc1-format chunk and writes the chunks back to back to
#       "output". RESULT: the library version and, per set, the number of
#       chunks and the compressed size.
#
#   python3 cblosc.py serve
#       Reads one JSON request per line on stdin, answers one JSON line on
#       stdout, exits at end of input:
#       {"op": "decompress", "chunks": PATH, "raw": PATH, "threads": N,
#        "repeats": R}  -> {"MBps": best of R decompressions of all chunks}
#       {"op": "memcpy", "raw": PATH, "repeats": R}  -> {"MBps": ...}
#       {"op": "compress", "raw": PATH, "typesize", "cname", "clevel",
#        "shuffle", "chunk_bytes", "threads": N, "repeats": R}
#           -> {"MBps": best of R compressions of all of raw, "cbytes"}
#       The first decompression of a chunk file is checked against "raw".
#       MB/s = 1e6 decoded bytes per second.
import json
import sys
import time

import blosc
import numpy as np


def compress(spec_path, result_path):
    with open(spec_path) as f:
        spec = json.load(f)
    blosc.set_blocksize(0)
    blosc.set_nthreads(2)
    out = {"blosclib_version": blosc.blosclib_version,
           "compressors": blosc.compressor_list(), "sets": []}
    cache = {}
    for s in spec["sets"]:
        data = cache.get(s["input"])
        if data is None:
            with open(s["input"], "rb") as f:
                data = f.read()
            cache = {s["input"]: data}  # one dataset in memory at a time
        step = int(s["chunk_bytes"])
        cbytes = 0
        nchunks = 0
        with open(s["output"], "wb") as f:
            for i in range(0, len(data), step):
                c = blosc.compress(data[i:i + step], typesize=s["typesize"],
                                   clevel=s["clevel"], shuffle=s["shuffle"],
                                   cname=s["cname"])
                f.write(c)
                cbytes += len(c)
                nchunks += 1
        out["sets"].append({"name": s["name"], "nchunks": nchunks,
                            "nbytes": len(data), "cbytes": cbytes})
    with open(result_path, "w") as f:
        json.dump(out, f)


def split_chunks(b):
    chunks = []
    p = 0
    while p < len(b):
        n = int.from_bytes(b[p + 12:p + 16], "little")
        if n < 16 or p + n > len(b):
            raise ValueError("bad chunk at offset %d" % p)
        chunks.append(b[p:p + n])
        p += n
    return chunks


def serve():
    checked = set()
    for line in sys.stdin:
        req = json.loads(line)
        repeats = int(req.get("repeats", 5))
        with open(req["raw"], "rb") as f:
            raw = f.read()
        dst = np.empty(len(raw), dtype=np.uint8)
        if req["op"] == "memcpy":
            src = np.frombuffer(raw, dtype=np.uint8)
            best = float("inf")
            for _ in range(repeats):
                t0 = time.perf_counter()
                np.copyto(dst, src)
                best = min(best, time.perf_counter() - t0)
        elif req["op"] == "decompress":
            with open(req["chunks"], "rb") as f:
                chunks = split_chunks(f.read())
            base = dst.__array_interface__["data"][0]
            offsets = []
            off = 0
            for c in chunks:
                offsets.append(off)
                off += blosc.get_cbuffer_sizes(c)[0]
            blosc.set_nthreads(int(req["threads"]))
            if req["chunks"] not in checked:
                for o, c in zip(offsets, chunks):
                    blosc.decompress_ptr(c, base + o)
                if dst.tobytes() != raw:
                    print(json.dumps({"error": "C-Blosc round trip mismatch: " + req["chunks"]}), flush=True)
                    continue
                checked.add(req["chunks"])
            best = float("inf")
            for _ in range(repeats):
                t0 = time.perf_counter()
                for o, c in zip(offsets, chunks):
                    blosc.decompress_ptr(c, base + o)
                best = min(best, time.perf_counter() - t0)
        elif req["op"] == "compress":
            # compress_ptr reads the chunks in place (no slicing copy); the
            # output bytes object is Python's, allocated per chunk.
            src = np.frombuffer(raw, dtype=np.uint8)
            base = src.__array_interface__["data"][0]
            step, ts = int(req["chunk_bytes"]), int(req["typesize"])
            blosc.set_blocksize(0)
            blosc.set_nthreads(int(req["threads"]))
            best = float("inf")
            cbytes = 0
            for _ in range(repeats):
                cbytes = 0
                t0 = time.perf_counter()
                for off in range(0, len(raw), step):
                    n = min(step, len(raw) - off)
                    c = blosc.compress_ptr(base + off, n // ts, typesize=ts,
                                           clevel=int(req["clevel"]),
                                           shuffle=int(req["shuffle"]),
                                           cname=req["cname"])
                    cbytes += len(c)
                best = min(best, time.perf_counter() - t0)
            print(json.dumps({"MBps": len(raw) / best / 1e6, "cbytes": cbytes}), flush=True)
            continue
        else:
            print(json.dumps({"error": "unknown op " + str(req["op"])}), flush=True)
            continue
        print(json.dumps({"MBps": len(raw) / best / 1e6}), flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "compress":
        compress(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "serve":
        serve()
    else:
        sys.exit("usage: cblosc.py compress SPEC RESULT | serve")
