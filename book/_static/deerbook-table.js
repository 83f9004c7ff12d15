// The table on the book's "Play in your browser" page. Python (Pyodide, in deerbook-table-worker.js) plays the
// game with deerbook.play.page.PageTable and answers each request with the table's parts as HTML; this script only
// sends the reader's clicks and key presses (a rack's split: the number of each pawn's field), puts the parts in place,
// keeps the keyboard focus where the reader plays (after a move: on the list of choices, none of them picked), keeps
// the board in sight (the dice, the hand and the choices: `keepInView`), tells a screen reader the news in the table's
// live region and paces the bots (a short pause after each bot turn, with no button that would show up only to
// vanish, or a Next button).
// A game is a link: "Copy a link to this game" copies the page's address with #game=LINK (where the browser refuses
// to copy, the link stands in a read-only field to select); a page opened at such an address opens that game (a
// finished one stepped through, turn by turn, as any seat saw it: the replay's controls stand in place of the
// choices).
// Review (in a replay's controls, and after Game over) grades each decision against the reviewer, one decision a
// request: this script asks for the next one itself (`review`), so the page stays responsive and Stop takes effect
// between two decisions; the progress line and bar are updated in place, then the whole review replaces them.
// Where the table's root is: any element with data-deerbook-table.
// Python starts when the reader presses the table's Start button (its line says how much it loads), not with the
// page: a reader who only reads the page fetches none of it.
import { runtime } from "./deerbook-table-runtime.js";

const PAUSE_MS = 1200; // the short pause after a bot's turn
const STEPS = 4; // of the start: this script starting the worker, then the worker's: Python, deerbook, the deal
const PARTS = ["form", "status", "choices", "view", "log", "hint", "help", "review"]; // the parts an answer may replace
const BUTTONS = "[data-part=choices] button, [data-part=tools] button";
const LOOKED_AT = "rect.die, text.card"; // what a decision acts on, in the drawing: the dice and the hand's cards
const GAP = 8; // px between the header bar and what is kept in sight
const GAME_KEY = "#game="; // the page's address carries a game's link after it (deerbook.engine.link.PAGE_KEY)
const REPLAY = ["back", "forward", "goto", "as_seat"]; // the replay's requests: the focus stays on the control used
const root = document.querySelector("[data-deerbook-table]");

function part(name) {
  return root.querySelector(`[data-part="${name}"]`);
}

function loading(step, words) {
  part("loading").textContent = `Step ${step} of ${STEPS}: ${words}…`;
}

function paragraph(text) {
  const p = document.createElement("p");
  p.textContent = text;
  return p;
}

function linkInAddress() {
  // The game's link the page's address carries after #game=, or "".
  return location.hash.startsWith(GAME_KEY) ? decodeURIComponent(location.hash.slice(GAME_KEY.length)) : "";
}

