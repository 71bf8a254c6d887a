// The Blosc2 viewer page: loads blosc2view.wasm, reads the chosen file with
// range reads (File.slice for local files, fetch with a Range header for
// URLs) and shows what the Go side returns. Page parameters: ?url=FILE to
// load a file at start (asfile=FILE: through a File object, as when picked),
// view=info|chunks|slice, and for the slice axes=R,C,
// index=I,J,..., start=R0,C0, stop=R1,C1, scale=N, min=X, max=Y and pick=R,C
// (show the values around a cell), for the chunk map cell=N (pixels per
// chunk) and chunk=I (show chunk I's details), for a store key=/KEY (open
// that member in the views).
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let info = null, chunkMap = null, sliceView = null;
let currentView = "info";
let drawn = {}; // views drawn for the current file: the chunk map and the
// slice are read and drawn when their tab is first shown

function setStatus(msg, isError) {
  $("status").textContent = msg;
  $("status").className = isError ? "error" : "";
}

function fail(err) {
  console.error(err);
  setStatus(String(err && err.message || err), true);
  document.body.dataset.state = "error";
}

// --- sources: {name, size, read(offset, length) -> Promise<Uint8Array>} ---

function fileSource(file) {
  return {
    name: file.name, size: file.size,
    read: (off, len) => file.slice(off, off + len).arrayBuffer().then((b) => new Uint8Array(b)),
  };
}

async function urlSource(url) {
  const abs = new URL(url, location.href).href;
  const name = decodeURIComponent(new URL(abs).pathname.split("/").pop()) || abs;
  const r = await fetch(abs, { headers: { Range: "bytes=0-0" } });
  if (r.status === 416) return { name, size: 0, read: async () => new Uint8Array(0) };
  if (!r.ok) throw new Error(`${abs}: HTTP ${r.status}`);
  if (r.status === 206) {
    const m = (r.headers.get("Content-Range") || "").match(/\/(\d+)\s*$/);
    await r.arrayBuffer();
    if (!m) throw new Error(`${abs}: no file size in the Content-Range header`);
    return {
      name, size: Number(m[1]),
      read: async (off, len) => {
        const q = await fetch(abs, { headers: { Range: `bytes=${off}-${off + len - 1}` } });
        if (q.status !== 206) throw new Error(`${abs}: range request answered HTTP ${q.status}`);
        return new Uint8Array(await q.arrayBuffer());
      },
    };
  }
  // The server ignores Range: it sent the whole file, which is kept.
  const all = new Uint8Array(await r.arrayBuffer());
  return { name, size: all.length, read: async (off, len) => all.subarray(off, off + len) };
}

// --- the Go side ---

const goReady = new Promise((resolve) => { globalThis.blosc2viewReady = resolve; });

async function startGo() {
  const go = new Go();
  let inst;
  try {
    inst = await WebAssembly.instantiateStreaming(fetch("blosc2view.wasm"), go.importObject);
  } catch (e) { // a server without the application/wasm type
    const b = await (await fetch("blosc2view.wasm")).arrayBuffer();
    inst = await WebAssembly.instantiate(b, go.importObject);
  }
  go.run(inst.instance);
  await goReady;
}

// --- helpers ---

function el(tag, text, attrs) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  if (attrs) for (const k in attrs) e.setAttribute(k, attrs[k]);
  return e;
}

function kvTable(table, rows) {
  table.replaceChildren(...rows.map(([k, v]) => {
    const tr = el("tr");
    tr.append(el("th", k), el("td", v));
    return tr;
  }));
}

function pngURL(png) {
  return URL.createObjectURL(new Blob([png], { type: "image/png" }));
}

function rgb(c) { return `rgb(${c[0]},${c[1]},${c[2]})`; }

function intList(s) {
  if (!s) return null;
  const v = s.split(",").map((x) => Number(x.trim()));
  return v.every(Number.isInteger) ? v : null;
}

