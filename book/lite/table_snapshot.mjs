// The start snapshot of the book page's table: Pyodide started in Node.js with the table's deerbook wheel
// (build_lite.py's TABLE_WHEEL) unpacked and the first deal of every game played once
// (deerbook.play.page.warm_up), its memory written out gzipped. The page's worker
// (book/_static/deerbook-table-worker.js) starts Python from it in about a second instead of starting Python and
// importing deerbook itself (several seconds); it falls back to that if the snapshot cannot be used.
//
//   node table_snapshot.mjs PYODIDE_FOLDER WHEEL OUTPUT.gz       (book/lite/build_lite.py runs it)
//
// A snapshot only loads into the very Pyodide build it was made with (Pyodide checks its build id), so it is made
// from the runtime folder it ships in. Python sees the program name a browser gives it, not this script's path.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [folder, wheel, output] = process.argv.slice(2);
process.argv.splice(1, Infinity, "./this.program"); // the program name Pyodide gives Python in a browser
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const python = await loadPyodide({ indexURL: `${folder}/`, _makeSnapshot: true, stdout: () => {} });
python.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
python.runPython("import deerbook.play.page; deerbook.play.page.warm_up()");
writeFileSync(output, gzipSync(python.makeMemorySnapshot(), { level: 9 }));
