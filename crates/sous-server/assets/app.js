// The sous page: pick or paste a network, execute it through the JSON API,
// and show the network as a graph, the execution as a timeline, the kitchen
// after each step and the dish next to the gold standard.
// Plain browser JavaScript, no dependencies: it ships inside the binary.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";

/** Everything the page currently shows. */
const view = {
  recipes: [], // benchmark recipe texts (empty without a benchmark)
  preloaded: [], // recipes evaluated by `sous evaluate --show`
  uploaded: [], // networks from an opened file: {recipe_id, network}
  benchmark: false,
  recipeId: null,
  execution: null, // the /api/execute answer
  mode: "qualitative", // the mode of the shown execution
  profile: "reference", // the kitchen of the shown execution
  network: "", // the network of the shown execution
  pictureUrl: null, // the object URL of the shown picture of the physics kitchen
  step: -1,
  report: null, // the evaluation, when there is a gold standard
  goldDish: null, // the gold dish entity
  runCounter: 0,
};

// ---------------------------------------------------------------- the API

/** The API token of a server started with `--token`, kept for this tab. */
function apiHeaders(extra = {}) {
  const token = sessionStorage.getItem("sous-token");
  return token ? { ...extra, Authorization: `Bearer ${token}` } : extra;
}

async function call(method, path, body, retried = false) {
  const init = { method, headers: apiHeaders() };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  if (response.status === 401 && !retried) {
    // A server with a token: ask once, keep it for the tab, try again.
    const token = window.prompt("This sous server needs its API token:");
    if (token) {
      sessionStorage.setItem("sous-token", token.trim());
      return call(method, path, body, true);
    }
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error((data && data.error) || `${response.status} ${response.statusText}`);
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

function status(text, kind = "info") {
  const el = $("status");
  el.textContent = text;
  el.className = kind;
}

// ---------------------------------------------------------------- helpers

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined) node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

/** Numbers as the reference prints them: integers plain, others to 3 places. */
function fmt(x) {
  if (typeof x !== "number") return String(x);
  if (Number.isInteger(x)) return String(x);
  return String(Math.round(x * 1000) / 1000);
}

/** The `#recipe-id` header of a network, if it has one. */
function headerId(text) {
  const m = /^\s*#\s*([^\s(]+)/.exec(text);
  return m ? m[1].toLowerCase() : null;
}

/** Splits a solution file into its recipes (each starts with `#id`). */
function splitSolutionFile(text) {
  const parts = [];
  let current = null;
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*#\s*([^\s(]+)/.exec(line);
    if (m) {
      current = { recipe_id: m[1].toLowerCase(), lines: [] };
      parts.push(current);
    }
    if (current) current.lines.push(line);
  }
  return parts.map((p) => ({ recipe_id: p.recipe_id, network: p.lines.join("\n") }));
}

// ---------------------------------------------------------------- picking a recipe

async function loadLists() {
  const [preloaded, recipes] = await Promise.allSettled([
    call("GET", "/api/preloaded"),
    call("GET", "/api/recipes"),
  ]);
  view.preloaded = preloaded.status === "fulfilled" ? preloaded.value : [];
  view.benchmark = recipes.status === "fulfilled";
  view.recipes = view.benchmark ? recipes.value : [];
  view.recipes.sort((a, b) => a.title.localeCompare(b.title));
  fillPicker();
  if (!view.benchmark) {
    status("No benchmark loaded: networks run, but there is no gold standard to score against (start with --benchmark DIR).", "warn");
  }
}

function fillPicker() {
  const select = $("recipe-select");
  for (const g of select.querySelectorAll("optgroup")) g.remove();
  const group = (label, items) => {
    if (!items.length) return;
    select.append(el("optgroup", { label }, items));
  };
  const listed = (evaluated) => view.preloaded
    .map((p, i) => [p, i])
    .filter(([p]) => Boolean(p.report) === evaluated)
    .map(([p, i]) => el("option", { value: `preloaded:${i}` }, p.recipe_id));
  group("Evaluated", listed(true));
  group("Examples that ship with sous", listed(false));
  group("Opened file", view.uploaded.map((u, i) =>
    el("option", { value: `uploaded:${i}` }, u.recipe_id)));
  group("Benchmark recipes (gold network)", view.recipes.map((r) =>
    el("option", { value: `recipe:${r.id}` }, r.title)));
}

async function pick(value) {
  if (!value) return;
  const [kind, key] = [value.slice(0, value.indexOf(":")), value.slice(value.indexOf(":") + 1)];
  let network;
  let report = null;
  if (kind === "preloaded") {
    ({ network, report } = view.preloaded[Number(key)]);
  } else if (kind === "uploaded") {
    ({ network } = view.uploaded[Number(key)]);
  } else {
    status(`Loading the gold network of ${key}…`);
    network = (await call("GET", `/api/recipes/${encodeURIComponent(key)}/gold`)).network;
  }
  $("network-editor").value = network;
  history.replaceState(null, "", `#${value}`);
  await run({ report });
}