function showView(name) {
  currentView = name;
  for (const b of document.querySelectorAll("nav button")) b.classList.toggle("active", b.dataset.view === name);
  for (const s of document.querySelectorAll(".view")) s.classList.toggle("active", s.id === "view-" + name);
  if (info) drawView(name).catch(fail);
}

// drawView reads and draws the chunk map or the slice the first time their
// tab is shown, so that opening a big remote file reads only its header,
// index and trailer.
async function drawView(name) {
  if (drawn[name]) return;
  drawn[name] = true;
  if (name === "chunks") await showChunks();
  if (name === "slice") await initSlice();
}

function clearViews() {
  drawn = {};
  chunkMap = sliceView = null;
  for (const id of ["chunkmap", "heatmap"]) $(id).removeAttribute("src");
  for (const id of ["legend", "chunkinfo", "values"]) $(id).replaceChildren();
  for (const id of ["chunksummary", "slicesummary", "cellname"]) $(id).textContent = "";
  $("sliceform").hidden = true;
}

// --- loading a file ---

async function load(sourcePromise) {
  document.body.dataset.state = "loading";
  setStatus("Reading…");
  try {
    const src = await sourcePromise;
    await goReady;
    clearViews();
    info = null;
    info = await blosc2view.open(src);
    if (info.store && params.get("key")) info = await blosc2view.member(params.get("key"));
    showInfo();
    await drawView(currentView);
    document.body.dataset.state = "ready";
    setStatus(`${info.name}: ${info.kind}, ${info.size} bytes`);
  } catch (e) {
    fail(e);
  }
}

// openMember shows a store's member in the views ("" the store again).
async function openMember(key) {
  try {
    info = await blosc2view.member(key);
    clearViews();
    showInfo();
    await drawView(currentView);
    setStatus(info.member ? `${info.name} ${info.member}: ${info.kind}, ${info.size} bytes` : `${info.name}: ${info.kind}, ${info.size} bytes`);
  } catch (e) {
    setStatus(String(e.message || e), true);
  }
}

function showStore(st) {
  $("storebox").hidden = !st;
  if (!st) return;
  const head = el("tr");
  head.append(...["key", "kind", "shape", "dtype", "nbytes", "stored", ""].map((h) => el("th", h)));
  $("storetree").replaceChildren(head, ...st.tree.map((n) => {
    const tr = el("tr", null, { "data-key": n.path });
    const name = el("td", (n.group ? n.name + (n.depth ? "/" : "") : n.name), { class: n.group ? "group" : "key" });
    name.style.paddingLeft = 0.3 + 1.2 * n.depth + "em";
    const where = n.data ? (n.embedded ? "embedded" : "external" + (n.leaf ? " (" + n.leaf + ")" : "")) : "";
    const cell = el("td");
    if (n.openable) {
      const b = el("button", "open");
      b.onclick = () => openMember(n.path);
      cell.append(b);
    }
    tr.append(name, el("td", n.kind || ""), el("td", n.shape ? "(" + n.shape.join(", ") + ")" : ""),
      el("td", n.dtype || ""), el("td", n.data && n.nbytes >= 0 ? String(n.nbytes) : ""), el("td", where), cell);
    return tr;
  }));
}

function showInfo() {
  $("filename").textContent = `${info.name} (${info.kind}, ${info.size} bytes)`;
  $("memberbar").hidden = !info.member;
  if (info.member) {
    $("filename").textContent = `${info.name}: ${info.member} (${info.kind}, ${info.size} bytes)`;
    $("membername").textContent = `Member ${info.member} of the store ${info.name}.`;
  }
  showStore(info.store);
  kvTable($("header"), info.header.map((f) => [f.name, f.value]));
  const a = info.array;
  $("arraybox").hidden = !a;
  if (a) {
    kvTable($("array"), [
      ["shape", a.shape.join(" × ") || "()"], ["chunk shape", a.chunkshape.join(" × ")],
      ["block shape", a.blockshape.join(" × ")], ["dtype", a.dtype || "(none)"],
    ]);
  }
  const metas = (list, box, vl) => {
    box.replaceChildren();
    if (!list || list.length === 0) { box.append(el("p", "none")); return; }
    for (const m of list) {
      box.append(el("div", `${m.name} (${m.len} bytes)`, { class: "metaname" }));
      let body = m.value || m.text || (m.hex + (m.more ? " …" : ""));
      if (vl && m.error) body = `${m.error}\n${m.hex}${m.more ? " …" : ""}`;
      box.append(el("pre", body));
    }
  };
  metas(info.metalayers, $("metalayers"), false);
  metas(info.vlmetalayers, $("vlmetalayers"), true);
  for (const w of info.warnings || []) $("filename").append(el("div", "warning: " + w));
}

