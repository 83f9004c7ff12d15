// How the live site's kernel starts Python: from the start snapshot build_lite.py ships beside the runtime
// (book/lite/kernel_snapshot.mjs: IPython, Plotly, ipywidgets and deerbook already imported), else afresh.
// build_lite.py copies this file beside pyodide.mjs and patches the kernel's worker to wrap its loadPyodide with
// `fromSnapshot`; the options the kernel passes are kept, so a start without the snapshot is the kernel's usual one.
export const SNAPSHOT = "deerbook-kernel.snapshot.gz";
export const STARTED = "deerbook: Python started from the kernel's start snapshot";
const GZIP = [0x1f, 0x8b]; // a gzip file's first bytes (a host may have unpacked the snapshot on the way)

async function snapshot(folder) {
  const response = await fetch(new URL(SNAPSHOT, folder));
  if (!response.ok) throw new Error(`${SNAPSHOT}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const stream = new Blob([bytes]).stream();
  const packed = GZIP.every((byte, i) => bytes[i] === byte);
  return new Uint8Array(await new Response(packed ? stream.pipeThrough(new DecompressionStream("gzip")) : stream)
    .arrayBuffer());
}

function sizedFor(createModule) {
  // Pyodide's module factory, the module's memory grown to the snapshot's size before the snapshot is copied into
  // it: loadPyodide asks for that size (INITIAL_MEMORY), but this runtime's memory is the WebAssembly module's own,
  // made at its default size, smaller than a snapshot with IPython and Plotly imported.
  return (settings) => {
    const instantiate = settings.instantiateWasm;
    settings.instantiateWasm = (imports, receive) => instantiate(imports, (instance, module) => {
      const memory = instance.exports.memory ?? imports.env.memory;
      const missing = Math.ceil(((settings.INITIAL_MEMORY ?? 0) - memory.buffer.byteLength) / 65536);
      if (missing > 0) memory.grow(missing);
      receive(instance, module);
    });
    return createModule(settings);
  };
}

function loadingLater(python, later) {
  // The wheels the kernel's own start does not need (`deerbookLater` in loadPyodideOptions), installed while the
  // kernel starts; a cell's imports wait for them (the kernel loads packages from a cell's imports first).
  const loaded = python.loadPackage(later, { messageCallback: () => {} });
  const fromImports = python.loadPackagesFromImports.bind(python);
  python.loadPackagesFromImports = async (...args) => (await loaded, fromImports(...args));
  loaded.catch((error) => console.warn(`deerbook: loading ${later.join(", ")} failed: ${error}`));
}

export function fromSnapshot(loadPyodide, pyodideUrl) {
  // loadPyodide, starting from the snapshot (fetched while the runtime loads) when it can be used.
  const folder = new URL(".", new URL(pyodideUrl, self.location.href));
  return async (options) => {
    try {
      const { default: createModule } = await import(new URL("pyodide.asm.mjs", folder).href);
      const later = options.deerbookLater ?? [];
      const first = (options.packages ?? []).filter((name) => !later.includes(name));
      const python = await loadPyodide({ ...options, packages: first, _loadSnapshot: snapshot(folder),
                                         createPyodideModule: sizedFor(createModule) });
      python.runPython("import random; random.seed()"); // each reader's own random state, not the snapshot's
      loadingLater(python, later);
      console.info(STARTED);
      return python;
    } catch (error) {
      console.warn(`The kernel's start snapshot cannot be used (${error}); Python starts afresh.`);
      return loadPyodide(options);
    }
  };
}