function showRecipeText(id) {
  const box = $("recipe-text");
  box.replaceChildren();
  const recipe = view.recipes.find((r) => r.id === id);
  if (!recipe) {
    box.append(el("p", { class: "hint" }, id ? `Recipe ${id}: no text (the benchmark is not loaded or has no such recipe).` : "This network names no recipe."));
    return;
  }
  box.append(
    el("h3", {}, recipe.title),
    el("h4", {}, "Ingredients"),
    el("ul", {}, recipe.ingredients.map((i) => el("li", {}, i))),
    el("h4", {}, "Instructions"),
    el("ol", {}, recipe.instructions.map((i) => el("li", {}, i))),
  );
}

// ---------------------------------------------------------------- running

async function run({ report = null } = {}) {
  const network = $("network-editor").value;
  if (!network.trim()) {
    status("Write or pick a network first.", "warn");
    return;
  }
  const runId = ++view.runCounter;
  // The recipe named by the header, shown even when the network fails.
  view.recipeId = headerId(network);
  showRecipeText(view.recipeId);
  status("Executing…");
  let execution;
  try {
    const mode = $("mode-select").value;
    const profile = $("profile-select").value;
    execution = await call("POST", "/api/execute", { mode, profile, network, kitchen_states: true, lean: false });
    view.mode = mode;
    view.profile = profile;
    view.network = network;
  } catch (e) {
    showError(e);
    return;
  }
  if (runId !== view.runCounter) return; // a newer run started meanwhile
  view.execution = execution;
  view.report = report;
  view.goldDish = null;
  const steps = execution.steps.length;
  $("step-slider").max = Math.max(steps - 1, 0);
  view.trace = null;
  drawGraph();
  drawTimeline();
  setStep(steps - 1);
  drawTraceFor(runId, network);
  const time = execution.execution_time;
  status(execution.solved
    ? `Solved: ${steps} actions, execution time ${fmt(time)} s.`
    : `No solution: ${steps} of ${execution.graph.nodes.length} actions ran; see the failures below.`,
  execution.solved ? "ok" : "warn");
  drawDish();
  await evaluate(runId, network);
}

function showError(e) {
  const d = e.data || {};
  const where = d.line ? ` (line ${d.line}, column ${d.column})` : "";
  status(`${e.message}${where}`, "error");
  if (d.line) selectLine($("network-editor"), d.line);
}

function selectLine(textarea, line) {
  const lines = textarea.value.split("\n");
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  textarea.focus();
  textarea.setSelectionRange(start, start + (lines[line - 1] || "").length);
  $("editor-box").open = true;
}

/** Scores the network when a gold standard is known, and runs the gold network for its dish. */
async function evaluate(runId, network) {
  const id = view.recipeId;
  if (!id || !view.benchmark || !view.recipes.some((r) => r.id === id)) return;
  try {
    const [report, gold] = await Promise.all([
      view.report ? Promise.resolve(view.report) : call("POST", "/api/evaluate", { recipe: id, network, mode: view.mode, profile: view.profile }),
      call("GET", `/api/recipes/${encodeURIComponent(id)}/gold`),
    ]);
    const goldRun = await call("POST", "/api/execute", { network: gold.network, profile: view.profile, lean: false });
    if (runId !== view.runCounter) return;
    view.report = report;
    view.goldDish = gold.dish_variable ? goldRun.bindings[gold.dish_variable] : null;
  } catch (e) {
    if (runId === view.runCounter) status(`Evaluation failed: ${e.message}`, "error");
  }
  drawDish();
}

// ---------------------------------------------------------------- the graph

/** The constants of an action, e.g. `butter 230 g` for a fetch-and-proportion. */
function constantsOf(text) {
  const tokens = text.replace(/^\(|\)$/g, "").match(/\([^)]*\)|[^\s()]+/g) || [];
  return tokens.slice(1).filter((t) => !t.startsWith("?")).join(" ");
}

/** Layered layout: each action one rank below the latest action it takes an ingredient or tool from. */
function layout(graph) {
  const n = graph.nodes.length;
  const data = graph.edges.filter((e) => !e.kitchen_state);
  const rank = new Array(n).fill(0);
  for (let pass = 0; pass < n; pass++) {
    let changed = false;
    for (const e of data) {
      if (rank[e.to] < rank[e.from] + 1 && rank[e.from] + 1 < n) {
        rank[e.to] = rank[e.from] + 1;
        changed = true;
      }
    }
    if (!changed) break;
  }
  // Every action then moves down to just above its first user, so an
  // ingredient is fetched next to where it is used, not at the top.
  const byRank = [...Array(n).keys()].sort((a, b) => rank[b] - rank[a]);
  for (const i of byRank) {
    const users = data.filter((e) => e.from === i).map((e) => rank[e.to]);
    if (users.length) rank[i] = Math.max(rank[i], Math.min(...users) - 1);
  }
  const ranks = [];
  const order = graph.nodes
    .map((node, i) => i)
    .sort((a, b) => (graph.nodes[a].step ?? 1e9) - (graph.nodes[b].step ?? 1e9) || a - b);
  for (const i of order) (ranks[rank[i]] ||= []).push(i);
  // Barycentre sweeps reduce crossings.
  const pos = new Array(n).fill(0);
  const place = () => ranks.forEach((r) => r && r.forEach((i, k) => { pos[i] = k - (r.length - 1) / 2; }));
  place();
  const neighbours = (i, up) => data.filter((e) => (up ? e.to === i : e.from === i)).map((e) => (up ? e.from : e.to));
  for (let sweep = 0; sweep < 6; sweep++) {
    const up = sweep % 2 === 0;
    for (const r of up ? ranks : [...ranks].reverse()) {
      if (!r) continue;
      const bary = new Map(r.map((i) => {
        const ns = neighbours(i, up);
        return [i, ns.length ? ns.reduce((s, j) => s + pos[j], 0) / ns.length : pos[i]];
      }));
      r.sort((a, b) => bary.get(a) - bary.get(b));
      r.forEach((i, k) => { pos[i] = k - (r.length - 1) / 2; });
    }
  }
  return { rank, pos, ranks: ranks.filter(Boolean).length };
}