async function showChunks() {
  chunkMap = null;
  $("chunkmap").removeAttribute("src");
  kvTable($("chunkinfo"), []);
  if (info.kind === "chunk" || (info.store && info.store.form === "b2z")) {
    $("chunksummary").textContent = info.store ? "A .b2z store: open one of its keys (Info) to see its chunks." : "A single chunk: see Info.";
    $("legend").replaceChildren();
    return;
  }
  const cell = Number(params.get("cell")) || 0;
  chunkMap = await blosc2view.chunkMap(cell);
  const l = chunkMap.layout;
  $("chunksummary").textContent = `${l.N} chunks, ${l.Cols} per row, in index order. Hover or click a cell for its codec and filters.`;
  if (chunkMap.png) $("chunkmap").src = pngURL(chunkMap.png);
  $("legend").replaceChildren(...chunkMap.legend.map((e) => {
    const tr = el("tr"); const sw = el("td");
    sw.style.background = rgb(e.rgb);
    tr.append(sw, el("td", e.label));
    return tr;
  }));
  const pick = Number(params.get("chunk"));
  if (params.get("chunk") && Number.isInteger(pick) && pick >= 0 && pick < chunkMap.chunks.length) showChunk(chunkMap.chunks[pick]);
}

function chunkAt(ev) {
  const l = chunkMap && chunkMap.layout;
  if (!l) return null;
  const c = Math.floor(ev.offsetX / l.Cell), r = Math.floor(ev.offsetY / l.Cell);
  const i = r * l.Cols + c;
  return c < l.Cols && i < l.N ? chunkMap.chunks[i] : null;
}

function chunkText(c) {
  if (c.special) return `chunk ${c.index}: special (${c.special}), ${c.nbytes} bytes`;
  const ratio = c.cbytes > 0 ? (c.nbytes / c.cbytes).toFixed(2) : "-";
  return `chunk ${c.index}: ${c.codec}${c.filters ? " + " + c.filters.join(" ") : ""}, ${c.nbytes} → ${c.cbytes} bytes (×${ratio})`;
}

function showChunk(c) {
  kvTable($("chunkinfo"), [
    ["index", String(c.index)], ["storage", c.special ? "special: " + c.special : "stored"],
    ["codec", c.codec || "-"], ["filters", (c.filters || []).join(" ") || "-"],
    ["nbytes", String(c.nbytes)], ["cbytes", String(c.cbytes)],
    ["ratio", c.cbytes > 0 ? (c.nbytes / c.cbytes).toFixed(2) : "-"],
    ["offset", c.offset >= 0 ? String(c.offset) : "-"],
  ]);
}

// --- slices ---

