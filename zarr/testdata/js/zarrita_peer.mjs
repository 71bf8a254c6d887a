// Peer for the Go zarr tests: reads and writes Zarr v3 arrays with zarrita,
// with the "offset" and "pad" codecs registered as small custom codecs and
// zarrita's own "blosc" (numcodecs.js, C-Blosc 1.x in WebAssembly).
//
//   node zarrita_peer.mjs read  <array dir>              -> JSON on stdout
//   node zarrita_peer.mjs write <array dir> <spec.json>
//   node zarrita_peer.mjs read-many <array dir>...       -> JSON array
//   node zarrita_peer.mjs write-many (<array dir> <spec.json>)...
//
// The -many forms save Node.js start-ups; each element of their result is
// the single form's result or {"error": ...}.
//
// Element bytes travel as base64 of little-endian C-order elements.
import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import * as zarr from "zarrita";
import FileSystemStore from "@zarrita/storage/fs";
import Blosc from "numcodecs/blosc";

function fail(msg) {
	throw new Error(msg);
}

function base64Config(value, n, what) {
	if (value === undefined) return new Uint8Array(n);
	if (typeof value !== "string") fail(`${what} must be a base64 string`);
	const b = new Uint8Array(Buffer.from(value, "base64"));
	if (b.length !== n) fail(`${what} decodes to ${b.length} bytes, want ${n}`);
	return b;
}

function checkKeys(cfg, known, name) {
	for (const k of Object.keys(cfg ?? {})) {
		if (!known.includes(k)) fail(`${name}: unknown configuration key ${k}`);
	}
}

function nonNegativeInt(v, what) {
	if (!Number.isInteger(v) || v < 0) fail(`${what} must be a non-negative integer`);
	return v;
}

// copyRange returns a fresh Uint8Array holding bytes[from:to]. A view would
// do, but zarrita's bytes codec then builds typed arrays on a misaligned
// offset: its alignment fix calls slice(), which on a Node Buffer (what the
// file system store returns) does not copy.
function copyRange(bytes, from, to) {
	return Uint8Array.prototype.slice.call(bytes, from, to);
}

// offset: a fixed header in front of each chunk.
class OffsetCodec {
	kind = "bytes_to_bytes";
	constructor(n, prefix) {
		this.n = n;
		this.prefix = prefix;
	}
	static fromConfig(cfg) {
		checkKeys(cfg, ["offset", "prefix"], "offset");
		const n = nonNegativeInt(cfg?.offset, "offset");
		return new OffsetCodec(n, base64Config(cfg.prefix, n, "prefix"));
	}
	encode(bytes) {
		const out = new Uint8Array(this.n + bytes.length);
		out.set(this.prefix, 0);
		out.set(bytes, this.n);
		return out;
	}
	decode(bytes) {
		if (bytes.length < this.n) fail(`offset: chunk of ${bytes.length} bytes is shorter than ${this.n}`);
		return copyRange(bytes, this.n, bytes.length);
	}
	computeEncodedSize(size) {
		return size + this.n;
	}
}

// pad: nbytes of padding at the start or end of each chunk.
class PadCodec {
	kind = "bytes_to_bytes";
	constructor(atEnd, n, padding) {
		this.atEnd = atEnd;
		this.n = n;
		this.padding = padding;
	}
	static fromConfig(cfg) {
		checkKeys(cfg, ["location", "nbytes", "padding"], "pad");
		if (cfg?.location !== "start" && cfg?.location !== "end") fail("pad: location must be start or end");
		const n = nonNegativeInt(cfg.nbytes, "nbytes");
		return new PadCodec(cfg.location === "end", n, base64Config(cfg.padding, n, "padding"));
	}
	encode(bytes) {
		const out = new Uint8Array(this.n + bytes.length);
		out.set(this.padding, this.atEnd ? bytes.length : 0);
		out.set(bytes, this.atEnd ? 0 : this.n);
		return out;
	}
	decode(bytes) {
		if (bytes.length < this.n) fail(`pad: chunk of ${bytes.length} bytes is shorter than ${this.n}`);
		return this.atEnd ? copyRange(bytes, 0, bytes.length - this.n) : copyRange(bytes, this.n, bytes.length);
	}
	computeEncodedSize(size) {
		return size + this.n;
	}
}

// blosc with the Zarr v3 shuffle names. zarrita 0.7.5 hands the v3
// configuration to numcodecs.js as it is, and numcodecs.js 0.3.2 takes the
// string "shuffle" or "bitshuffle" for no shuffle (silently: chunks come out
// unshuffled). A write spec with "blosc_shuffle_fix": true registers this
// codec, which passes the numbers numcodecs.js understands. Reading needs no
// fix: the chunk header says how it was shuffled.
const bloscShuffles = { noshuffle: 0, shuffle: 1, bitshuffle: 2 };