const NODE = { w: 196, h: 46, gapX: 22, gapY: 50 };

function drawGraph() {
  const graph = view.execution.graph;
  const box = $("graph");
  box.replaceChildren();
  const { rank, pos } = layout(graph);
  const minPos = Math.min(...pos, 0);
  const maxPos = Math.max(...pos, 0);
  const width = (maxPos - minPos + 1) * (NODE.w + NODE.gapX) + NODE.gapX;
  const height = (Math.max(...rank, 0) + 1) * (NODE.h + NODE.gapY) + NODE.gapY;
  const xy = (i) => ({
    x: NODE.gapX / 2 + (pos[i] - minPos) * (NODE.w + NODE.gapX) + NODE.gapX / 2,
    y: NODE.gapY / 2 + rank[i] * (NODE.h + NODE.gapY),
  });
  box.setAttribute("viewBox", `0 0 ${width} ${height}`);
  // Shrink a wide network to the panel, but not past legibility: beyond
  // that the panel scrolls sideways.
  const room = box.parentElement.clientWidth - 2;
  const scale = Math.min(1, Math.max(room / width, 0.7));
  box.style.width = `${width * scale}px`;
  box.style.height = `${height * scale}px`;
  box.append(svg("defs", {},
    svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" },
      svg("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrowhead" })),
    svg("marker", { id: "arrow-ks", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" },
      svg("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrowhead ks" }))));
  const edges = svg("g", { class: "edges" });
  for (const e of graph.edges) {
    const a = xy(e.from);
    const b = xy(e.to);
    const x1 = a.x + NODE.w / 2;
    const y1 = a.y + NODE.h;
    const x2 = b.x + NODE.w / 2;
    const y2 = b.y;
    const bend = Math.max(30, Math.abs(y2 - y1) / 2);
    const d = `M ${x1} ${y1} C ${x1} ${y1 + bend}, ${x2} ${y2 - bend}, ${x2} ${y2 - 2}`;
    edges.append(svg("path", {
      d,
      class: e.kitchen_state ? "edge ks" : "edge data",
      "marker-end": e.kitchen_state ? "url(#arrow-ks)" : "url(#arrow)",
      "data-from": e.from,
      "data-to": e.to,
    }, svg("title", {}, document.createTextNode(e.variable))));
  }
  const nodes = svg("g", { class: "nodes" });
  graph.nodes.forEach((node, i) => {
    const { x, y } = xy(i);
    const label = constantsOf(node.text);
    const g = svg("g", {
      class: "node",
      transform: `translate(${x},${y})`,
      "data-action": node.action,
      "data-step": node.step ?? "",
      tabindex: 0,
    },
    svg("title", {}, document.createTextNode(`line ${node.line}: ${node.text}${node.binds.length ? `\nbinds ${node.binds.join(" ")}` : ""}`)),
    svg("rect", { width: NODE.w, height: NODE.h, rx: 8 }),
    svg("text", { x: NODE.w / 2, y: label ? 19 : 28, class: "primitive" }, document.createTextNode(node.primitive)),
    label ? svg("text", { x: NODE.w / 2, y: 36, class: "constants" }, document.createTextNode(truncate(label, 30))) : document.createTextNode(""));
    if (node.step !== null && node.step !== undefined) {
      g.addEventListener("click", () => setStep(node.step));
      g.addEventListener("keydown", (ev) => { if (ev.key === "Enter") setStep(node.step); });
    }
    nodes.append(g);
  });
  box.append(edges, nodes);
  box.classList.toggle("hide-ks", !$("show-ks").checked);
  $("graph-count").textContent = `${graph.nodes.length} actions, ${graph.edges.length} arrows`;
}

function truncate(text, n) {
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}

// ---------------------------------------------------------------- the timeline

function drawTimeline() {
  const x = view.execution;
  const box = $("timeline");
  box.replaceChildren();
  const end = x.execution_time ?? Math.max(0, ...x.steps.map((s) => s.end));
  box.dataset.end = fmt(end);
  $("timeline-summary").textContent = x.steps.length
    ? `${x.steps.length} steps · ends at ${fmt(end)} s`
    : "nothing ran";
  const scale = (t) => (end > 0 ? (100 * t) / end : 0);
  const axis = el("div", { class: "axis" });
  for (const t of ticks(end)) {
    axis.append(el("span", { class: "tick", style: `left:${scale(t)}%` }, `${fmt(t)} s`));
  }
  axis.append(el("span", { class: "tick end", id: "timeline-end", style: "left:100%" }, `${fmt(end)} s`));
  const rows = el("div", { class: "rows" });
  x.steps.forEach((s, i) => {
    const node = x.graph.nodes.find((n) => n.step === i);
    const width = Math.max(scale(s.end) - scale(s.start), 0.35);
    rows.append(el("div", { class: "row", "data-step": i, onclick: () => setStep(i) },
      el("span", { class: "label", title: s.action }, `${i + 1}. ${node ? node.primitive : ""}`),
      el("span", { class: "track" },
        el("span", { class: "bar", style: `left:${scale(s.start)}%;width:${width}%`, title: `${fmt(s.start)}–${fmt(s.end)} s` }))));
  });
  box.append(axis, rows);
}