async function initSlice() {
  sliceView = null;
  $("heatmap").removeAttribute("src");
  $("values").replaceChildren();
  const a = info.array;
  $("sliceform").hidden = !(a && a.plottable);
  $("noslice").hidden = !!(a && a.plottable);
  if (!a || !a.plottable) {
    $("noslice").textContent = info.store ? "A store: open one of its arrays (Info) to draw a slice." :
      !a ? "Not a b2nd array: no slice to draw." : `dtype ${a.dtype} cannot be drawn.`;
    return;
  }
  const nd = a.shape.length;
  const axes = intList(params.get("axes")) || (nd === 1 ? [0] : [0, 1]);
  for (const [id, v] of [["rowaxis", nd === 1 ? 0 : axes[0]], ["colaxis", nd === 1 ? 0 : axes[1]]]) {
    $(id).replaceChildren(...a.shape.map((_, d) => el("option", String(d), { value: String(d) })));
    $(id).value = String(v);
  }
  $("axesbox").hidden = nd === 1;
  const index = intList(params.get("index")) || [];
  $("indexbox").replaceChildren();
  for (let d = 0; d < nd; d++) {
    const lab = el("label", ` axis ${d} index `);
    const inp = el("input", null, { type: "number", min: "0", max: String(a.shape[d] - 1), value: String(index[d] || 0), id: "index" + d });
    lab.append(inp);
    $("indexbox").append(lab);
  }
  const start = intList(params.get("start")), stop = intList(params.get("stop"));
  const setWindow = (keep) => {
    const ax = currentAxes();
    const ext = [nd === 1 ? 1 : a.shape[ax[0]], a.shape[nd === 1 ? 0 : ax[1]]];
    for (const k of [0, 1]) {
      if (!keep || $("stop" + k).value === "") {
        $("start" + k).value = String(start && keep ? start[k] || 0 : 0);
        $("stop" + k).value = String(stop && keep ? stop[k] : Math.min(ext[k], 1024));
      }
    }
    $("start0").disabled = $("stop0").disabled = nd === 1;
    if (!keep || !params.get("scale")) {
      $("scale").value = String(Math.max(1, Math.min(16, Math.floor(512 / Math.max(Number($("stop0").value) - Number($("start0").value), Number($("stop1").value) - Number($("start1").value), 1)))));
    }
    updateIndexInputs();
  };
  if (params.get("scale")) $("scale").value = params.get("scale");
  if (params.get("min")) $("vmin").value = params.get("min");
  if (params.get("max")) $("vmax").value = params.get("max");
  if (nd === 1 && start) start.unshift(0);
  if (nd === 1 && stop) stop.unshift(1);
  setWindow(true);
  $("rowaxis").onchange = $("colaxis").onchange = () => { setWindow(false); drawSlice(); };
  await drawSlice();
  const pick = intList(params.get("pick"));
  if (pick && pick.length === (nd === 1 ? 1 : 2)) await showValuesAt(nd === 1 ? 0 : pick[0], pick[pick.length - 1]);
}

function currentAxes() {
  return [Number($("rowaxis").value), Number($("colaxis").value)];
}

function updateIndexInputs() {
  const ax = currentAxes();
  info.array.shape.forEach((_, d) => { $("index" + d).disabled = ax.includes(d) || info.array.shape.length === 1; });
}

async function drawSlice() {
  const a = info.array;
  const nd = a.shape.length;
  const ax = currentAxes();
  if (nd > 1 && ax[0] === ax[1]) { setStatus("rows and columns need two different axes", true); return; }
  const num = (id) => Number($(id).value);
  const bound = (id) => ($(id).value.trim() === "" ? null : Number($(id).value));
  const req = {
    axes: nd === 1 ? [0, 0] : ax,
    index: a.shape.map((_, d) => num("index" + d)),
    start: [nd === 1 ? 0 : num("start0"), num("start1")],
    stop: [nd === 1 ? 0 : num("stop0"), num("stop1")],
    scale: num("scale"), min: bound("vmin"), max: bound("vmax"),
  };
  try {
    sliceView = await blosc2view.slice(req);
  } catch (e) {
    setStatus(String(e.message || e), true);
    return;
  }
  const v = sliceView;
  $("heatmap").src = pngURL(v.png);
  const fmt = (x) => (x === null || x === undefined ? "-" : String(Number(x.toPrecision(7))));
  $("slicesummary").textContent = `${v.rows} × ${v.cols} values (rows ${v.start[0]}:${v.stop[0]}` +
    (nd === 1 ? "" : ` of axis ${ax[0]}`) + `, columns ${v.start[1]}:${v.stop[1]} of axis ${nd === 1 ? 0 : ax[1]}), ` +
    `data ${fmt(v.data_min)} … ${fmt(v.data_max)}, colors ${fmt(v.min)} (dark) … ${fmt(v.max)} (bright), ` +
    `${v.nans} NaN${v.nans === 1 ? "" : "s"} (in ${rgb(v.nan_color)}). Click a cell for the values around it.`;
  $("slicesummary").dataset.rows = v.rows;
  $("values").replaceChildren();
  $("cellname").textContent = "";
}

