// The book page's table runs its Python here, in a web worker, so the page stays responsive while Python starts
// and while the bots think. It loads Pyodide and the deerbook wheel from the book's own files (the runtime the
// live site ships: book/lite/build_lite.py), then answers each request with deerbook.play.page.PageTable.
// Every game rule, view, narration and word is the package's own; this file only carries messages.

let table = null;
let ready = null;

async function start({ pyodide, wheel, rulings }) {
  const progress = (step) => self.postMessage({ progress: step });
  progress("Loading the Python runtime");
  const wheelBytes = fetch(pyodide + wheel).then((response) => {
    if (!response.ok) throw new Error(`${wheel}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
  const { loadPyodide } = await import(pyodide + "pyodide.mjs");
  const python = await loadPyodide({ indexURL: pyodide, stdout: () => {}, stderr: (text) => console.warn(text) });
  progress("Loading deerbook");
  python.unpackArchive(await wheelBytes, "wheel");
  const page = python.pyimport("deerbook.play.page");
  table = page.PageTable(rulings);
  progress("Dealing");
}

self.onmessage = async ({ data }) => {
  const { id, ...request } = data;
  try {
    if (request.op === "init") {
      ready = start(request);
      await ready;
      self.postMessage({ id, stop: "ready" });
      return;
    }
    await ready;
    const answer = JSON.parse(table.handle_json(JSON.stringify(request)));
    self.postMessage({ id, ...answer });
  } catch (error) {
    self.postMessage({ id, stop: "error", message: String(error && error.message ? error.message : error) });
  }
};