/** About six round tick values from 0 to `end`. */
function ticks(end) {
  if (!(end > 0)) return [0];
  const raw = end / 6;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw);
  const out = [];
  for (let t = 0; t < end - step / 3; t += step) out.push(t);
  return out;
}

// ---------------------------------------------------------------- stepping

function setStep(step) {
  const x = view.execution;
  if (!x) return;
  const last = x.steps.length - 1;
  view.step = Math.max(Math.min(step, last), -1);
  const i = view.step;
  $("step-slider").value = Math.max(i, 0);
  for (const g of document.querySelectorAll("#graph .node")) {
    const s = g.dataset.step === "" ? null : Number(g.dataset.step);
    g.classList.toggle("failed", s === null);
    g.classList.toggle("done", s !== null && s < i);
    g.classList.toggle("current", s !== null && s === i);
    g.classList.toggle("todo", s !== null && s > i);
  }
  const current = x.graph.nodes.find((n) => n.step === i);
  for (const p of document.querySelectorAll("#graph .edge")) {
    const hot = current && (Number(p.dataset.to) === current.action || Number(p.dataset.from) === current.action);
    p.classList.toggle("hot", Boolean(hot));
  }
  for (const r of document.querySelectorAll("#timeline .row")) {
    r.classList.toggle("current", Number(r.dataset.step) === i);
  }
  const s = x.steps[i];
  $("step-label").textContent = s
    ? `step ${i + 1} of ${x.steps.length} · ${fmt(s.start)}–${fmt(s.end)} s · kitchen clock ${fmt(s.kitchen_time)} s`
    : "no step";
  markTraceStep(s ? s.action : null);
  scrollWithin(document.querySelector("#timeline .rows"), document.querySelector(`#timeline .row[data-step="${i}"]`));
  scrollWithin(document.querySelector(".graph-scroll"), document.querySelector(`#graph .node[data-step="${i}"]`));
  drawStep();
}

// ---------------------------------------------------------------- the trace

/** Asks for the trace of the network just run and draws it. */
async function drawTraceFor(runId, network) {
  let trace = null;
  try {
    trace = await call("POST", "/api/trace", { network });
  } catch (e) {
    trace = null;
  }
  if (runId !== view.runCounter) return;
  view.trace = trace;
  drawTrace();
  const s = view.execution && view.execution.steps[view.step];
  markTraceStep(s ? s.action : null);
}

/** The recipe's steps with what goes in and comes out (text only: nothing
 * from a network or recipe is ever read as HTML). */
function drawTrace() {
  const box = $("trace");
  box.replaceChildren();
  const t = view.trace;
  if (!t) {
    $("trace-summary").textContent = "";
    return;
  }
  $("trace-summary").textContent = t.annotated
    ? `${t.steps.length} steps (the benchmark's sentences)`
    : `${t.steps.length} steps (one per action)`;
  const item = (c) => el("li", { class: c.implicit ? "implicit" : null, title: c.variable },
    el("span", { class: "tag" }, c.object), " ", c.description);
  for (const r of t.steps) {
    const label = r.kind === "ingredient" ? "ingredient" : `${r.step}.`;
    const node = el("div", { class: "tstep", "data-actions": JSON.stringify(r.actions) },
      el("div", { class: "say" }, el("span", { class: "num" }, label), r.instruction),
      r.inputs.length ? el("div", {}, "in:", el("ul", {}, r.inputs.map(item))) : null,
      r.outputs.length ? el("div", {}, "out:", el("ul", {}, r.outputs.map(item))) : null,
      r.tools.length || r.place ? el("div", { class: "tools" },
        [r.tools.length ? `tools: ${r.tools.join(", ")}` : null, r.place ? `place: ${r.place}` : null]
          .filter(Boolean).join(" · ")) : null);
    node.addEventListener("click", () => {
      const x = view.execution;
      if (!x) return;
      let last = -1;
      x.steps.forEach((s, i) => { if (r.actions.includes(s.action)) last = i; });
      if (last >= 0) setStep(last);
    });
    box.append(node);
  }
}

/** Highlights the trace step holding `action` (a predicate's text). */
function markTraceStep(action) {
  let current = null;
  for (const node of document.querySelectorAll("#trace .tstep")) {
    const hit = action !== null && JSON.parse(node.dataset.actions).includes(action);
    node.classList.toggle("current", hit);
    if (hit) current = node;
  }
  if (current) scrollWithin($("trace"), current);
}

/** Scrolls `box` (not the page) so that `item` is visible. */
function scrollWithin(box, item) {
  if (!box || !item) return;
  const b = box.getBoundingClientRect();
  const r = item.getBoundingClientRect();
  if (r.top < b.top) box.scrollTop -= b.top - r.top + 8;
  else if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom + 8;
  if (r.left < b.left) box.scrollLeft -= b.left - r.left + 8;
  else if (r.right > b.right) box.scrollLeft += r.right - b.right + 8;
}

