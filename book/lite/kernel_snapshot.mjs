// The start snapshot of the live site's kernel: Pyodide started in Node.js with every wheel of the site's lock
// unpacked and the kernel's slow imports done (IPython, Plotly, ipywidgets and deerbook's layers: the modules
// build_lite.py names), its memory written out gzipped. The kernel's worker, patched by build_lite.py to start Python
// through book/lite/kernel_start.mjs, starts from it in a few seconds instead of importing all that itself; it falls
// back to that if the snapshot cannot be used.
//
//   node kernel_snapshot.mjs PYODIDE_FOLDER OUTPUT.gz MODULE...        (book/lite/build_lite.py runs it)
//
// A snapshot holds Python's memory, not its files: the worker still installs the wheels (loadPyodide's `packages`,
// listed in jupyter-lite.json) for what is imported later. Nothing that keeps a JavaScript object is imported here
// (micropip and the kernel's own pyodide_kernel do: the kernel imports those itself), and no module that makes a widget
// when imported (the build fails if one did). A snapshot only loads into the
// very Pyodide build it was made with, so it is made from the runtime folder it ships in.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [folder, output, ...modules] = process.argv.slice(2);
process.argv.splice(1, Infinity, "./this.program"); // the program name Pyodide gives Python in a browser
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const python = await loadPyodide({ indexURL: `${folder}/`, _makeSnapshot: true, stdout: () => {} });
const lock = JSON.parse(readFileSync(`${folder}/pyodide-lock.json`, "utf8"));
const extractDir = python.runPython("import site; site.getsitepackages()[0]"); // where loadPackage puts them
for (const entry of Object.values(lock.packages)) {
  python.unpackArchive(new Uint8Array(readFileSync(`${folder}/${entry.file_name}`)), "wheel", { extractDir });
}
python.globals.set("modules", python.toPy(modules));
python.runPython(`
def warm(names):
    import importlib, pkgutil
    for name in names:
        module = importlib.import_module(name)
        if name.startswith("deerbook."):  # a layer of deerbook: every module of it
            for found in pkgutil.walk_packages(getattr(module, "__path__", []), name + "."):
                importlib.import_module(found.name)
warm(modules)
del warm, modules
from ipywidgets.widgets.widget import _instances
if _instances:  # a widget made here has no kernel to tell its front end: the page would show "model not found"
    raise SystemExit(f"kernel_snapshot: importing {sorted(type(w).__name__ for w in _instances.values())} made widgets")
del _instances
`);
writeFileSync(output, gzipSync(python.makeMemorySnapshot(), { level: 9 }));