function showValues(ev) {
  const v = sliceView;
  if (!v) return;
  showValuesAt(v.start[0] + Math.floor(ev.offsetY / v.scale), v.start[1] + Math.floor(ev.offsetX / v.scale));
}

async function showValuesAt(r, c) {
  try {
    const t = await blosc2view.values(r, c, 3);
    $("cellname").textContent = `around row ${r}, column ${c}`;
    const head = el("tr");
    head.append(el("th", ""), ...t.cols.map((x) => el("th", String(x))));
    const rows = t.values.map((line, i) => {
      const tr = el("tr");
      tr.append(el("th", String(t.rows[i])));
      line.forEach((x, j) => tr.append(el("td", x, t.rows[i] === r && t.cols[j] === c ? { class: "center" } : undefined)));
      return tr;
    });
    $("values").replaceChildren(head, ...rows);
  } catch (e) {
    setStatus(String(e.message || e), true);
  }
}

// --- wiring ---

function init() {
  for (const b of document.querySelectorAll("nav button")) b.onclick = () => showView(b.dataset.view);
  showView(params.get("view") || "info");
  $("file").onchange = (ev) => { if (ev.target.files[0]) load(Promise.resolve(fileSource(ev.target.files[0]))); };
  $("urlform").onsubmit = (ev) => { ev.preventDefault(); if ($("url").value) load(urlSource($("url").value)); };
  document.addEventListener("dragover", (ev) => { ev.preventDefault(); document.body.classList.add("dragging"); });
  document.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
  document.addEventListener("drop", (ev) => {
    ev.preventDefault();
    document.body.classList.remove("dragging");
    const item = ev.dataTransfer.items && ev.dataTransfer.items[0];
    const entry = item && item.webkitGetAsEntry && item.webkitGetAsEntry();
    if (entry && entry.isDirectory) {
      fail(new Error(`${entry.name} is a directory (a .b2d store?): a browser cannot open one. Open its .b2nd leaves or embed.b2e, or zip it with python-blosc2 as a .b2z.`));
      return;
    }
    const f = ev.dataTransfer.files[0];
    if (f) load(Promise.resolve(fileSource(f)));
  });
  $("sliceform").onsubmit = (ev) => { ev.preventDefault(); drawSlice(); };
  $("heatmap").onclick = showValues;
  $("backtostore").onclick = () => openMember("");
  const tip = $("tooltip");
  $("chunkmap").onmousemove = (ev) => {
    const c = chunkAt(ev);
    tip.hidden = !c;
    if (c) {
      tip.textContent = chunkText(c);
      tip.style.left = ev.offsetX + 14 + "px";
      tip.style.top = ev.offsetY + 10 + "px";
    }
  };
  $("chunkmap").onmouseleave = () => { tip.hidden = true; };
  $("chunkmap").onclick = (ev) => { const c = chunkAt(ev); if (c) showChunk(c); };
  startGo().then(() => {
    setStatus("Ready: open or drop a file.");
    document.body.dataset.state = "idle";
    const url = params.get("url");
    if (url) { $("url").value = url; load(urlSource(url)); }
    // asfile=URL fetches URL into a File and opens that, as if picked: the
    // File.slice path under test.
    const asFile = params.get("asfile");
    if (asFile && !url) {
      load(fetch(asFile).then((r) => r.blob()).then((b) => fileSource(new File([b], asFile.split("/").pop()))));
    }
  }, fail);
}

init();