function drawStep() {
  const x = view.execution;
  const i = view.step;
  const detail = $("step-detail");
  const treeBox = $("kitchen-tree");
  detail.replaceChildren();
  treeBox.replaceChildren();
  if (x.failed_actions.length) {
    detail.append(el("div", { class: "failures" },
      el("strong", {}, `${x.failed_actions.length} problem${x.failed_actions.length > 1 ? "s" : ""}`),
      el("ul", {}, x.failed_actions.map((f) =>
        el("li", {}, el("code", {}, f.kind), f.line ? ` line ${f.line}: ` : " ", f.message)))));
  }
  const s = x.steps[i];
  if (!s) {
    $("step-title").textContent = "";
    return;
  }
  const node = x.graph.nodes.find((n) => n.step === i);
  $("step-title").textContent = `after step ${i + 1}`;
  detail.append(el("div", { class: "action" }, el("code", {}, s.action), el("span", { class: "hint" }, ` line ${s.line}, case ${s.case}`)));
  const bound = (node ? node.binds : []).filter((v) => x.bindings[v] && x.bindings[v].class !== "kitchen-state");
  if (bound.length) {
    detail.append(el("div", { class: "bound" }, el("h4", {}, "Bound by this step"),
      bound.map((v) => entityTree(x.bindings[v], { label: v, open: false }))));
  }
  drawPicture(i);
  const kitchen = x.kitchen_states ? x.kitchen_states[i] : null;
  const before = i > 0 && x.kitchen_states ? x.kitchen_states[i - 1] : null;
  if (kitchen) {
    const changed = changedIds(before, kitchen);
    treeBox.append(el("h4", {}, "Kitchen state ", el("span", { class: "hint" }, changed.size ? `(${changed.size} entities changed, marked ●)` : "")));
    treeBox.append(entityTree(kitchen, { open: true, changed, depth: 0 }));
  }
}

/** The picture of the physics kitchen after step `i` (quantitative runs only). */
async function drawPicture(i) {
  const img = $("kitchen-picture");
  const button = $("view-3d");
  const box = $("kitchen-3d");
  if (box.dataset.step !== String(i) || view.mode !== "quantitative") {
    box.hidden = true;
    box.replaceChildren();
    delete box.dataset.drawn;
  }
  if (view.mode !== "quantitative") {
    img.hidden = true;
    button.hidden = true;
    return;
  }
  button.hidden = false;
  button.onclick = () => open3d(i);
  const network = view.network;
  const response = await fetch("/api/render", {
    method: "POST",
    headers: apiHeaders({ "Content-Type": "application/json" }),
    body: JSON.stringify({ network, step: i }),
  });
  // A newer step or run is shown meanwhile: keep its picture.
  if (view.step !== i || view.network !== network || !response.ok) return;
  const url = URL.createObjectURL(await response.blob());
  if (view.pictureUrl) URL.revokeObjectURL(view.pictureUrl);
  view.pictureUrl = url;
  img.src = url;
  img.onclick = () => window.open(url, "_blank");
  img.alt = `the physics kitchen after step ${i + 1}: the counter top and an overview`;
  img.hidden = false;
}

/** Step `i` of the physics kitchen in the 3D viewer (three.js, loaded on demand). */
async function open3d(i) {
  const box = $("kitchen-3d");
  const network = view.network;
  box.hidden = false;
  box.dataset.step = String(i);
  delete box.dataset.drawn;
  box.replaceChildren(el("p", { class: "hint" }, "loading the 3D kitchen…"));
  const ask = () => fetch("/api/render", {
    method: "POST",
    headers: apiHeaders({ "Content-Type": "application/json" }),
    body: JSON.stringify({ network, step: i, format: "glb" }),
  });
  let response = await ask();
  // The physics workers are busy (the picture of the step, say): come back
  // when the server says, a few times.
  for (let tries = 0; response.status === 503 && response.headers.get("Retry-After") && tries < 20; tries++) {
    await new Promise((r) => setTimeout(r, 1000 * Number(response.headers.get("Retry-After"))));
    if (view.step !== i || view.network !== network) return;
    response = await ask();
  }
  if (view.step !== i || view.network !== network) return;
  if (!response.ok) {
    const problem = await response.json().catch(() => ({ error: response.statusText }));
    box.replaceChildren(el("p", { class: "error" }, `3D view: ${problem.error}`));
    return;
  }
  const focus = response.headers.get("X-Sous-Focus");
  const glb = await response.arrayBuffer();
  try {
    const viewer = await import("/assets/viewer.js");
    await viewer.show(box, glb, focus);
  } catch (e) {
    // No WebGL (an old or locked-down browser), or a file it cannot read.
    box.replaceChildren(el("p", { class: "error" }, `3D view: ${e.message || e}`));
  }
}

