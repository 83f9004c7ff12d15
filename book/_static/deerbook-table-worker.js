// The book page's table runs its Python here, in a web worker, so the page stays responsive while Python starts
// and while the bots think. The page starts this worker when the reader presses Start; it then loads Pyodide and the
// table's slim deerbook wheel from the book's own files (the runtime the live site ships: book/lite/build_lite.py)
// at once: Python from its start snapshot when the build
// made one (book/lite/table_snapshot.mjs: deerbook already imported, about a second), else started afresh (several
// seconds). Then it deals the first game when the page asks ("init") and answers each request with
// deerbook.play.page.PageTable. Every game rule, view, narration and word is the package's own; this file only
// carries messages, and tells the page how far the start has come.
import { runtime } from "./deerbook-table-runtime.js";

const site = new URL("../", import.meta.url); // _static/ is one folder below the book's root
const folder = runtime ? new URL(runtime.pyodide, site).href : null;
const GZIP = [0x1f, 0x8b]; // a gzip file's first bytes (a server may have unpacked the snapshot on the way)

let reached = 0; // the step the page was last told (a late word on an earlier step is dropped)

function progress(step, words) {
  if (step < reached) return;
  reached = step;
  self.postMessage({ progress: words, step }); // step 1 is the page's own: its script starting this worker
}

async function fetched(file) {
  const response = await fetch(folder + file);
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function snapshot() {
  // Python's memory right after deerbook was imported, or null when there is none to use.
  if (!runtime.snapshot) return null;
  const bytes = new Uint8Array(await fetched(runtime.snapshot));
  const packed = GZIP.every((byte, i) => bytes[i] === byte);
  const stream = new Blob([bytes]).stream();
  return new Uint8Array(await new Response(packed ? stream.pipeThrough(new DecompressionStream("gzip")) : stream)
    .arrayBuffer());
}

function without(error) {
  console.warn(`The table's start snapshot cannot be used (${error}); Python starts afresh.`);
  return null;
}

async function python(loadPyodide, memory) {
  const options = { indexURL: folder, stdout: () => {}, stderr: (text) => console.warn(text) };
  if (memory) {
    try {
      const started = await loadPyodide({ ...options, _loadSnapshot: memory });
      started.runPython("import random; random.seed()"); // each reader's own random state, not the snapshot's
      return started;
    } catch (error) {
      without(error);
    }
  }
  return loadPyodide(options);
}

async function start() {
  const wheel = fetched(runtime.wheel); // fetched while Python starts
  const memory = snapshot().catch(without);
  progress(2, "loading the Python runtime"); // its size is said once, on the Start button
  const { loadPyodide } = await import(folder + "pyodide.mjs");
  const started = await python(loadPyodide, await memory);
  const bytes = await wheel;
  progress(3, "loading deerbook");
  started.unpackArchive(bytes, "wheel");
  return started.pyimport("deerbook.play.page");
}

const page = runtime ? start() : null;
page?.catch(() => {}); // a failed start is told when the page asks for its first game
let table = null;

function answer(request) {
  return JSON.parse(table.handle_json(JSON.stringify(request)));
}

async function firstGame({ rulings, px, form, link }) {
  // The first game, dealt at the page's width from the form values of the page's address; or the game of the link
  // the address carries after #game= (a link that cannot be opened: the first game as without it, and "refused",
  // the link's one sentence).
  table = (await page).PageTable(rulings);
  progress(4, link ? "opening the game of the link" : "dealing the first game");
  answer({ op: "width", px });
  const setup = answer({ op: "setup", form });
  const opened = link ? answer({ op: "open", link }) : null;
  if (opened && opened.stop !== "error") return { ...setup, ...opened };
  return { ...setup, ...answer({ op: "start", form }), ...(opened ? { refused: opened.message } : {}) };
}

self.onmessage = async ({ data }) => {
  const { id, ...request } = data;
  try {
    if (request.op === "init") {
      self.postMessage({ id, ...(await firstGame(request)) });
      return;
    }
    self.postMessage({ id, ...answer(request) });
  } catch (error) { // "broken": Python did not start
    self.postMessage({ id, stop: request.op === "init" ? "broken" : "error", message: String(error?.message ?? error) });
  }
};