class BloscV3Codec {
	kind = "bytes_to_bytes";
	constructor(inner) {
		this.inner = inner;
	}
	static fromConfig(cfg) {
		checkKeys(cfg, ["cname", "clevel", "shuffle", "typesize", "blocksize"], "blosc");
		const shuffle = bloscShuffles[cfg?.shuffle] ?? fail(`blosc: invalid shuffle ${cfg?.shuffle}`);
		return new BloscV3Codec(Blosc.fromConfig({ cname: cfg.cname, clevel: cfg.clevel, shuffle, blocksize: cfg.blocksize ?? 0 }));
	}
	encode(bytes) {
		return this.inner.encode(bytes);
	}
	decode(bytes) {
		return this.inner.decode(bytes);
	}
}

const zarritaBlosc = zarr.registry.get("blosc");
zarr.registry.set("offset", () => OffsetCodec);
zarr.registry.set("pad", () => PadCodec);

const ctors = {
	bool: zarr.BoolArray,
	int8: Int8Array,
	int16: Int16Array,
	int32: Int32Array,
	int64: BigInt64Array,
	uint8: Uint8Array,
	uint16: Uint16Array,
	uint32: Uint32Array,
	uint64: BigUint64Array,
	float32: Float32Array,
	float64: Float64Array,
};

function cStrides(shape) {
	const s = new Array(shape.length);
	let acc = 1;
	for (let i = shape.length - 1; i >= 0; i--) {
		s[i] = acc;
		acc *= shape[i];
	}
	return s;
}

function typedFromBase64(dtype, b64) {
	const bytes = new Uint8Array(Buffer.from(b64, "base64")); // fresh, aligned copy
	const Ctor = ctors[dtype] ?? fail(`unsupported dtype ${dtype}`);
	const size = dtype === "bool" ? 1 : Ctor.BYTES_PER_ELEMENT;
	return new Ctor(bytes.buffer, 0, bytes.length / size);
}

// toCOrder returns the element bytes of an array with the given shape and
// element strides in C order (zarrita returns transposed arrays as views).
function toCOrder(bytes, shape, stride) {
	const n = shape.reduce((a, b) => a * b, 1);
	if (n === 0) return new Uint8Array(0);
	const es = bytes.length / n;
	const out = new Uint8Array(bytes.length);
	const idx = new Array(shape.length).fill(0);
	for (let i = 0; i < n; i++) {
		let off = 0;
		for (let d = 0; d < shape.length; d++) off += idx[d] * stride[d];
		out.set(bytes.subarray(off * es, off * es + es), i * es);
		for (let d = shape.length - 1; d >= 0; d--) {
			if (++idx[d] < shape[d]) break;
			idx[d] = 0;
		}
	}
	return out;
}

async function read(dir) {
	const arr = await zarr.open(new FileSystemStore(dir), { kind: "array" });
	const chunk = await zarr.get(arr);
	const d = chunk.data;
	const src = new Uint8Array(d.buffer, d.byteOffset, d.byteLength);
	return { dtype: arr.dtype, shape: chunk.shape, data: Buffer.from(toCOrder(src, chunk.shape, chunk.stride)).toString("base64") };
}

async function write(dir, specPath) {
	const spec = JSON.parse(readFileSync(specPath, "utf8"));
	zarr.registry.set("blosc", spec.blosc_shuffle_fix ? () => BloscV3Codec : zarritaBlosc);
	const arr = await zarr.create(new FileSystemStore(dir), {
		shape: spec.shape,
		chunkShape: spec.chunk_shape,
		dtype: spec.dtype,
		codecs: spec.codecs,
		fillValue: spec.fill_value,
		chunkSeparator: spec.separator,
	});
	for (const w of spec.writes) {
		const sel = w.start.map((s, i) => zarr.slice(s, s + w.count[i]));
		const data = typedFromBase64(spec.dtype, w.data);
		await zarr.set(arr, sel, { data, shape: w.count, stride: cStrides(w.count) });
	}
	return { ok: true };
}

// each runs fn on every argument (or pair of arguments) and returns the
// results, an {error} object for each that failed.
async function each(args, step, fn) {
	const out = [];
	for (let i = 0; i + step <= args.length; i += step) {
		try {
			out.push(await fn(...args.slice(i, i + step)));
		} catch (e) {
			out.push({ error: String(e?.stack ?? e) + (e?.cause ? "\ncause: " + String(e.cause) : "") });
		}
	}
	return out;
}

const [cmd, ...args] = process.argv.slice(2);
let result;
if (cmd === "read") result = await read(args[0]);
else if (cmd === "write") result = await write(args[0], args[1]);
else if (cmd === "read-many") result = await each(args, 1, read);
else if (cmd === "write-many") result = await each(args, 2, write);
else fail(`usage: zarrita_peer.mjs read <dir> | write <dir> <spec.json> | read-many <dir>... | write-many (<dir> <spec.json>)...`);
process.stdout.write(JSON.stringify(result) + "\n");