/** Ids of entities in `after` that are new or differ from `before`. */
function changedIds(before, after) {
  const old = new Map();
  const index = (e, into) => {
    if (Array.isArray(e)) return e.forEach((v) => index(v, into));
    if (!e || typeof e !== "object") return;
    if (e.id) into.set(e.id, JSON.stringify(e));
    for (const v of Object.values(e)) index(v, into);
  };
  if (before) index(before, old);
  const now = new Map();
  index(after, now);
  const changed = new Set();
  for (const [id, json] of now) if (before && old.get(id) !== json) changed.add(id);
  return changed;
}

// ---------------------------------------------------------------- entity trees

const SKIP = new Set(["class", "id", "is-concept"]);

function isEntity(v) {
  return v && typeof v === "object" && !Array.isArray(v) && typeof v.class === "string";
}

function isRepeat(v) {
  return v && typeof v === "object" && typeof v.repeat === "number" && v.item;
}

function isAmount(v) {
  return v && typeof v === "object" && "value" in v && "unit" in v && Object.keys(v).length === 2;
}

function scalarText(v) {
  if (v === null) return "—";
  if (isAmount(v)) return `${fmt(v.value)} ${v.unit}`;
  if (isEntity(v) && v["is-concept"]) return v.class;
  if (typeof v === "number") return fmt(v);
  return String(v);
}

/** A one-line description: class, amount or size, and what it holds. */
function headline(e) {
  const parts = [];
  if (e.amount && isAmount(e.amount)) parts.push(`${fmt(e.amount.value)} ${e.amount.unit}`);
  const contents = Array.isArray(e.contents) ? e.contents : null;
  if (contents && contents.length) {
    const n = contents.reduce((k, c) => k + (isRepeat(c) ? c.repeat : 1), 0);
    const names = contents.slice(0, 3).map((c) => (isRepeat(c) ? `${c.repeat} × ${c.item.class}` : c.class));
    parts.push(`holds ${names.join(", ")}${contents.length > 3 ? `, … (${n})` : ""}`);
  } else if (contents) {
    parts.push("empty");
  }
  return parts.join(" · ");
}

/**
 * An entity as nested <details>: its scalar attributes as rows, entities and
 * lists as children. `changed` marks entities that differ from the previous step.
 */
function entityTree(e, { label = null, open = false, changed = new Set(), depth = 0 } = {}) {
  if (isRepeat(e)) {
    const d = el("details", { class: "entity repeat" },
      el("summary", {}, el("span", { class: "count" }, `${e.repeat} ×`), " ", el("span", { class: "cls" }, e.item.class),
        el("span", { class: "meta" }, ` ${headline(e.item)}`)));
    d.append(el("div", { class: "ids hint" }, `ids: ${e.ids.join(", ")}`));
    d.addEventListener("toggle", () => fillEntity(d, e.item, changed, depth), { once: true });
    return d;
  }
  if (!isEntity(e)) return el("span", {}, scalarText(e));
  const mark = changed.has(e.id);
  const openHere = open || (depth < 2 && containsChanged(e, changed)) || e.class === "counter-top";
  const d = el("details", { class: `entity${mark ? " changed" : ""}`, open: openHere, "data-id": e.id },
    el("summary", {},
      label ? el("span", { class: "var" }, `${label} = `) : null,
      mark ? el("span", { class: "dot", title: "changed by this step" }, "● ") : null,
      el("span", { class: "cls" }, e.class),
      e.id ? el("span", { class: "eid" }, ` ${e.id}`) : null,
      el("span", { class: "meta" }, ` ${headline(e)}`)));
  if (openHere) fillEntity(d, e, changed, depth);
  else d.addEventListener("toggle", () => fillEntity(d, e, changed, depth), { once: true });
  return d;
}

function containsChanged(e, changed) {
  if (!changed.size) return false;
  let found = false;
  const walk = (v) => {
    if (found || !v || typeof v !== "object") return;
    if (Array.isArray(v)) return v.forEach(walk);
    if (v.id && changed.has(v.id)) { found = true; return; }
    Object.values(v).forEach(walk);
  };
  Object.values(e).forEach(walk);
  return found;
}

function fillEntity(d, e, changed, depth) {
  if (d.dataset.filled) return;
  d.dataset.filled = "1";
  const attrs = el("table", { class: "attrs" });
  const kids = [];
  for (const [k, v] of Object.entries(e)) {
    if (SKIP.has(k)) continue;
    if (Array.isArray(v)) {
      if (!v.length) {
        attrs.append(el("tr", {}, el("th", {}, k), el("td", { class: "hint" }, "none")));
      } else if (v.every((x) => !isEntity(x) && !isRepeat(x))) {
        attrs.append(el("tr", {}, el("th", {}, k), el("td", {}, v.map(scalarText).join(", "))));
      } else {
        kids.push(el("div", { class: "list" }, el("div", { class: "list-label" }, `${k} (${v.length})`),
          v.map((x) => entityTree(x, { changed, depth: depth + 1 }))));
      }
    } else if (isEntity(v) && !v["is-concept"]) {
      kids.push(el("div", { class: "list" }, el("div", { class: "list-label" }, k), entityTree(v, { changed, depth: depth + 1 })));
    } else {
      attrs.append(el("tr", {}, el("th", {}, k), el("td", {}, scalarText(v))));
    }
  }
  d.append(el("div", { class: "body" }, attrs.childElementCount ? attrs : null, kids));
}

// ---------------------------------------------------------------- the dish

