#!/usr/bin/python3
"""Writes the golden Snappy chunks of this directory with C-Blosc 1.21.

Run with Debian's interpreter and python3-blosc (C-Blosc 1.21, built with
Snappy): /usr/bin/python3 generate.py. Each case gives NAME.blosc1 (the
chunk blosc.compress returns) and NAME.raw (its input); manifest.json lists
the parameters and the sha256 of the raw bytes.
"""
import hashlib, json, math, os, struct
import blosc

def splitmix64(seed):
    s = seed
    while True:
        s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        yield z ^ (z >> 31)

def f64sine(n):
    return b"".join(struct.pack("<d", 1000 * math.sin(i * 0.01) + 0.5 * math.sin(i * 0.37))
                    for i in range(n // 8 + 1))[:n]

def i32noise(n):
    r = splitmix64(1)
    return b"".join(struct.pack("<i", 3 * i + (next(r) & 15)) for i in range(n // 4 + 1))[:n]

def i16ramp(n):
    return b"".join(struct.pack("<H", i & 0xFFFF) for i in range(n // 2 + 1))[:n]

WORDS = ("the quick brown fox jumps over a lazy dog while blosc splits blocks into "
         "streams shuffles bytes and compresses each one with snappy").split()

def text(n):
    r = splitmix64(7)
    out = []
    size = 0
    while size < n:
        w = WORDS[next(r) % len(WORDS)] + ("\n" if next(r) % 10 == 0 else " ")
        out.append(w)
        size += len(w)
    return "".join(out).encode()[:n]

def records(n):
    # 12-byte records: int32 counter, float32 level, 4 flag bytes.
    return b"".join(struct.pack("<If4B", e, (e % 97) * 0.25, e % 3, (e >> 8) & 255, 0, 0)
                    for e in range(n // 12 + 1))[:n]

def runs(n):
    r = splitmix64(99)
    out = bytearray()
    while len(out) < n:
        v = next(r)
        out += bytes([v & 255]) * (1 + (v >> 8) % 600)
    return bytes(out[:n])

# name, data, typesize, clevel, shuffle (0 no, 1 byte, 2 bit), blocksize (0 auto)
CASES = [
    ("f64sine_ts8_shuffle_c5_bs8192", f64sine(20000), 8, 5, 1, 8192),
    ("i32noise_ts4_bitshuffle_c9", i32noise(16384), 4, 9, 2, 0),
    ("text_ts4_noshuffle_c6", text(12000), 4, 6, 0, 0),
    ("runs_ts2_noshuffle_c5_bs4096", runs(10001), 2, 5, 0, 4096),
    ("i16ramp_ts24_shuffle_c5_bs1536_unsplit", i16ramp(7000), 24, 5, 1, 1536),
    ("records_ts12_shuffle_c7", records(6000), 12, 7, 1, 0),
    ("runs_ts4_shuffle_c3_bs2048", runs(9000), 4, 3, 1, 2048),
]

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    entries = []
    for name, data, ts, cl, sh, bs in CASES:
        blosc.set_blocksize(bs)
        chunk = blosc.compress(data, typesize=ts, clevel=cl, shuffle=sh, cname="snappy")
        assert blosc.decompress(chunk) == data
        with open(os.path.join(here, name + ".blosc1"), "wb") as f:
            f.write(chunk)
        with open(os.path.join(here, name + ".raw"), "wb") as f:
            f.write(data)
        entries.append({"name": name, "typesize": ts, "clevel": cl, "shuffle": sh,
                        "blocksize": bs, "nbytes": len(data), "cbytes": len(chunk),
                        "sha256": hashlib.sha256(data).hexdigest()})
    blosc.set_blocksize(0)
    with open(os.path.join(here, "manifest.json"), "w") as f:
        json.dump({"writer": "C-Blosc " + blosc.blosclib_version, "entries": entries}, f, indent=1)
        f.write("\n")

main()
