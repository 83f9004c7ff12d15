// The table on the book's "Play in your browser" page. Python (Pyodide, in deerbook-table-worker.js) plays the
// game with deerbook.play.page.PageTable and answers each request with the table's parts as HTML; this script only
// sends the reader's clicks, puts the parts in place and paces the bots (a short pause after each bot turn, or a
// Next button). Where the table's root is: any element with data-deerbook-table.
import { runtime } from "./deerbook-table-runtime.js";

const PAUSE_MS = 1200; // the short pause after a bot's turn
const root = document.querySelector("[data-deerbook-table]");

function part(name) {
  return root.querySelector(`[data-part="${name}"]`);
}

function say(html) {
  part("status").innerHTML = html;
}

if (root && !runtime) {
  say('<p class="deerbook-status"><b>The table cannot start here:</b> this copy of the book was built without its ' +
      "in-browser Python (npm was missing when it was built). Build the book with <code>python3 dev.py book</code> " +
      "on a machine with npm to play on this page.</p>");
  root.dataset.state = "unavailable";
} else if (root) {
  const site = new URL("../", import.meta.url); // _static/ is one folder below the book's root
  const worker = new Worker(new URL("deerbook-table-worker.js", import.meta.url), { type: "module" });
  const waiting = new Map();
  let next = 0;
  let timer = null;
  let busy = false;
  let lastWidth = 0;

  const timings = [["worker created", performance.now()]]; // for benchmarks/play_page.py: where the start goes
  root.deerbookTimings = timings;

  worker.onmessage = ({ data }) => {
    if (data.progress) {
      timings.push([data.progress, performance.now()]);
      part("loading").textContent = `${data.progress}…`;
      return;
    }
    const resolve = waiting.get(data.id);
    waiting.delete(data.id);
    if (resolve) resolve(data);
  };

  function ask(request) {
    const id = ++next;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage({ id, ...request });
    });
  }

  function formValues() {
    const form = part("form");
    const values = {};
    for (const field of form.querySelectorAll("select, input")) {
      values[field.name] = field.type === "checkbox" ? field.checked : field.value;
    }
    return values;
  }

  function show(answer) {
    root.dataset.answers = String(Number(root.dataset.answers || 0) + 1); // tests wait for the next answer
    for (const name of ["form", "status", "choices", "view", "log", "hint", "help"]) {
      if (name in answer && part(name)) part(name).innerHTML = answer[name];
    }
    root.querySelectorAll("[data-part=choices] button, [data-part=tools] button").forEach((b) => (b.disabled = false));
    if (answer.stop === "error") {
      part("hint").innerHTML = `<p class="deerbook-error"><b>Not allowed:</b> ${escapeHtml(answer.message)}</p>`;
      return;
    }
    if ("hint_available" in answer) part("tools").hidden = !answer.hint_available;
    part("log").scrollTop = part("log").scrollHeight; // the newest line in sight, the page itself not scrolled
    if (answer.stop) root.dataset.state = answer.stop;
    if (answer.stop === "turn" && formValues().pace !== "step") {
      timer = setTimeout(() => request({ op: "next" }), PAUSE_MS);
    }
  }

  function escapeHtml(text) {
    const div = document.createElement("div");
    div.textContent = text;
    return div.innerHTML;
  }

  async function request(message) {
    clearTimeout(timer);
    busy = true;
    root.setAttribute("aria-busy", "true");
    root.querySelectorAll("[data-part=choices] button, [data-part=tools] button").forEach((b) => (b.disabled = true));
    try {
      show(await ask(message));
    } finally {
      busy = false;
      root.removeAttribute("aria-busy");
    }
  }

  function width() {
    return Math.floor(part("view").getBoundingClientRect().width || root.getBoundingClientRect().width);
  }

  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-op]");
    if (!button || busy || button.disabled) return;
    if (button.dataset.op === "hint") {
      request({ op: "hint" });
    } else {
      request({ op: button.dataset.op, name: button.dataset.name || "" });
    }
  });

  part("form").addEventListener("change", async (event) => {
    if (event.target.matches("[data-redraw]")) {
      show(await ask({ op: "setup", form: formValues(), changed: event.target.name }));
    }
  });

  part("form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!busy) request({ op: "start", form: formValues() });
  });

  new ResizeObserver(() => {
    const px = width();
    if (root.dataset.state && Math.abs(px - lastWidth) > 40) {
      lastWidth = px;
      if (!busy) request({ op: "width", px });
    }
  }).observe(root);

  (async () => {
    const pyodide = new URL(runtime.pyodide, site).href;
    const started = await ask({ op: "init", pyodide, wheel: runtime.wheel, rulings: root.dataset.rulings });
    if (started.stop === "error") {
      say(`<p class="deerbook-status"><b>Python could not start:</b> ${escapeHtml(started.message)}</p>`);
      root.dataset.state = "error";
      return;
    }
    part("loading").hidden = true;
    const params = new URLSearchParams(location.search);
    const chosen = Object.fromEntries([...params].filter(([key]) => /^(game|num_players|seed|pace|seat\d)$/.test(key)));
    lastWidth = width();
    await ask({ op: "width", px: lastWidth });
    await ask({ op: "setup", form: chosen });
    await request({ op: "start", form: chosen });
    timings.push(["first choice shown", performance.now()]);
  })();
}