if (root && !runtime) {
  part("status").innerHTML = '<p class="deerbook-status"><b>The table cannot start here:</b> this copy of the book ' +
    "was built without its in-browser Python (npm was missing when it was built). Build the book with " +
    "<code>python3 dev.py book</code> on a machine with npm to play on this page.</p>";
  part("start").hidden = true;
  root.dataset.state = "unavailable";
} else if (root) {
  const timings = []; // for benchmarks/play_page.py: where the start goes, from the reader's press of Start
  root.deerbookTimings = timings;
  let worker = null; // started by the Start button
  const waiting = new Map();
  let next = 0;
  let timer = null;
  let busy = false;
  let lastWidth = 0;
  let reviewing = false; // a review's requests are under way (one decision each)
  let stopAsked = false; // Stop was pressed: the review stops after the decision under way

  function heard({ data }) {
    if (data.progress) {
      timings.push([data.progress, performance.now()]);
      loading(data.step, data.progress);
      return;
    }
    const resolve = waiting.get(data.id);
    waiting.delete(data.id);
    if (resolve) resolve(data);
  }

  function ask(request) {
    const id = ++next;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage({ id, ...request });
    });
  }

  function formValues() {
    const values = {};
    for (const field of part("form").querySelectorAll("select[name], input[name]")) {
      values[field.name] = field.type === "checkbox" ? field.checked : field.value;
    }
    return values;
  }

  function tell(answer) {
    // The live region gets only this move's news: the viewer's new log lines, then what the reader is asked.
    const lines = [...answer.news, ...(answer.prompt ? [answer.prompt] : [])];
    part("news").replaceChildren(...lines.map(paragraph));
  }

  function firstChoice() {
    // Where the keyboard goes after a move: the list of choices itself (Tab: the first), so that no choice is taken
    // by a reader pressing Enter through the game; the Start button before the game.
    if (!part("start").hidden) return part("start").querySelector("button");
    return root.querySelector("[data-part=choices] button:enabled") ? part("choices") : part("status");
  }

  function splitAmounts(within) {
    // The numbers of the split form holding `within` (its button or a field): a rack's own form each.
    const form = within.closest(".deerbook-split") || part("choices");
    return [...form.querySelectorAll("input[name=split]")].map((field) => Number(field.value));
  }

  function headerBottom() {
    const header = document.querySelector(".bd-header-article") || document.querySelector(".bd-header");
    return Math.max(0, header ? header.getBoundingClientRect().bottom : 0);
  }

  function beside() {
    // Whether the choices sit beside the drawing (a wide table) rather than under it.
    return getComputedStyle(root.querySelector(".deerbook-board")).display === "grid";
  }

  function keepInView() {
    // The board in sight at each decision: the dice and the hand (the drawing's), and the choices, all at once. On a
    // wide page the choices sit beside the drawing; on a narrow one they are held at the bottom of the screen, so the
    // dice and hand must show above them. Scrolls only when something of it is out of sight.
    const panel = root.querySelector(".deerbook-panel").getBoundingClientRect();
    const svg = part("view").querySelector("svg");
    const boxes = [...(svg ? svg.querySelectorAll(LOOKED_AT) : [])].map((element) => element.getBoundingClientRect());
    if (!boxes.length && svg) boxes.push(svg.getBoundingClientRect());
    const wide = beside();
    if (wide) boxes.push(panel);
    if (!boxes.length) return;
    const top = Math.min(...boxes.map((box) => box.top));
    const bottom = Math.max(...boxes.map((box) => box.bottom));
    const floor = wide ? window.innerHeight : window.innerHeight - panel.height;
    if (top >= headerBottom() && bottom <= floor) return;
    window.scrollBy({ top: top - headerBottom() - GAP, behavior: "instant" });
  }

  function markAdvised() {
    // The advisor's best choice drawn as such, only once the reader asked for the hint.
    const best = part("hint").querySelector("[data-best]")?.dataset.best;
    for (const button of part("choices").querySelectorAll("button[data-op]")) {
      button.classList.toggle("deerbook-advised", best !== undefined && button.dataset.name === best);
    }
  }

  function sameChoice(element) {
    // The control drawn again in the answer where `element` was: a replay's field or menu by its name, a button by
    // its op and name (none if it is now off).
    if (element.name) return part("choices").querySelector(`[name="${CSS.escape(element.name)}"]`);
    const name = CSS.escape(element.dataset.name || "");
    const op = CSS.escape(element.dataset.op || "");
    return root.querySelector(`[data-part=choices] button[data-op="${op}"][data-name="${name}"]:enabled`) ||
      root.querySelector(`[data-part=choices] button[data-op="${op}"]:not([data-name]):enabled`);
  }

  function placeOf(element) {
    // Where the reader is: on a choice or tool of the table ("play": also the status while a bot's turn pauses, where
    // the focus waits for the next choice), in the form, elsewhere in the table, outside.
    if (!element || !root.contains(element) || element === root) return "outside";
    if (part("form").contains(element)) return "form";
    if (element === part("status") && element.dataset.waiting) return "play";
    return element.closest("[data-part=choices], [data-part=tools]") ? "play" : "table";
  }

  function refocus({ element, place }, op) {
    // Focus stays where the reader is. A choice or tool of the table (disabled while busy and replaced by the
    // answer, which drops focus to the page's body) hands it to the first enabled choice (after a resize: the same
    // choice), and so does another part of the table that the answer replaced; a re-drawn field of the form gets
    // it back. The reader's focus elsewhere (the log, the help, the form, outside the table) is left alone.
    if (place === "outside" || (place !== "play" && element.isConnected)) return;
    if (place === "form") {
      const form = part("form");
      const same = element.id ? form.querySelector(`#${element.id}`) : form.querySelector(`[name="${element.name}"]`);
      (same || form.querySelector("button"))?.focus();
    } else if (element.isConnected && !element.closest("[hidden]") && element !== part("status")) {
      element.focus(); // not replaced (the Hint button; a choice after a refusal): back on it, enabled again
    } else {
      const target = ((op === "width" || REPLAY.includes(op)) && sameChoice(element)) || firstChoice();
      if (target === part("status")) {
        target.tabIndex = -1;
        target.dataset.waiting = "yes"; // the focus waits here for the next choice
      }
      target.focus({ preventScroll: true }); // the board is kept in sight by keepInView, not by the focus
    }
  }

  function show(answer, op, focus = { element: document.activeElement, place: placeOf(document.activeElement) }) {
    root.dataset.answers = String(Number(root.dataset.answers || 0) + 1); // tests wait for the next answer
    if (answer.stop !== "error") delete part("status").dataset.waiting;
    for (const name of PARTS) {
      if (name in answer && part(name)) part(name).innerHTML = answer[name];
    }
    root.querySelectorAll(BUTTONS).forEach((b) => (b.disabled = b.hasAttribute("data-off"))); // off: a replay's end
    markAdvised();
    if (answer.stop === "error") {
      part("hint").replaceChildren(paragraph(`Not allowed: ${answer.message}`));
      part("hint").firstChild.className = "deerbook-error";
    } else {
      if ("news" in answer) tell(answer);
      if ("news" in answer) part("share").replaceChildren(); // a link copied before this move is not this game's
      if (op === "link") share(answer);
      const tools = { hint: answer.hint_available, undo: answer.undo_available };
      for (const [op, shown] of Object.entries(tools)) {
        if (shown !== undefined) part("tools").querySelector(`[data-op=${op}]`).hidden = !shown;
      }
      part("tools").hidden = ![...part("tools").querySelectorAll("button")].some((button) => !button.hidden);
      part("log").scrollTop = part("log").scrollHeight; // the newest line in sight, the page itself not scrolled
      if (answer.stop) root.dataset.state = answer.stop;
    }
    refocus(focus, op);
    // The first deal is not scrolled to: the page stays where the reader pressed Start (its text does not move).
    if (["decide", "roll"].includes(answer.stop) && !["setup", "init", "width"].includes(op)) keepInView();
    if (answer.stop === "turn" && formValues().pace !== "step") {
      timer = setTimeout(() => request({ op: "next" }), PAUSE_MS);
    }
  }

  async function request(message, element = document.activeElement) {
    // `element`: the reader's focus when asking (disabling the buttons below drops focus from a choice)
    const focus = { element, place: placeOf(element) };
    clearTimeout(timer);
    part("hint").querySelector(".deerbook-error")?.remove(); // a refusal tells of the last request only
    busy = true;
    root.setAttribute("aria-busy", "true");
    root.querySelectorAll(BUTTONS).forEach((b) => (b.disabled = true));
    let answer;
    try {
      answer = await ask(message);
    } finally { // not busy before the news is told: a screen reader may hold back what a busy table says
      busy = false;
      root.removeAttribute("aria-busy");
    }
    show(answer, message.op, focus);
  }

  async function share(answer) {
    // The game's link: copied with the page's address (#game=LINK) and shown in a read-only field to select, said
    // in the share line (a live region); or why the table offers none now.
    const line = part("share");
    if (!answer.link) {
      line.replaceChildren(paragraph(answer.message));
      return;
    }
    const label = document.createElement("label");
    const field = document.createElement("input");
    Object.assign(field, { type: "text", readOnly: true, value: answer.link });
    field.addEventListener("focus", () => field.select());
    label.append("The link to this game: ", field);
    let copied = true;
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      copied = false;
    }
    line.replaceChildren(paragraph(copied ? "Copied: the link to this game, which opens it on this page." :
      "The browser did not let the page copy the link: select it in the field below and copy it."), label);
    line.dataset.copied = String(copied);
    if (!copied) field.focus();
  }

  function showReview(answer) {
    // A review's answer (its line is "review_line": "progress" is the worker's word on the start): the region replaced
    // (its start, its end) or its progress line and bar updated in place (the Stop button stays, with the focus on
    // it); the end told in the live region, the focus on its heading if it was on the Stop button that is gone.
    const region = part("review");
    const hadFocus = region.contains(document.activeElement);
    if ("review" in answer) region.innerHTML = answer.review;
    const line = region.querySelector("[data-review-line]");
    if (line && answer.review_line) line.textContent = answer.review_line;
    const bar = region.querySelector("[data-review-bar]");
    if (bar && answer.done !== undefined) Object.assign(bar, { max: Math.max(answer.total, 1), value: answer.done });
    if (answer.news) part("news").replaceChildren(...answer.news.map(paragraph));
    root.dataset.review = answer.reviewing ? "running" : answer.stop === "error" ? "error" : "done";
    if (hadFocus && !region.contains(document.activeElement)) {
      region.querySelector("[data-review-heading]")?.focus();
    }
  }

  async function review() {
    // Review the game shown, one decision a request, until none remains or the reader presses Stop; the page's own
    // events (a Stop click, a replay's step) are handled between two requests.
    reviewing = true;
    stopAsked = false;
    timings.push(["review started", performance.now()]);
    try {
      let answer = await ask({ op: "review", name: "" });
      if (answer.stop === "error") {
        part("hint").replaceChildren(paragraph(`Not allowed: ${answer.message}`));
        part("hint").firstChild.className = "deerbook-error";
        return;
      }
      showReview(answer);
      part("review").querySelector("[data-op=review_stop]")?.focus();
      part("news").replaceChildren(paragraph(answer.review_line));
      while (answer.reviewing) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        answer = await ask({ op: stopAsked ? "review_stop" : "review_step", name: "" });
        if (answer.stop === "error") { // a new game or link dropped the review (its region is cleared)
          root.dataset.review = "";
          return;
        }
        showReview(answer);
      }
      timings.push(["review done", performance.now()]);
    } finally {
      reviewing = false;
    }
  }

  function fields(control) {
    // What a control sends besides its op: a split's numbers, the turn box's turn, the seat menu's seat, and the
    // Copy link tool the page's address (without its query, which sets a first game: the link alone names this one).
    if (control.dataset.op === "split") return { amounts: splitAmounts(control) };
    if (control.dataset.op === "link") return { address: `${location.origin}${location.pathname}` };
    if (control.dataset.op === "goto" || control.name === "turn") {
      return { turn: Number(part("choices").querySelector("input[name=turn]").value) };
    }
    return control.name === "seat" ? { seat: Number(control.value) } : {};
  }

  function width() {
    return Math.floor(part("view").getBoundingClientRect().width || root.getBoundingClientRect().width);
  }

  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-op]");
    if (button?.dataset.op === "review_stop") { // between two decisions: the review stops and shows what it graded
      stopAsked = true;
      button.textContent = "Stopping after this decision…";
      return;
    }
    if (button?.dataset.op === "review") {
      if (!reviewing && !busy) review();
      return;
    }
    if (!button || busy || button.disabled) return;
    request({ op: button.dataset.op, name: button.dataset.name || "", ...fields(button) }, button);
  });

  const skip = document.querySelector("[data-deerbook-skip]");
  if (skip) {
    document.body.prepend(skip); // the page's first stop for the keyboard, before the book's header and sidebar
    skip.addEventListener("click", (event) => {
      event.preventDefault();
      const target = firstChoice();
      if (target === part("status")) target.tabIndex = -1;
      target.scrollIntoView({ block: "center" });
      target.focus();
    });
  }

  part("choices").addEventListener("keydown", (event) => {
    // Enter in a split's number field makes the split, as its button does
    if (event.key === "Enter" && event.target.name === "split" && !busy) {
      event.preventDefault();
      const name = event.target.closest(".deerbook-split")?.querySelector("button[data-op=split]")?.dataset.name;
      request({ op: "split", name: name || "", amounts: splitAmounts(event.target) }, event.target);
    }
    if (event.key === "Enter" && event.target.name === "turn" && !busy) { // Enter in the replay's turn box: go there
      event.preventDefault();
      request({ op: "goto", name: "", ...fields(event.target) }, event.target);
    }
  });

  part("choices").addEventListener("change", (event) => {
    // The replay's seat menu: the table as that seat saw it (or every hand)
    if (event.target.name !== "seat" || busy) return;
    request({ op: "as_seat", name: "", ...fields(event.target) }, event.target);
  });

  window.addEventListener("hashchange", () => {
    // A game's link put in the address of the open page: that game, once the table runs
    if (worker && linkInAddress() && !busy) request({ op: "open", name: "", link: linkInAddress() });
  });

  function hotSeat(box) {
    // The hot-seat box: a person in every seat, or you against the default bot in every other seat.
    part("form").querySelectorAll("select[name^=seat]").forEach((seat, i) => {
      seat.value = box.checked || i === 0 ? "human" : box.dataset.bot;
    });
    return "seat0";
  }

  part("form").addEventListener("change", async (event) => {
    const field = event.target.matches("[data-hot-seat]") ? hotSeat(event.target) : event.target.name;
    if (event.target.matches("[data-redraw], [data-hot-seat]")) {
      part("hint").querySelector(".deerbook-error")?.remove();
      show(await ask({ op: "setup", form: formValues(), changed: field }), "setup");
    }
  });

  part("form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (busy) return;
    root.querySelector(".deerbook-setup").open = false; // the set-up folds: the new game in sight
    request({ op: "start", form: formValues() });
  });

  new ResizeObserver(() => {
    const px = width();
    if (root.dataset.state && Math.abs(px - lastWidth) > 40) {
      lastWidth = px;
      if (!busy) request({ op: "width", px });
    }
  }).observe(root);

  async function start(event) {
    // The reader asked for the table: Python starts now, in a web worker, and deals the first game (the form values
    // of the page's address, if any); the keyboard goes on to its first choice.
    const place = event.currentTarget === document.activeElement ? "play" : "outside"; // before the button hides
    timings.push(["starting the table", performance.now()]);
    part("start").hidden = true;
    root.dataset.board = ""; // the board's layout from now on (the deerbook-table.css): the drawing is measured in it
    part("loading").hidden = false;
    loading(1, "starting the table");
    worker = new Worker(new URL("deerbook-table-worker.js", import.meta.url), { type: "module" });
    worker.onmessage = heard;
    const params = new URLSearchParams(location.search);
    const chosen = Object.fromEntries([...params].filter(([key]) => /^(game|num_players|seed|pace|seat\d)$/.test(key)));
    lastWidth = width();
    const link = linkInAddress();
    const first = await ask({ op: "init", rulings: root.dataset.rulings, px: lastWidth, form: chosen, link });
    if (first.stop === "broken") {
      part("status").replaceChildren(paragraph(`Python could not start: ${first.message}`));
      part("loading").hidden = true;
      root.dataset.state = "error";
      return;
    }
    part("loading").hidden = true;
    root.querySelector(".deerbook-setup").style.visibility = ""; // its line was kept from the first paint: nothing moves
    const log = root.querySelector("[data-log-fold]");
    log.hidden = false;
    log.open = beside(); // open where the choices sit beside the drawing; folded on a phone
    show(first, "init", { element: startButton, place });
    if (first.refused) { // the link cannot be opened: its sentence, and the set-up open for a game of the reader's
      part("hint").replaceChildren(paragraph(first.refused));
      part("hint").firstChild.className = "deerbook-error";
      root.querySelector(".deerbook-setup").open = true;
    }
    timings.push(["first choice shown", performance.now()]);
  }

  const startButton = part("start").querySelector("button");
  if (runtime.bytes) {
    const mb = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`; // the bytes that arrive, said once, here
    const unpacked = runtime.unpacked_bytes ? `; ${mb(runtime.unpacked_bytes)} from a server that does not gzip` : "";
    startButton.textContent = `Start the table (loads ${mb(runtime.bytes)}${unpacked})`;
  }
  if (linkInAddress()) {
    part("status").replaceChildren(paragraph("A shared game: press Start to open it (the page's address holds its " +
      "link)."));
    part("status").firstChild.className = "deerbook-status";
  }
  startButton.addEventListener("click", start, { once: true });
  startButton.disabled = false;
}