/** The dish: the best candidate the evaluation found, else the last action's output. */
function predictedDish() {
  const x = view.execution;
  const dish = view.report && view.report.explanation && view.report.explanation.dish;
  if (dish && dish.candidates[dish.best]) {
    const v = dish.candidates[dish.best]["output-variable"];
    return { variable: v, entity: x.bindings[v] };
  }
  const last = x.graph.nodes.find((n) => n.step === x.steps.length - 1);
  const v = last && last.binds.find((b) => x.bindings[b] && x.bindings[b].class !== "kitchen-state");
  return v ? { variable: v, entity: x.bindings[v] } : null;
}

function drawDish() {
  const box = $("dish");
  const metricsBox = $("metrics");
  box.replaceChildren();
  metricsBox.replaceChildren();
  const x = view.execution;
  if (!x) return;
  const r = view.report;
  if (r) metricsBox.append(...metricCards(r));
  const predicted = predictedDish();
  const explanation = r && r.explanation && r.explanation.dish;
  if (explanation) box.append(dishComparison(explanation));
  const trees = el("div", { class: "dish-trees" });
  if (view.goldDish) {
    trees.append(el("div", { class: "dish-entity gold" }, el("h4", {}, "Gold dish"), entityTree(view.goldDish, { open: true })));
  }
  if (predicted && predicted.entity) {
    trees.append(el("div", { class: "dish-entity predicted", id: "predicted-dish" },
      el("h4", {}, view.goldDish ? "Your dish " : "Final dish ", el("code", {}, predicted.variable)),
      entityTree(predicted.entity, { open: true })));
  } else {
    trees.append(el("p", { class: "hint" }, "No dish: the network did not produce one."));
  }
  box.append(trees);
  if (r && r.errors) box.append(errorList(r.errors));
  if (r && r.explanation && r.explanation.goals) box.append(goalList(r.explanation.goals));
  if (r && r.problem) box.append(el("p", { class: "failures" }, `${r.problem.kind}: ${r.problem.message}`));
}

function metricCards(r) {
  const card = (name, [value, exact], note, id) => el("div", { class: "metric", id },
    el("div", { class: "value", title: exact }, value), el("div", { class: "name" }, name), note ? el("div", { class: "note" }, note) : null);
  // Two decimals, as the reference prints scores; the exact value on hover.
  const pct = (v) => (v === null || v === undefined ? ["—", "no score"] : [v.toFixed(2), String(v)]);
  const goals = r.explanation && r.explanation.goals;
  const cards = [
    card("goal-condition success", pct(r["goal-condition-success"]), goals ? `${goals.reached} of ${goals.total} goals` : null, "metric-goals"),
    card("dish approximation", pct(r["dish-approximation-score"]), null, "metric-dish"),
    card("execution time", r["execution-time"] === null || r["execution-time"] === undefined ? ["—", "no solution"] : [`${fmt(r["execution-time"])} s`, null], null, "metric-time"),
  ];
  if (r.smatch) cards.unshift(card("Smatch", pct(r.smatch["f1-unrounded"]), `${r.smatch.matches} of ${r.smatch["gold-triples"]} gold triples matched`, "metric-smatch"));
  return cards;
}

/** Figure 4 of the paper: gold and predicted side by side, differences in red. */
function dishComparison(d) {
  const table = el("table", { class: "comparison" },
    el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", {}, "Gold dish"), el("th", {}, "Your dish"), el("th", {}, "score"))));
  const body = el("tbody");
  const c = d.container;
  if (c) {
    const diff = new Set(c.differences.map((x) => x.attribute));
    const cell = (cls, portions, isGold) => el("td", {},
      el("span", { class: diff.has("class") || cls !== (isGold ? c["predicted-class"] : c["gold-class"]) ? "diff" : "" }, cls),
      " · ", el("span", { class: c["predicted-portions"] !== c["gold-portions"] ? "diff" : "" }, `${portions} portion${portions === 1 ? "" : "s"}`),
      c["same-location"] ? "" : el("span", { class: "diff" }, " · elsewhere"));
    body.append(el("tr", { class: "container-row" }, el("th", {}, "container"),
      cell(c["gold-class"], c["gold-portions"], true), cell(c["predicted-class"], c["predicted-portions"], false),
      el("td", { class: "score" }, `${fmt(c.points.points)}/${fmt(c.points["max-points"])}`)));
    for (const x of c.differences) {
      body.append(el("tr", { class: "sub" }, el("th", {}, x.attribute), el("td", {}, x.gold), el("td", { class: "diff" }, x.predicted), el("td", {})));
    }
  }
  for (const ing of d.ingredients) {
    const diff = new Set(ing.differences.map((x) => x.attribute));
    const view = (v, other) => (v
      ? el("td", {}, el("span", { class: other && other.class !== v.class ? "diff" : "" }, v.class), " ",
        el("span", { class: diff.has("amount") || (other && other.amount !== v.amount) ? "diff amount" : "amount" }, v.amount),
        v.mixtures.length ? el("div", { class: `mixtures${other && other.mixtures.join() !== v.mixtures.join() ? " diff" : ""}` }, `in ${v.mixtures.join(" → ")}`) : null)
      : el("td", { class: "diff" }, "missing"));
    body.append(el("tr", { class: ing.score < 1 ? "imperfect" : "" }, el("th", {}, "ingredient"),
      view(ing.gold, ing.predicted), view(ing.predicted, ing.gold), el("td", { class: "score" }, fmt(Math.round(ing.score * 100) / 100))));
    for (const x of ing.differences) {
      if (x.attribute === "amount") continue;
      body.append(el("tr", { class: "sub" }, el("th", {}, x.attribute), el("td", {}, x.gold), el("td", { class: "diff" }, x.predicted), el("td", {})));
    }
  }
  for (const s of d.surplus) {
    body.append(el("tr", { class: "imperfect" }, el("th", {}, "in excess"), el("td", { class: "hint" }, "—"),
      el("td", { class: "diff" }, `${s.class} ${s.amount}`), el("td", { class: "score" }, "0")));
  }
  if (d["surplus-left-out"]) {
    body.append(el("tr", { class: "imperfect" }, el("th", {}, "in excess"), el("td", { class: "hint" }, "—"),
      el("td", { class: "diff" }, `… and ${d["surplus-left-out"]} more`), el("td", { class: "score" }, "0")));
  }
  table.append(body);
  const contents = d.contents ? `contents ${fmt(d.contents.points)}/${fmt(d.contents["max-points"])} points` : "";
  return el("div", { class: "comparison-box" },
    el("h4", {}, "Compared with the gold dish ", el("span", { class: "hint" }, `(gold: line ${d.gold.line} ${d.gold["output-variable"]}; yours: ${d.candidates[d.best] ? d.candidates[d.best]["output-variable"] : "none"}) ${contents}`)),
    table);
}

/** What differs from the gold: root causes, each with what follows from it. */
function errorList(errors) {
  const where = (e) => [e.line ? `line ${e.line}` : null, e["gold_line"] ? `gold line ${e["gold_line"]}` : null]
    .filter(Boolean).join(", ");
  const item = (e) => el("li", {},
    el("span", { class: "kind" }, e.kind + (e.role ? ` [${e.role}]` : "")), " ",
    el("span", { class: "hint" }, where(e)), " ", e.message);
  const roots = errors.map((e, i) => [e, i]).filter(([e]) => e.primary);
  return el("details", { class: "errors", open: roots.length > 0 && roots.length <= 8 ? "" : null },
    el("summary", {}, roots.length
      ? `Errors: ${roots.length} root cause${roots.length === 1 ? "" : "s"}, ${errors.length - roots.length} consequence${errors.length - roots.length === 1 ? "" : "s"}`
      : "Errors: none against the gold"),
    el("ol", {}, roots.map(([e, i]) => {
      const li = item(e);
      const then = errors.filter((c) => c["caused_by"] === i);
      if (then.length) li.append(el("ul", {}, then.map(item)));
      return li;
    })));
}

function goalList(g) {
  return el("details", { class: "goals" },
    el("summary", {}, `Goal conditions: ${g.reached} of ${g.total} reached`),
    el("ul", {}, g.goals.map((goal) => el("li", { class: goal["reached-by"] ? "ok" : "missed" },
      goal["reached-by"] ? "✓ " : "✗ ",
      el("code", {}, `${goal.predicate} ${goal["output-variable"]}`),
      ` (${goal["output-class"]}, gold line ${goal["gold-line"]})`,
      goal["reached-by"] ? el("span", { class: "hint" }, ` by line ${goal["reached-by"].line}`) : null))));
}

// ---------------------------------------------------------------- wiring

function wire() {
  $("run-button").addEventListener("click", () => run());
  $("recipe-select").addEventListener("change", (ev) => pick(ev.target.value).catch(showError));
  $("network-editor").addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) run();
  });
  $("file-input").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    const text = await file.text();
    const parts = splitSolutionFile(text);
    if (parts.length > 1) {
      view.uploaded = parts;
      fillPicker();
      $("recipe-select").value = "uploaded:0";
      await pick("uploaded:0");
      status(`${file.name}: ${parts.length} recipes, listed under "Opened file".`, "ok");
    } else {
      $("network-editor").value = text;
      await run();
    }
  });
  $("step-slider").addEventListener("input", (ev) => setStep(Number(ev.target.value)));
  $("first-step").addEventListener("click", () => setStep(0));
  $("prev-step").addEventListener("click", () => setStep(view.step - 1));
  $("next-step").addEventListener("click", () => setStep(view.step + 1));
  $("last-step").addEventListener("click", () => view.execution && setStep(view.execution.steps.length - 1));
  $("show-ks").addEventListener("change", (ev) => $("graph").classList.toggle("hide-ks", !ev.target.checked));
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLTextAreaElement || ev.target instanceof HTMLSelectElement) return;
    if (ev.key === "ArrowRight") setStep(view.step + 1);
    if (ev.key === "ArrowLeft") setStep(view.step - 1);
    if (ev.key === "Home") setStep(0);
    if (ev.key === "End" && view.execution) setStep(view.execution.steps.length - 1);
  });
}

async function start() {
  wire();
  await loadLists();
  const wanted = decodeURIComponent(location.hash.slice(1));
  const first = wanted || (view.preloaded.length ? "preloaded:0" : "");
  if (first) {
    $("recipe-select").value = first;
    await pick(first).catch(showError);
  }
  document.body.dataset.ready = "1";
}

start();
