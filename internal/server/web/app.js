// sudokit assistant: the page's one module (no build step, no dependency).
//
// Structure, top to bottom:
//
//  1. Geometry and rules. The board is N×N (9 for classic and the
//     variants; 4 to 25 for the other sizes): cells 0..N×N-1 row-major,
//     digits 1..N written 1-9 then A, B, ... (16x16: 1-9A-G). The rules
//     are data from the server (POST /api/v1/rules): RULES holds the size,
//     their houses (rows, columns, boxes or regions, then a variant's),
//     the pair rules (tied cells whose digits may not differ by given
//     amounts), a killer's cages, and what the page derives from them: the
//     cells tied to each cell, the names of the houses, each cell's
//     classes (box or region edges, a variant's shading). Classic until the
//     server answers. A set of digits is a mask: bit d for digit d.
//
//  2. State. Everything lives in the one object `state`. The board proper is
//     three arrays, `values` (0 = empty), `givens` (1 = a puzzle clue) and
//     `strikes` (the candidates struck by hand or by an applied step: the
//     "exceptions board", kept apart from the automatic eliminations and
//     kept when digits change). Undo/redo and the checkpoint are snapshots
//     of these three arrays. Everything else (selection, mode, the hint
//     ladder, the path view, toggles) is view state.
//
//  3. Derivation. Candidates, conflicts, singles and hidden singles are
//     never stored: derive() computes them from values and strikes, under
//     RULES.
//
//  4. History and persistence. Every board change goes through commit(),
//     which pushes a snapshot, bumps state.version (so answers to requests
//     made for an older board are dropped), resets the hint ladder, saves to
//     localStorage, repaints and refreshes the status.
//
//  5. Rendering. paint() builds the wanted classes, text and labels of the
//     81 cells (from the board, or from a step of the solving path) and
//     touches the DOM only where they differ from what is shown: no reads,
//     so no layout thrash. The chains of a hint are drawn in the SVG
//     overlay #links, the one place that measures the layout.
//
//  6. API. request() posts JSON, counts requests in flight in
//     body[data-busy], retries a 503 once after Retry-After, and turns an
//     error body {"error": "..."} into an ApiError.
//
//  7. Features: rules (the variant picker; every request about the board
//     carries its rules, and the rules an answer echoes, a pasted label's,
//     become the board's), status (debounced solve), load/paste,
//     row-by-row entry, hint ladder and apply, solving path, rating, new
//     puzzle, downloads, counters, theme.
//
//  8. Input: keyboard (on document), clicks (delegated), buttons.
//
//  9. Init: build the board, restore the saved board and its rules, fetch
//     the techniques, levels and variants, then body[data-ready] = "1".

// ---------------------------------------------------------------- 1. Geometry

// The board's geometry: N digits, CELLS cells, ALL the mask of digits 1..N.
// setGeometry changes them with the rules' size.
let N = 9;
let CELLS = 81;
let ALL = 0x3fe;
const rowOf = (i) => Math.floor(i / N);
const colOf = (i) => i % N;
const cellName = (i) => `r${rowOf(i) + 1}c${colOf(i) + 1}`;
function setGeometry(n) {
  N = n;
  CELLS = n * n;
  ALL = (2 ** (n + 1) - 2) | 0;
}
// sym writes digit v as the board shows it: 1-9, then A for 10 and on.
const sym = (v) => (v <= 9 ? String(v) : String.fromCharCode(55 + v));
// valueOf reads a symbol of the board's alphabet (1-9, A-Z for 10 up, in
// either case): its digit, or 0 when it is none of the board's.
function valueOf(ch, n = N) {
  const c = String(ch).toUpperCase();
  let v = 0;
  if (c >= "1" && c <= "9") v = +c;
  else if (c >= "A" && c <= "Z") v = c.charCodeAt(0) - 55;
  return v <= n ? v : 0;
}
// fromZero reads a line written in the 0-F alphabet (0 for 1, F for 16)
// into the board's.
const fromZero = (line) => Array.from(line, (ch) => (ch === "." ? "." : sym(parseInt(ch, 36) + 1))).join("");

// --------------------------------------------------------------- 1b. Rules

// The rules of the board are data the server gives (POST /api/v1/rules):
// the houses (nine cells that hold 1 to 9 once: rows, columns, boxes or a
// jigsaw's regions, then a variant's diagonals, windows, groups...) and
// the pair rules (two tied cells whose digits may not differ by one of
// `differences`: 0 for anti-knight and anti-king, 1 for non-consecutive).
// The page knows no rule of its own: it derives candidates and conflicts
// from these tables, and draws them. Until the server answers, the tables
// are classic's, the rows, columns and boxes.

// classicAnswer is the rules endpoint's answer for classic rules.
function classicAnswer() {
  const houses = [];
  for (let u = 0; u < 27; u++) {
    const k = u % 9;
    const cells = [];
    for (let j = 0; j < 9; j++) {
      if (u < 9) cells.push(k * 9 + j);
      else if (u < 18) cells.push(j * 9 + k);
      else cells.push((Math.floor(k / 3) * 3 + Math.floor(j / 3)) * 9 + (k % 3) * 3 + (j % 3));
    }
    const kind = u < 9 ? "row" : u < 18 ? "column" : "block";
    houses.push({ name: `${kind} ${k + 1}`, kind, cells: cells.map(cellName) });
  }
  return { variant: [], regions: "", label: "", rules: [], houses, pairs: [], size: 9, box: "3x3", cages: [] };
}

// rulesTables turns the rules endpoint's answer into the tables the page
// works with; null when the answer is not one.
function rulesTables(a) {
  const n = a && Number.isInteger(a.size) ? a.size : 9;
  const cellCount = n * n;
  if (!a || n < 4 || n > 25 || !Array.isArray(a.houses) || a.houses.length < 3 * n || !Array.isArray(a.pairs)) return null;
  const cellOf = (x) => parseCell(x, n);
  const houses = a.houses.map((x) => ({ name: String(x.name), kind: String(x.kind), cells: (x.cells || []).map(cellOf) }));
  if (houses.some((x) => x.cells.length !== n || x.cells.some((c) => c < 0))) return null;
  // links[i]: the cells tied to cell i, each with the mask of the
  // differences their digits may not have (bit 0: the same digit).
  const links = Array.from({ length: cellCount }, () => new Map());
  const tie = (a, b, mask) => {
    links[a].set(b, (links[a].get(b) || 0) | mask);
    links[b].set(a, (links[b].get(a) || 0) | mask);
  };
  for (const x of houses) for (const a of x.cells) for (const b of x.cells) if (a < b) tie(a, b, 1);
  const pairs = [];
  for (const p of a.pairs) {
    const mask = (p.differences || []).reduce((m, d) => m | (1 << d), 0);
    const cells = (p.cells || []).map(([x, y]) => [parseCell(x), parseCell(y)]).filter(([x, y]) => x >= 0 && y >= 0);
    for (const [x, y] of cells) tie(x, y, mask);
    pairs.push({ rule: String(p.rule), text: String(p.text || ""), mask, cells });
  }
  // A killer's cages: no digit repeats in a cage, so its cells are tied.
  const cages = [];
  const cageOf = new Int16Array(cellCount).fill(-1);
  for (const c of Array.isArray(a.cages) ? a.cages : []) {
    const cells = (c.cells || []).map(cellOf).filter((x) => x >= 0);
    if (!cells.length || cells.some((x) => cageOf[x] >= 0)) return null;
    for (const x of cells) cageOf[x] = cages.length;
    for (const x of cells) for (const y of cells) if (x < y) tie(x, y, 1);
    cages.push({ sum: Number(c.sum), cells, name: String(c.name || `the ${c.sum}-cage`) });
  }
  const cellHouses = Array.from({ length: cellCount }, () => []);
  houses.forEach((x, u) => x.cells.forEach((c) => cellHouses[c].push(u)));
  // The board's look: thick edges between the boxes (or regions), and the
  // cells of a variant's houses shaded by kind.
  const region = new Int16Array(cellCount);
  for (let u = 2 * n; u < 3 * n; u++) for (const c of houses[u].cells) region[c] = u;
  const cellClass = [];
  const cellNote = [];
  for (let i = 0; i < cellCount; i++) {
    let cls = "";
    if (i % n < n - 1 && region[i] !== region[i + 1]) cls += " edge-r";
    if (Math.floor(i / n) < n - 1 && region[i] !== region[i + n]) cls += " edge-b";
    const notes = houses[region[i]].kind === "region" ? [houses[region[i]].name] : [];
    if (cageOf[i] >= 0) notes.push(cages[cageOf[i]].name);
    for (const u of cellHouses[i]) {
      if (u < 3 * n) continue;
      const kind = houses[u].kind;
      if (kind !== "window group") notes.push(houses[u].name);
      if (kind === "disjoint group") cls += ` rule-group g${houses[u].name.replace(/\D/g, "")}`;
      else if (kind !== "window group") cls += ` rule-${kind.replace(/\s+/g, "-")}`;
    }
    cellClass.push(cls);
    cellNote.push(notes.join(", "));
  }
  const byName = new Map(houses.map((x) => [x.name.toLowerCase(), x.cells]));
  const [boxRows, boxCols] = String(a.box || "3x3").split("x").map(Number);
  const t = {
    variant: Array.isArray(a.variant) ? a.variant.map(String) : [],
    regions: typeof a.regions === "string" ? a.regions : "",
    label: typeof a.label === "string" ? a.label : "",
    words: Array.isArray(a.rules) ? a.rules.map(String) : [],
    size: n, box: `${boxRows}x${boxCols}`, boxRows, boxCols,
    houses, pairs, links, cellHouses, cellClass, cellNote, byName, cages, cageOf,
  };
  // The cages as the API reads them back.
  t.cagesField = cages.map((c) => ({ sum: c.sum, cells: c.cells.map((x) => `r${Math.floor(x / n) + 1}c${(x % n) + 1}`) }));
  return t;
}

let RULES = rulesTables(classicAnswer());
const rulesKey = (r) => `${r.variant.join(",")}|${r.regions}|${r.size}:${r.box}|${JSON.stringify(r.cagesField)}`;

function popcount(m) {
  let n = 0;
  for (; m; m &= m - 1) n++;
  return n;
}
function digitsOf(m) {
  const out = [];
  for (let d = 1; d <= N; d++) if (m & (1 << d)) out.push(d);
  return out;
}
function maskOf(text) {
  let m = 0;
  for (const ch of text) if (valueOf(ch)) m |= 1 << valueOf(ch);
  return m;
}
const NUMBER_WORDS = ["", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"];

// "r3c4" → 21 (on a 9x9 board); "r3c4=5" / "r3c4<>5" → {cell, digit, on}
// (digits as numbers: "r10c12=16").
function parseCell(text, n = N) {
  const m = /^r([1-9]\d?)c([1-9]\d?)$/.exec(String(text).trim());
  return m && +m[1] <= n && +m[2] <= n ? (+m[1] - 1) * n + (+m[2] - 1) : -1;
}
function parsePotential(text) {
  const m = /^r([1-9]\d?)c([1-9]\d?)\s*(=|<>)\s*([1-9]\d?)$/.exec(String(text).trim());
  return m && +m[1] <= N && +m[2] <= N && +m[4] <= N ? { cell: (+m[1] - 1) * N + (+m[2] - 1), on: m[3] === "=", digit: +m[4] } : null;
}
// "row 3", "column 4", "block 9", "diagonal 1", "cell r4c6" → the cells.
function unitCells(name) {
  const text = String(name).trim().toLowerCase().replace(/^(box|col)\b\s*/, (w) => (w.startsWith("box") ? "block " : "column "));
  const cells = RULES.byName.get(text.replace(/\s+/g, " "));
  if (cells) return cells;
  const m = /^(?:cell\s+)?(r[1-9]\d?c[1-9]\d?)$/.exec(text);
  return m ? [parseCell(m[1])] : [];
}

// ------------------------------------------------------------------- 2. State

const HISTORY_MAX = 500;
const STORAGE_KEY = "sudokit.assistant.v1";
const THEME_KEY = "sudokit.theme";

const state = {
  // The board (what undo, redo, the checkpoint and localStorage keep).
  values: new Uint8Array(81), // 0 = empty, else the digit
  givens: new Uint8Array(81), // 1 = a clue of the puzzle
  strikes: new Uint32Array(81), // candidates struck by hand or by an applied step

  past: [], // snapshots before each change (undo)
  future: [], // snapshots undone (redo)
  checkpoint: null, // a snapshot, or null
  version: 0, // bumped on every board change

  // View state.
  selected: -1, // the selected cell, or -1
  highlight: 0, // the digit highlighted everywhere, or 0
  mode: "solve", // "solve" | "givens": what typed digits become
  pencil: false, // strike mode: clicks and digit buttons strike candidates
  showCands: true,
  showCounters: true,
  rowNext: 0, // the next row of row-by-row entry (0..8)
  hint: { level: 0, data: null }, // the ladder: the level shown and the API's hint
  hintPending: false,
  path: null, // {puzzle, steps, index} while the solving path is open
  status: { word: "empty", text: "" },
  techNames: new Map(), // technique key → name
  techOrder: new Map(), // technique key → position in the registry
  busy: 0, // requests in flight (and a pending status check)
  ratingOf: null, // the givens line the rating box describes, or null
  savedRules: null, // the rules the saved board was played under, until they are fetched
  savedBoard: null, // what localStorage held, until the saved rules are the board's
};

// cageState is the cages endpoint's answer for the board at version: each
// killer cell's digits under its cage's sum (cands), and each cage's
// combinations its cells can still hold (combos).
const cageState = { version: -1, cands: null, combos: [], key: "" };

// ------------------------------------------------------------- 3. Derivation

// derive computes from digits and strikes, under the rules: the automatic
// candidates, the remaining ones (automatic minus struck), the conflicts,
// the hidden singles and the count of each digit.
// With cageCands (the cages endpoint's answer for these digits and
// strikes: each cell's digits under its cage's sum), a killer's candidates
// are also those its cage leaves it.
function derive(values, strikes, cageCands = null) {
  const auto = new Uint32Array(CELLS);
  const rem = new Uint32Array(CELLS);
  const bare = new Uint32Array(CELLS); // rem, before the cages' sums
  for (let i = 0; i < CELLS; i++) {
    if (values[i]) continue;
    let m = ALL;
    for (const [p, diffs] of RULES.links[i]) {
      const v = values[p];
      if (!v) continue;
      for (let d = 0; d < 9; d++) if (diffs & (1 << d)) m &= ~((1 << (v + d)) | (v - d > 0 ? 1 << (v - d) : 0));
    }
    auto[i] = m & ALL;
    bare[i] = auto[i] & ~strikes[i];
    if (cageCands && RULES.cageOf[i] >= 0) auto[i] &= cageCands[i];
    rem[i] = auto[i] & ~strikes[i];
  }
  const conflict = new Uint8Array(CELLS);
  const conflicts = []; // {unit, digit, cells}, {cage, digit, cells} or {rule, digits, cells}
  const hidden = new Uint32Array(CELLS);
  RULES.houses.forEach((house, u) => {
    const where = Array.from({ length: N + 1 }, () => []);
    const candWhere = Array.from({ length: N + 1 }, () => []);
    for (const i of house.cells) {
      if (values[i]) where[values[i]].push(i);
      else for (const d of digitsOf(rem[i])) candWhere[d].push(i);
    }
    for (let d = 1; d <= N; d++) {
      if (where[d].length > 1) {
        conflicts.push({ unit: u, digit: d, cells: where[d] });
        for (const i of where[d]) conflict[i] = 1;
      }
      if (!where[d].length && candWhere[d].length === 1) hidden[candWhere[d][0]] |= 1 << d;
    }
  });
  RULES.cages.forEach((cage, k) => {
    const where = new Map();
    for (const i of cage.cells) if (values[i]) where.set(values[i], [...(where.get(values[i]) || []), i]);
    for (const [d, cells] of where) {
      if (cells.length < 2) continue;
      conflicts.push({ cage: k, digit: d, cells });
      for (const i of cells) conflict[i] = 1;
    }
  });
  for (const p of RULES.pairs) {
    for (const [a, b] of p.cells) {
      const v = values[a], w = values[b];
      if (v && w && p.mask & (1 << Math.abs(v - w))) {
        conflicts.push({ rule: p.rule, digits: [v, w], cells: [a, b] });
        conflict[a] = conflict[b] = 1;
      }
    }
  }
  const counts = new Uint8Array(N + 1);
  for (let i = 0; i < CELLS; i++) counts[values[i]]++;
  return { auto, rem, bare, conflict, conflicts, hidden, counts };
}

let derivedCache = { version: -1, cages: null, d: null };
function derived() {
  const cages = cageState.version === state.version ? cageState.cands : null;
  if (derivedCache.version !== state.version || derivedCache.cages !== cages) {
    derivedCache = { version: state.version, cages, d: derive(state.values, state.strikes, cages) };
  }
  return derivedCache.d;
}

function conflictText(conflicts) {
  const times = (n) => NUMBER_WORDS[n] || String(n);
  const say = (c) => c.rule
    ? `${c.rule}: ${c.digits[0] === c.digits[1] ? `${c.digits[0]}s` : `${c.digits[0]} and ${c.digits[1]}`} in ${cellName(c.cells[0])} and ${cellName(c.cells[1])}`
    : `${times(c.cells.length)} ${sym(c.digit)}s in ${c.cage !== undefined ? RULES.cages[c.cage].name : RULES.houses[c.unit].name}`;
  const first = conflicts.slice(0, 2).map(say);
  let text = first.join("; ");
  if (conflicts.length > 2) text += ` (and ${conflicts.length - 2} more)`;
  return text;
}

const boardLine = () => Array.from(state.values, (v) => (v ? sym(v) : ".")).join("");
const givensLine = () => Array.from(state.values, (v, i) => (v && state.givens[i] ? sym(v) : ".")).join("");
const countGivens = () => state.givens.reduce((n, g, i) => n + (g && state.values[i] ? 1 : 0), 0);
const countFilled = () => state.values.reduce((n, v) => n + (v ? 1 : 0), 0);
// A killer is a puzzle without a digit: its cages are its clues.
const hasPuzzle = () => countFilled() > 0 || RULES.cages.length > 0;
const hasGivens = () => countGivens() > 0 || RULES.cages.length > 0;

// candidateGrid writes the board with its pencil marks as sudokit reads
// them: a placed cell is its digit, an empty cell its remaining candidates,
// "(d)" when only d is left. {error} when a cell has no candidate left.
// Pencil marks are read for 9x9 boards only: another size sends its
// digits. rem: the candidates to write (derived().rem by default).
function candidateGrid(rem = derived().rem) {
  if (N !== 9) return { text: boardLine() };
  const rows = [];
  for (let r = 0; r < 9; r++) {
    const fields = [];
    for (let c = 0; c < 9; c++) {
      const i = r * 9 + c;
      if (state.values[i]) {
        fields.push(String(state.values[i]));
        continue;
      }
      const ds = digitsOf(rem[i]);
      if (!ds.length) return { error: `${cellName(i)} has no candidate left` };
      fields.push(ds.length === 1 ? `(${ds[0]})` : ds.join(""));
    }
    rows.push(fields.join(" "));
  }
  return { text: rows.join("\n") };
}

// ----------------------------------------------- 4. History and persistence

function snapshot() {
  return { values: state.values.slice(), givens: state.givens.slice(), strikes: state.strikes.slice() };
}
function sameSnapshot(a, b) {
  if (a.values.length !== b.values.length) return false;
  for (let i = 0; i < a.values.length; i++) {
    if (a.values[i] !== b.values[i] || a.givens[i] !== b.givens[i] || a.strikes[i] !== b.strikes[i]) return false;
  }
  return true;
}
function setBoard(snap) {
  state.values = snap.values.slice();
  state.givens = snap.givens.slice();
  state.strikes = snap.strikes.slice();
}

// commit applies mutate to the board as one undoable change; false when it
// changed nothing.
function commit(mutate) {
  const before = snapshot();
  mutate();
  for (let i = 0; i < CELLS; i++) if (!state.values[i]) state.givens[i] = 0;
  if (sameSnapshot(before, state)) return false;
  state.past.push(before);
  if (state.past.length > HISTORY_MAX) state.past.shift();
  state.future.length = 0;
  changed();
  return true;
}

function undo() {
  if (blockedByPath()) return;
  if (!state.past.length) return message("Nothing to undo.");
  state.future.push(snapshot());
  setBoard(state.past.pop());
  changed();
  message("Undone.");
}
function redo() {
  if (blockedByPath()) return;
  if (!state.future.length) return message("Nothing to redo.");
  state.past.push(snapshot());
  setBoard(state.future.pop());
  changed();
  message("Redone.");
}

// changed follows every board change.
function changed() {
  state.version++;
  refreshCages();
  state.hint = { level: 0, data: null };
  if (!state.path) marks = emptyMarks();
  resetHintDisplay();
  if (state.ratingOf !== null && state.ratingOf !== givensLine()) clearRating();
  save();
  paint();
  refreshStatus();
}

// A snapshot is kept as text: a 9x9 board's values as 81 digits, another
// size's as its symbols ("." for empty).
function encodeSnap(s) {
  const values = N === 9 ? Array.from(s.values).join("") : Array.from(s.values, (v) => (v ? sym(v) : ".")).join("");
  return { values, givens: Array.from(s.givens).join(""), strikes: Array.from(s.strikes) };
}
function decodeSnap(o) {
  if (!o || typeof o.values !== "string" || o.values.length !== CELLS) return null;
  if (N === 9 ? !/^[0-9]{81}$/.test(o.values) : [...o.values].some((ch) => ch !== "." && !valueOf(ch))) return null;
  const snap = { values: new Uint8Array(CELLS), givens: new Uint8Array(CELLS), strikes: new Uint32Array(CELLS) };
  for (let i = 0; i < CELLS; i++) {
    snap.values[i] = N === 9 ? +o.values[i] : valueOf(o.values[i]);
    snap.givens[i] = snap.values[i] && typeof o.givens === "string" && o.givens[i] === "1" ? 1 : 0;
    const s = Array.isArray(o.strikes) ? o.strikes[i] : 0;
    snap.strikes[i] = Number.isInteger(s) ? s & ALL : 0;
  }
  return snap;
}
function save() {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({
      board: encodeSnap(state),
      checkpoint: state.checkpoint && encodeSnap(state.checkpoint),
      prefs: { cands: state.showCands, counters: state.showCounters, pencil: state.pencil, mode: state.mode },
      rules: { variant: RULES.variant, regions: RULES.regions, size: RULES.size, box: RULES.box, cages: RULES.cagesField },
    }));
  } catch {
    // Private mode or a full storage: the board is simply not remembered.
  }
}
function restoreSaved() {
  let saved;
  try {
    saved = JSON.parse(localStorage.getItem(STORAGE_KEY) || "null");
  } catch {
    saved = null;
  }
  if (!saved) return;
  const r = saved.rules || {};
  if ((Array.isArray(r.variant) && r.variant.length) || (Number.isInteger(r.size) && r.size !== 9)) {
    state.savedRules = { variant: (r.variant || []).map(String), regions: typeof r.regions === "string" ? r.regions : "",
      size: Number.isInteger(r.size) ? r.size : 9, box: typeof r.box === "string" ? r.box : "", cages: Array.isArray(r.cages) ? r.cages : [] };
  }
  state.savedBoard = saved;
  const p = saved.prefs || {};
  if (typeof p.cands === "boolean") state.showCands = p.cands;
  if (typeof p.counters === "boolean") state.showCounters = p.counters;
  if (typeof p.pencil === "boolean") state.pencil = p.pencil;
  if (p.mode === "givens" || p.mode === "solve") state.mode = p.mode;
  state.version++;
}

// restoreBoard puts the saved board on the board, once its rules (and so
// its size) are the board's.
function restoreBoard() {
  const saved = state.savedBoard;
  state.savedBoard = null;
  if (!saved) return;
  const board = decodeSnap(saved.board);
  if (board) setBoard(board);
  state.checkpoint = decodeSnap(saved.checkpoint);
  state.version++;
}

// ------------------------------------------------------------- 5. Rendering

const $ = (sel) => document.querySelector(sel);
const el = {}; // the page's elements, by id
const cellEls = [];
const valueEls = [];
const candEls = []; // candEls[i][d-1]
const cageEls = []; // cageEls[i]: the cage's outline and sum drawn in cell i
const shown = []; // what each cell shows: {cls, kind, value, cands[N], label}

// h makes an element: h("td", {className: "x"}, "text", child...).
function h(tag, props, ...children) {
  const e = document.createElement(tag);
  if (props) {
    for (const [k, v] of Object.entries(props)) {
      if (k === "dataset") Object.assign(e.dataset, v);
      else if (k in e) e[k] = v;
      else e.setAttribute(k, v);
    }
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}

// buildBoard builds the board's N×N cells (again when the size changes):
// the candidates of a cell are a mini-grid of the box's shape (3x3 for
// 9x9, 4x4 for 16x16, 5x5 for 25x25), sized by CSS from --n.
function buildBoard() {
  const board = el.board;
  board.replaceChildren();
  cellEls.length = valueEls.length = candEls.length = shown.length = 0;
  board.classList.toggle("sized", N !== 9);
  board.style.setProperty("--n", String(N));
  board.style.setProperty("--cand-rows", String(RULES.boxRows));
  board.style.setProperty("--cand-cols", String(RULES.boxCols));
  board.setAttribute("aria-label", `Sudoku board, ${N} rows by ${N} columns`);
  el.boardWrap.dataset.size = String(N);
  document.body.dataset.size = String(N);
  for (let r = 0; r < N; r++) {
    const row = h("div", { className: "row", role: "row" });
    for (let c = 0; c < N; c++) {
      const i = r * N + c;
      const cell = h("div", { className: "cell", id: `cell-${i}`, role: "gridcell", dataset: { cell: String(i) } });
      valueEls.push(h("span", { className: "value" }));
      const cands = [];
      for (let d = 1; d <= N; d++) cands.push(h("span", { className: "cand", dataset: { digit: String(d) } }, sym(d)));
      candEls.push(cands);
      cell.append(...cands);
      cellEls.push(cell);
      shown.push({ cls: "cell", kind: "c", value: 0, cands: Array(N).fill("cand"), label: "" });
      row.append(cell);
    }
    board.append(row);
  }
  buildDigits();
  buildCages();
}

// buildDigits makes a button per digit of the board (1-9, then A...).
function buildDigits() {
  const erase = el.digits.querySelector("button.erase");
  const buttons = [];
  for (let d = 1; d <= N; d++) buttons.push(h("button", { type: "button", dataset: { digit: String(d) } }, sym(d)));
  el.digits.replaceChildren(...buttons, erase);
  el.digits.classList.toggle("many", N > 9);
}

// buildCages draws a killer's cages as printers do: a dashed outline inset
// inside the cell borders (a line on each side of a cell whose neighbour
// is not in its cage, reaching the border where the cage goes on), and
// the sum small in the cage's first cell.
function buildCages() {
  cageEls.length = 0;
  const same = (i, j) => j >= 0 && j < CELLS && RULES.cageOf[j] === RULES.cageOf[i];
  for (let i = 0; i < CELLS; i++) {
    const k = RULES.cageOf[i];
    if (k < 0) {
      cageEls.push([]);
      continue;
    }
    const r = rowOf(i), c = colOf(i);
    const up = r > 0 && same(i, i - N), down = r < N - 1 && same(i, i + N);
    const left = c > 0 && same(i, i - 1), right = c < N - 1 && same(i, i + 1);
    let cls = "cage";
    if (!up) cls += " t";
    if (!down) cls += " b";
    if (!left) cls += " l";
    if (!right) cls += " r";
    const els = [h("span", { className: cls, "aria-hidden": "true" })];
    if (RULES.cages[k].cells[0] === i) els.push(h("span", { className: "cage-sum", "aria-hidden": "true" }, String(RULES.cages[k].sum)));
    cageEls.push(els);
  }
  for (const s of shown) s.kind = "";
}

// marks are the highlights of a hint (levels 2 and 3) or of a path step.
function emptyMarks() {
  return {
    region: new Set(), pattern: new Set(), place: new Set(),
    elim: new Uint32Array(CELLS), // candidates eliminated by the step
    placeDigit: new Uint32Array(CELLS), // candidates placed by the step
    digits: new Uint32Array(CELLS), // the pattern's digits in its cells
    chains: [],
  };
}
let marks = emptyMarks();

function marksOfHint() {
  const m = emptyMarks();
  const { level, data } = state.hint;
  if (!data || level < 2) return m;
  const regions = level >= 3 && data.units && data.units.length ? data.units : data.region || [];
  for (const name of regions) for (const i of unitCells(name)) m.region.add(i);
  if (level < 3) return m;
  for (const name of data.region || []) for (const i of unitCells(name)) m.region.add(i);
  const digitMask = (data.digits || []).reduce((a, d) => a | (1 << d), 0);
  for (const c of data.cells || []) {
    const i = parseCell(c);
    if (i >= 0) {
      m.pattern.add(i);
      m.digits[i] |= digitMask;
    }
  }
  addEffects(m, data.placements, data.eliminations);
  for (const chain of data.chains || []) {
    const ps = chain.map(parsePotential).filter(Boolean);
    if (ps.length) m.chains.push(ps);
  }
  return m;
}
function addEffects(m, placements, eliminations) {
  for (const p of (placements || []).map(parsePotential)) {
    if (!p) continue;
    m.place.add(p.cell);
    m.placeDigit[p.cell] |= 1 << p.digit;
  }
  for (const e of (eliminations || []).map(parsePotential)) if (e) m.elim[e.cell] |= 1 << e.digit;
}

// view is what the board shows: the user's board, or a path step.
function boardView() {
  const d = derived();
  return {
    values: state.values, givens: state.givens, auto: d.auto, on: d.rem, struck: state.strikes,
    conflict: d.conflict, hidden: d.hidden,
  };
}

function paint() {
  const view = state.path ? pathView() : boardView();
  const showCands = state.showCands;
  const forceCands = !!state.path || state.hint.level >= 3;
  const hl = state.highlight;
  const cageSel = state.selected >= 0 ? RULES.cageOf[state.selected] : -1;
  for (let i = 0; i < CELLS; i++) {
    const v = view.values[i];
    const s = shown[i];
    let cls = "cell" + RULES.cellClass[i];
    if (v) cls += view.givens[i] ? " given" : " entered";
    if (view.conflict[i]) cls += " conflict";
    if (i === state.selected) cls += " selected";
    const on = v ? 0 : view.on[i];
    if (!v && showCands && popcount(on) === 1) cls += " single";
    if (!v && !on) cls += " no-cand";
    if (marks.region.has(i)) cls += " hl-region";
    if (marks.pattern.has(i)) cls += " hl-pattern";
    if (marks.place.has(i)) cls += " hl-place";
    if (hl && v === hl) cls += " same-digit";
    if (cageSel >= 0 && RULES.cageOf[i] === cageSel) cls += " in-cage";
    if (cls !== s.cls) {
      cellEls[i].className = cls;
      s.cls = cls;
    }

    let label = `row ${rowOf(i) + 1} column ${colOf(i) + 1}${RULES.cellNote[i] ? ` (${RULES.cellNote[i]})` : ""}, `;
    if (v) {
      if (s.kind !== "v") {
        cellEls[i].replaceChildren(...cageEls[i], valueEls[i]);
        s.kind = "v";
      }
      if (s.value !== v) {
        valueEls[i].textContent = sym(v);
        s.value = v;
      }
      label += `${sym(v)}${view.givens[i] ? ", given" : ""}`;
    } else {
      if (s.kind !== "c") {
        cellEls[i].replaceChildren(...cageEls[i], ...candEls[i]);
        s.kind = "c";
        s.value = 0;
      }
      for (let d = 1; d <= N; d++) {
        const bit = 1 << d;
        let c = "cand";
        if (!(view.auto[i] & bit)) c += " off";
        else if (view.struck[i] & bit) c += " struck";
        if (showCands && view.hidden[i] & bit && on & bit) c += " hidden";
        if (marks.elim[i] & bit) c += " hl-elim";
        if (marks.placeDigit[i] & bit) c += " hl-placed";
        if (marks.digits[i] & bit && on & bit) c += " hl-digit";
        if (hl === d && on & bit) c += " same-digit";
        if (s.cands[d - 1] !== c) {
          candEls[i][d - 1].className = c;
          s.cands[d - 1] = c;
        }
      }
      const ds = digitsOf(on);
      label += ds.length ? `empty, candidates ${ds.map(sym).join(" ")}` : "empty, no candidate left";
    }
    if (view.conflict[i]) label += ", conflict";
    if (label !== s.label) {
      cellEls[i].setAttribute("aria-label", label);
      s.label = label;
    }
    const sel = i === state.selected ? "true" : "false";
    if (cellEls[i].getAttribute("aria-selected") !== sel) cellEls[i].setAttribute("aria-selected", sel);
  }

  const board = el.board;
  board.classList.toggle("show-cands", showCands || forceCands);
  board.classList.toggle("path-view", !!state.path);
  board.classList.toggle("givens-mode", state.mode === "givens" && !state.path);
  board.classList.toggle("pencil", state.pencil);
  board.classList.toggle("hinting", marks.region.size + marks.pattern.size + marks.place.size > 0 || marks.elim.some(Boolean));
  if (state.selected >= 0) board.setAttribute("aria-activedescendant", `cell-${state.selected}`);
  else board.removeAttribute("aria-activedescendant");

  board.classList.toggle("variant", RULES.variant.length > 0);
  board.classList.toggle("killer", RULES.cages.length > 0);
  paintCaption();
  paintRulesText();
  paintCage();
  paintControls(view);
  paintCounters(view);
  scheduleLinks();
}

function paintCaption() {
  let text = "";
  if (state.path) {
    const p = state.path;
    text = `Solving path, step ${p.index + 1} of ${p.steps.length} (read-only): close it to return to your board`;
  } else if (state.mode === "givens") {
    text = "Entering givens: the digits you type are the puzzle's clues. Press “Solve” when done.";
  }
  if (el.caption.textContent !== text) el.caption.textContent = text;
  el.caption.dataset.kind = state.path ? "path" : "givens";
  el.caption.hidden = !text;
}

// paintRulesText states the rules of a variant under the board's caption:
// a line per variant, as the server words them.
function paintRulesText() {
  const text = RULES.words.length ? `Rules: ${RULES.variant.join(", ")}. ${RULES.words.map((w) => w[0].toUpperCase() + w.slice(1)).join(". ")}.` : "";
  if (el["rules-text"].textContent !== text) el["rules-text"].textContent = text;
  el["rules-text"].hidden = !text;
}

function paintControls(view) {
  const inPath = !!state.path;
  el.undo.disabled = inPath || !state.past.length;
  el.redo.disabled = inPath || !state.future.length;
  el.restore.disabled = inPath || !state.checkpoint;
  el.mode.textContent = state.mode === "givens" ? "Solve" : "Enter givens";
  el.pencil.setAttribute("aria-pressed", String(state.pencil));
  el["toggle-candidates"].setAttribute("aria-pressed", String(state.showCands));
  el["toggle-counters"].setAttribute("aria-expanded", String(state.showCounters));
  el["toggle-counters"].textContent = state.showCounters ? "Hide" : "Show";
  el.counters.hidden = !state.showCounters;

  const level = state.hint.level;
  el.hint.textContent = level === 0 ? "Hint" : "More";
  el.hint.disabled = inPath || level >= 3;
  el.apply.disabled = inPath || !(level >= 3 && state.hint.data &&
    ((state.hint.data.placements || []).length || (state.hint.data.eliminations || []).length));
  el["path-open"].disabled = inPath;

  const counts = new Uint8Array(N + 1);
  for (let i = 0; i < CELLS; i++) counts[view.values[i]]++;
  for (const b of el.digits.querySelectorAll("button[data-digit]")) {
    const d = +b.dataset.digit;
    if (!d) continue;
    b.classList.toggle("done", counts[d] >= N);
    b.classList.toggle("active", state.highlight === d);
  }
}

// ------------------------------------------------------------------ Counters

const counterEls = { left: [], avail: [] }; // left[d] = {btn, n}; avail[u][d] = td
const counterShown = { left: [], avail: [] };

function buildCounters() {
  el.counters.replaceChildren();
  counterShown.left = [];
  counterShown.avail = [];
  const left = h("div", { className: "left-digits", role: "group", "aria-label": "Digits left to place" });
  for (let d = 1; d <= N; d++) {
    const n = h("span", { className: "n" }, String(N));
    const btn = h("button", { type: "button", className: "count", dataset: { digit: String(d) }, title: `Highlight the ${sym(d)}s` },
      h("span", { className: "d" }, sym(d)), n);
    counterEls.left[d] = { btn, n };
    left.append(btn);
  }
  const tables = h("div", { className: "avail" });
  const jigsaw = RULES.houses[2 * N].kind === "region";
  const boxes = jigsaw ? ["Missing per region", "G"] : ["Missing per block", "B"];
  for (const [base, title, short] of [[2 * N, ...boxes], [0, "Missing per row", "R"], [N, "Missing per column", "C"]]) {
    const head = h("tr", null, h("th", { scope: "col" }, h("span", { className: "sr" }, "unit")));
    for (let d = 1; d <= N; d++) head.append(h("th", { scope: "col" }, sym(d)));
    const body = h("tbody");
    for (let k = 0; k < N; k++) {
      const u = base + k;
      const tr = h("tr", null, h("th", { scope: "row", title: RULES.houses[u].name }, `${short}${k + 1}`));
      counterEls.avail[u] = [];
      counterShown.avail[u] = [];
      for (let d = 1; d <= N; d++) {
        const td = h("td", { dataset: { digit: String(d) } }, sym(d));
        counterEls.avail[u][d] = td;
        tr.append(td);
      }
      body.append(tr);
    }
    tables.append(h("table", null, h("caption", null, title), h("thead", null, head), body));
  }
  el.counters.append(h("h3", null, "Left to place"), left, h("h3", null, `Still missing (per ${jigsaw ? "region" : "block"}, row, column)`), tables);
}

function paintCounters(view) {
  if (!state.showCounters) return;
  const counts = new Uint8Array(N + 1);
  const present = new Uint32Array(3 * N);
  for (let i = 0; i < CELLS; i++) {
    const v = view.values[i];
    counts[v]++;
    if (v) for (const u of RULES.cellHouses[i]) if (u < 3 * N) present[u] |= 1 << v;
  }
  for (let d = 1; d <= N; d++) {
    const left = Math.max(0, N - counts[d]);
    const key = `${left}|${state.highlight === d}`;
    if (counterShown.left[d] === key) continue;
    counterShown.left[d] = key;
    const { btn, n } = counterEls.left[d];
    n.textContent = String(left);
    btn.classList.toggle("done", left === 0);
    btn.classList.toggle("active", state.highlight === d);
    btn.setAttribute("aria-label", `${sym(d)}: ${left} left`);
  }
  for (let u = 0; u < 3 * N; u++) {
    for (let d = 1; d <= N; d++) {
      const has = !!(present[u] & (1 << d));
      const key = has ? (state.highlight === d ? 3 : 1) : state.highlight === d ? 2 : 0;
      if (counterShown.avail[u][d] === key) continue;
      counterShown.avail[u][d] = key;
      const td = counterEls.avail[u][d];
      td.className = (has ? "have" : "miss") + (state.highlight === d ? " same-digit" : "");
    }
  }
}

// -------------------------------------------------------------- Chain links

const SVG_NS = "http://www.w3.org/2000/svg";
let linksFrame = 0;
let linksKey = "";

function scheduleLinks() {
  const key = marks.chains.length ? JSON.stringify(marks.chains) : "";
  if (key === linksKey) return;
  linksKey = key;
  cancelAnimationFrame(linksFrame);
  linksFrame = requestAnimationFrame(drawLinks);
}

// drawLinks draws the hint's chains between candidate positions: a solid
// line into an "on" potential (r1c2=5), a dashed one from on to off, a
// dotted one from off to off; a filled ring marks on, an open ring off.
function drawLinks() {
  const svg = el.links;
  svg.replaceChildren();
  if (!marks.chains.length) return;
  const box = el.boardWrap.getBoundingClientRect();
  if (!box.width) return;
  svg.setAttribute("viewBox", `0 0 ${box.width} ${box.height}`);
  const rects = new Map();
  const pos = (p) => {
    if (!rects.has(p.cell)) rects.set(p.cell, cellEls[p.cell].getBoundingClientRect());
    const r = rects.get(p.cell);
    const k = p.digit - 1;
    const cols = RULES.boxCols, rows = RULES.boxRows;
    return { x: r.left - box.left + ((k % cols) + 0.5) * (r.width / cols), y: r.top - box.top + (Math.floor(k / cols) + 0.5) * (r.height / rows), w: r.width };
  };
  const defs = document.createElementNS(SVG_NS, "defs");
  svg.append(defs);
  marks.chains.forEach((chain, n) => {
    const color = n % 4;
    const marker = document.createElementNS(SVG_NS, "marker");
    const id = `arrow-${n}`;
    for (const [k, v] of Object.entries({ id, viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" })) marker.setAttribute(k, v);
    marker.setAttribute("class", `chain-arrow chain-${color}`);
    const tip = document.createElementNS(SVG_NS, "path");
    tip.setAttribute("d", "M0,0 L10,5 L0,10 z");
    marker.append(tip);
    defs.append(marker);
    const g = document.createElementNS(SVG_NS, "g");
    g.setAttribute("class", `chain chain-${color}`);
    const pts = chain.map(pos);
    const radius = pts.length ? pts[0].w / 7 : 6;
    for (let j = 1; j < chain.length; j++) {
      const a = pts[j - 1], b = pts[j];
      const dx = b.x - a.x, dy = b.y - a.y;
      const len = Math.hypot(dx, dy);
      if (len < radius * 2.2) continue;
      const ux = dx / len, uy = dy / len;
      const x1 = a.x + ux * radius, y1 = a.y + uy * radius, x2 = b.x - ux * radius, y2 = b.y - uy * radius;
      const bend = (j % 2 ? 1 : -1) * Math.min(len * 0.12, radius * 3);
      const cx = (x1 + x2) / 2 - uy * bend, cy = (y1 + y2) / 2 + ux * bend;
      const line = document.createElementNS(SVG_NS, "path");
      line.setAttribute("d", `M${x1.toFixed(1)},${y1.toFixed(1)} Q${cx.toFixed(1)},${cy.toFixed(1)} ${x2.toFixed(1)},${y2.toFixed(1)}`);
      const kind = chain[j].on ? "strong" : chain[j - 1].on ? "weak" : "off";
      line.setAttribute("class", `link ${kind}`);
      line.setAttribute("marker-end", `url(#${id})`);
      g.append(line);
    }
    chain.forEach((p, j) => {
      const c = document.createElementNS(SVG_NS, "circle");
      c.setAttribute("cx", pts[j].x.toFixed(1));
      c.setAttribute("cy", pts[j].y.toFixed(1));
      c.setAttribute("r", radius.toFixed(1));
      c.setAttribute("class", `node ${p.on ? "on" : "off"}${j === 0 ? " start" : ""}`);
      g.append(c);
    });
    svg.append(g);
  });
}

// ------------------------------------------------------------------- 6. API

class ApiError extends Error {
  constructor(message, status = 0) {
    super(message);
    this.status = status;
  }
}

function busyInc() {
  if (state.busy++ === 0) document.body.dataset.busy = "1";
}
function busyDec() {
  if (--state.busy <= 0) {
    state.busy = 0;
    delete document.body.dataset.busy;
  }
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// cleanError drops the "puzzle:1: " the command line puts before errors.
const cleanError = (text) => String(text || "").replace(/^puzzle:\d+:\s*/, "");

// request calls the API: GET without a body, else POST the body as JSON.
// binary: answer {blob, name} instead of the parsed JSON; signal: an
// AbortSignal that cancels the request (an ApiError with status -1).
async function request(path, body, { binary = false, signal } = {}) {
  busyInc();
  try {
    for (let attempt = 0; ; attempt++) {
      let res;
      try {
        res = await fetch(path, body === undefined
          ? { headers: { Accept: "application/json" }, signal }
          : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal });
      } catch {
        if (signal && signal.aborted) throw new ApiError("Cancelled.", -1);
        throw new ApiError("Cannot reach the sudokit server: is `sudokit serve` still running?");
      }
      if (res.status === 503) {
        if (attempt === 0) {
          const wait = Number.parseFloat(res.headers.get("Retry-After"));
          await sleep(Math.min(30, Number.isFinite(wait) && wait >= 0 ? wait : 1) * 1000);
          continue;
        }
        throw new ApiError("Server busy: try again in a moment.", 503);
      }
      if (!res.ok) {
        let text = `${res.status} ${res.statusText}`;
        try {
          const j = await res.json();
          if (j && j.error) text = cleanError(j.error);
        } catch {
          // Not JSON: keep the HTTP status.
        }
        throw new ApiError(text, res.status);
      }
      if (!binary) return await res.json();
      const disposition = res.headers.get("Content-Disposition") || "";
      const m = /filename="?([^";]+)"?/.exec(disposition);
      return { blob: await res.blob(), name: m ? m[1] : "", note: res.headers.get("Sudokit-Note") || "" };
    }
  } finally {
    busyDec();
  }
}

// --------------------------------------------------------------- 7. Features

function message(text, kind = "info") {
  el.message.textContent = text || "";
  el.message.dataset.kind = kind;
}

function blockedByPath() {
  if (!state.path) return false;
  message("The board shows the solving path: close it (Esc) to edit your board.");
  return true;
}

// -------------------------------------------------------------------- Rules

// rulesFields are the fields that give the board's rules to a request
// about its puzzle: none for classic.
function rulesFields() {
  return rulesBody(RULES);
}

// rulesBody writes rules (tables, or {variant, regions, size, box,
// cages}) as a request's fields.
function rulesBody(r) {
  const body = {};
  if (r.variant.length) body.variant = r.variant;
  if (r.regions) body.regions = r.regions;
  const cages = r.cagesField || r.cages || [];
  if (cages.length) body.cages = cages;
  if (r.size && r.size !== 9) {
    body.size = r.size;
    if (r.box) body.box = r.box;
  }
  return body;
}

const rulesCache = new Map(); // request body → tables

// fetchRules asks the server for rules as data (its 400 says what is wrong
// with them): rules is {variant, regions, size, box, cages}.
async function fetchRules(rules) {
  const body = rulesBody({ variant: [], regions: "", ...rules });
  const key = JSON.stringify(body);
  if (rulesCache.has(key)) return rulesCache.get(key);
  const t = rulesTables(await request("/api/v1/rules", body));
  if (!t) throw new ApiError("The server sent no rules.");
  if (rulesCache.size > 50) rulesCache.clear();
  rulesCache.set(key, t);
  return t;
}

// answerRules reads the rules an answer echoes: "variant", "regions",
// "cages", "size" and "box" (a puzzle's label or cell count may name its
// own).
function answerRules(res) {
  const size = Number.isInteger(res.size) ? res.size : 9;
  return {
    variant: Array.isArray(res.variant) ? res.variant.map(String) : [],
    regions: typeof res.regions === "string" ? res.regions : "",
    cages: Array.isArray(res.cages) ? res.cages : [],
    size, box: size !== 9 && typeof res.box === "string" ? res.box : "",
  };
}

// adoptRules takes the rules an answer echoes when they are not the
// board's.
async function adoptRules(res) {
  const r = answerRules(res);
  const box = r.size === 9 ? "3x3" : r.box || defaultBox(r.size);
  const cages = JSON.stringify(r.cages.map((c) => ({ sum: c.sum, cells: c.cells })));
  if (`${r.variant.join(",")}|${r.regions}|${r.size}:${box}|${cages}` === rulesKey(RULES)) return;
  setRules(await fetchRules(r));
}

// defaultBox is the usual box of a size, as the size chooser lists it.
const defaultBox = (n) => ({ 4: "2x2", 6: "2x3", 8: "2x4", 9: "3x3", 10: "2x5", 12: "3x4", 16: "4x4", 25: "5x5" })[n] || "";

// setRules plays the board under other rules: what was derived, hinted or
// rated under the old ones goes. The digits stay (undo does not change
// the rules), unless the size changes: then the board starts empty, and
// its history with it. False when they are the board's already.
function setRules(tables) {
  if (rulesKey(tables) === rulesKey(RULES)) return false;
  const resized = tables.size !== RULES.size || tables.box !== RULES.box;
  RULES = tables;
  drawnLayout = false;
  closePath(false);
  clearRating();
  if (resized) {
    setGeometry(tables.size);
    state.values = new Uint8Array(CELLS);
    state.givens = new Uint8Array(CELLS);
    state.strikes = new Uint32Array(CELLS);
    state.past = [];
    state.future = [];
    state.checkpoint = null;
    state.selected = -1;
    state.highlight = 0;
    state.rowNext = 0;
    buildBoard();
    paintRowLabel();
  } else {
    buildCages();
  }
  buildCounters();
  syncPicker();
  changed();
  return true;
}

// The picker: a checkbox per variant (the server's list), the jigsaw's
// layout, and Classic. The board takes the ticked rules once the server
// accepts them; until then #rules-error says why not.
let pickVersion = 0;
let pickTimer = 0;

function buildPicker(list) {
  // The extras first, then jigsaw, whose layout box follows.
  list = [...list.filter((v) => v.name !== "jigsaw"), ...list.filter((v) => v.name === "jigsaw")];
  const choices = list.map((v) => h("label", { className: "variant-choice", title: v.rule, dataset: { rule: v.rule } },
    h("input", { type: "checkbox", value: v.name, name: "variant", dataset: { sizes: (Array.isArray(v.sizes) ? v.sizes : [9]).join(" ") } }), ` ${v.name}`));
  el.variants.replaceChildren(el.variants.querySelector("legend"), ...choices);
  syncPicker();
}

// syncVariantSizes greys the variants that boards of size n do not take
// (the server lists the sizes of each), unticking them, and says why in
// their titles.
function syncVariantSizes(n) {
  for (const b of el.variants.querySelectorAll("input[name=variant]")) {
    const sizes = (b.dataset.sizes || "9").split(" ").map(Number);
    const ok = sizes.includes(n);
    if (!ok) b.checked = false;
    b.disabled = !ok;
    const label = b.closest("label");
    label.classList.toggle("unavailable", !ok);
    const others = sizes.filter((x) => x !== 9).map((x) => `${x}x${x}`);
    label.title = ok ? label.dataset.rule : `Not at ${n}x${n}: ${b.value} is for ${others.length ? `${others.join(", ")} and ` : ""}9x9 boards.`;
  }
}

// BOARD_LEVELS are the levels puzzles of other sizes are made at.
const BOARD_LEVELS = ["easy", "medium", "hard"];

// LEVELS are the levels New offers, by kind: config.yaml's (GET
// /api/v1/levels) and its killers' (GET /api/v1/levels/killer), null
// until loaded (the page's own list stays); shown is the kind the select
// holds.
const LEVELS = { classic: null, killer: null, shown: "classic" };

// fillLevels puts the levels of a kind in #new-level, keeping the level
// chosen; the bands by rating (RATING_PRESETS) go with classic only.
function fillLevels(kind) {
  const list = LEVELS[kind];
  if (!list || LEVELS.shown === kind) return;
  const select = el["new-level"];
  const keep = select.value;
  select.replaceChildren(...list.map((l) => h("option", { value: l.name }, `${l.name} (${fmt(l.min)}${l.max ? `–${fmt(l.max)}` : "+"})`)),
    ...(kind === "classic" ? [ratingOptions()] : []));
  select.value = [...select.options].some((o) => o.value === keep) ? keep : list[0].name;
  LEVELS.shown = kind;
}

// syncLevels offers the levels the board's rules are made at: all of
// config's for 9x9, config's killer levels for a 9x9 killer, easy to hard
// for other sizes, none for a killer of another size (the killer
// techniques that grade killers are 9x9's: New makes one of any
// difficulty).
function syncLevels() {
  const sized = RULES.size !== 9;
  const killer = RULES.variant.includes("killer");
  const ungraded = killer && sized;
  fillLevels(killer && !sized ? "killer" : "classic");
  const select = el["new-level"];
  for (const o of select.options) o.disabled = ungraded || (sized && !BOARD_LEVELS.includes(o.value));
  select.disabled = ungraded;
  el["new-rating"].disabled = sized;
  const chosen = select.selectedOptions[0];
  if (!ungraded && chosen && chosen.disabled) {
    const first = [...select.options].find((o) => !o.disabled);
    if (first) select.value = first.value;
  }
}

// compactLayout drops the whitespace of a layout; shownLayout writes one
// of a board of n×n cells as n lines of n.
const compactLayout = (text) => String(text).replace(/\s+/g, "");
const shownLayout = (layout, n = RULES.size) => (layout.match(new RegExp(`.{1,${n}}`, "g")) || []).join("\n");

// layoutWords says what a jigsaw's layout of a board of n×n cells is:
// n×n region ids, 1-9 then letters.
function layoutWords(n) {
  const ids = n > 9 ? `1-9, A-${String.fromCharCode(64 + n - 9)}` : `1-${n}`;
  return `${n * n} region ids ${ids}`;
}

// syncLayoutBox shows the jigsaw's layout box when jigsaw is ticked, its
// label saying what a layout of size n is (a jigsaw of another size than
// 9x9 may leave it empty: New draws one).
function syncLayoutBox(jigsaw, n) {
  el["regions-box"].hidden = !jigsaw;
  const label = el["regions-box"].querySelector("label");
  label.textContent = `Jigsaw layout: ${layoutWords(n)}, row by row${n !== 9 ? " (empty: New draws one)" : ""}`;
  el.regions.rows = n;
}

// drawnLayout says that the board's jigsaw layout was drawn by New (a
// jigsaw of another size than 9x9 made without a layout): the next New
// draws another rather than keeping it.
let drawnLayout = false;

function syncPicker() {
  for (const b of el.variants.querySelectorAll("input[name=variant]")) b.checked = RULES.variant.includes(b.value);
  el.size.value = RULES.size === 9 ? "9" : `${RULES.size}:${RULES.box}`;
  syncVariantSizes(RULES.size);
  syncLevels();
  if (RULES.regions && compactLayout(el.regions.value) !== RULES.regions) el.regions.value = shownLayout(RULES.regions);
  syncLayoutBox(RULES.variant.includes("jigsaw"), RULES.size);
  el["rules-error"].textContent = "";
}

async function onPick(e) {
  clearTimeout(pickTimer);
  // A size takes the variants its boards take (x at every size, killer
  // up to 8x8): choosing one greys and unticks the others.
  const [size, box] = el.size.value.split(":");
  syncVariantSizes(+size);
  const variant = [...el.variants.querySelectorAll("input[name=variant]:checked")].map((b) => b.value);
  const jigsaw = variant.includes("jigsaw");
  // A killer keeps the board's cages while killer stays ticked and the
  // size stays; a jigsaw's layout of another size goes.
  const sameSize = el.size.value === (RULES.size === 9 ? "9" : `${RULES.size}:${RULES.box}`);
  if (!sameSize && compactLayout(el.regions.value).length !== size * size) el.regions.value = "";
  const regions = jigsaw ? compactLayout(el.regions.value) : "";
  syncLayoutBox(jigsaw, +size);
  const version = ++pickVersion;
  if (jigsaw && !regions && +size === 9) {
    el["rules-error"].textContent = `A jigsaw needs its layout: type its ${layoutWords(9)} below.`;
    el.regions.focus();
    return;
  }
  const cages = variant.includes("killer") && sameSize ? RULES.cagesField : [];
  try {
    const t = await fetchRules({ variant, regions, cages, size: +size, box: box || "" });
    if (version !== pickVersion) return;
    el["rules-error"].textContent = "";
    const rules = t.variant.length ? `Rules: ${t.variant.join(", ")}.` : "Classic rules.";
    const what = t.size !== 9 ? `${t.size}x${t.size} board (boxes of ${t.box}).${t.variant.length ? ` ${rules}` : ""}` : rules;
    const hint = t.variant.includes("killer") && !t.cages.length ? " Press “New” for a killer, or paste one."
      : t.variant.includes("jigsaw") && !t.regions ? " Press “New” for a jigsaw (its layout drawn at random), or paste one, or type its layout." : "";
    const keepDrawn = drawnLayout && t.regions === RULES.regions;
    if (setRules(t)) message(what + hint, "ok");
    drawnLayout = keepDrawn;
  } catch (e) {
    if (version === pickVersion) el["rules-error"].textContent = `Not applied: ${e.message}`;
  }
}

// restoreRules fetches the rules the saved board was played under, and
// gives the board their size.
async function restoreRules() {
  const saved = state.savedRules;
  state.savedRules = null;
  if (!saved) return;
  try {
    RULES = await fetchRules(saved);
    setGeometry(RULES.size);
    state.values = new Uint8Array(CELLS);
    state.givens = new Uint8Array(CELLS);
    state.strikes = new Uint32Array(CELLS);
  } catch (e) {
    message(`The saved board's rules (${saved.variant.join(", ") || `${saved.size}x${saved.size}`}) are not available: ${e.message}`, "error");
    state.savedBoard = null;
  }
}

// -------------------------------------------------------------------- Cages

// A killer's cages: the server says, for the board's digits and strikes,
// which combinations of each cage's sum its cells can still hold and the
// digits they leave each cell (POST /api/v1/cages). The candidates of a
// killer's cells are those digits (derive), and the selected cell's cage
// shows its combinations under the board.
let cagesTimer = 0;

function refreshCages() {
  clearTimeout(cagesTimer);
  if (!RULES.cages.length) {
    cageState.version = -1;
    cageState.cands = null;
    return;
  }
  cagesTimer = setTimeout(runCages, 120);
}

async function runCages() {
  const version = state.version;
  const d = derived();
  const grid = candidateGrid(d.bare);
  const puzzle = grid.error ? boardLine() : grid.text;
  const key = `${rulesKey(RULES)}\n${puzzle}`;
  try {
    const res = key === cageState.key && cageState.res ? cageState.res
      : await request("/api/v1/cages", { puzzle, ...rulesFields() });
    if (version !== state.version || !Array.isArray(res.cages) || res.cages.length !== RULES.cages.length) return;
    const cands = new Uint32Array(CELLS).fill(ALL);
    const combos = res.cages.map((c, k) => {
      RULES.cages[k].cells.forEach((i, j) => {
        cands[i] = maskOf(String((c.candidates || [])[j] || ""));
      });
      return Array.isArray(c.combinations) ? c.combinations.map(String) : [];
    });
    Object.assign(cageState, { version, cands, combos, key, res });
    paint();
    refreshStatus();
  } catch (e) {
    if (version === state.version) message(`Cages: ${e.message}`, "error");
  }
}

// paintCage shows the combinations of the selected cell's cage.
function paintCage() {
  const k = state.selected >= 0 && !state.path ? RULES.cageOf[state.selected] : -1;
  const box = el["cage-info"];
  let text = "";
  let combos = [];
  if (k >= 0) {
    const cage = RULES.cages[k];
    const known = cageState.version === state.version;
    combos = known ? cageState.combos[k] : [];
    const n = cage.cells.length;
    text = `${cage.name[0].toUpperCase()}${cage.name.slice(1)} (${n} cell${n > 1 ? "s" : ""}): `;
    text += !known ? "…" : combos.length ? `${combos.length === 1 ? "one combination" : `${combos.length} combinations`}` : "no combination left: a digit or a struck candidate is wrong";
  }
  const key = `${text}|${combos.join(" ")}`;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.hidden = k < 0;
  box.replaceChildren(h("span", { className: "cage-name" }, text),
    ...combos.map((c) => h("span", { className: "combo" }, c)));
}

// ------------------------------------------------------------------- Status

let statusTimer = 0;
let statusScheduled = false;
const statusCache = new Map(); // statusPuzzle key (rules and text) → solve answer

function setStatus(word, text) {
  state.status = { word, text };
  el.status.dataset.status = word;
  el.status.textContent = text;
}

// statusPuzzle is what the status is about: the whole state, as the hint
// sends it. The digits alone while no candidate is struck by hand, else
// the pencil marks; {error} when a cell has no candidate left.
function statusPuzzle() {
  const d = derived();
  const struck = N === 9 && d.auto.some((m, i) => !state.values[i] && m & state.strikes[i]);
  const q = struck ? { ...candidateGrid(), struck } : { text: boardLine(), struck };
  q.key = statusKey(q.text);
  return q;
}

// statusKey names a state's answer in statusCache: its rules and its text.
const statusKey = (text) => `${rulesKey(RULES)}\n${text}`;

// refreshStatus updates #status at once when it can be known without the
// server (empty board, a conflict, a cell without candidates, a state seen
// before), else asks the server 250 ms after the last change.
function refreshStatus() {
  if (state.path) return;
  const q = statusPuzzle();
  const d = derived();
  const local = !hasPuzzle() || d.conflicts.length || q.error || statusCache.has(q.key);
  if (local) {
    cancelStatusCheck();
    showStatusOf(q);
    return;
  }
  if (!statusScheduled) {
    statusScheduled = true;
    busyInc();
  }
  clearTimeout(statusTimer);
  statusTimer = setTimeout(runStatusCheck, 250);
}
function cancelStatusCheck() {
  clearTimeout(statusTimer);
  if (statusScheduled) {
    statusScheduled = false;
    busyDec();
  }
}

async function runStatusCheck() {
  const q = statusPuzzle();
  let pending = null;
  try {
    if (!q.error && !statusCache.has(q.key) && hasPuzzle() && !derived().conflicts.length) {
      pending = request("/api/v1/solve", { puzzle: q.text, ...rulesFields() });
    }
  } finally {
    statusScheduled = false;
    busyDec();
  }
  try {
    if (pending) rememberStatus(q.key, await pending);
  } catch (e) {
    if (q.key === statusPuzzle().key) setStatus("error", e.message);
    return;
  }
  const now = statusPuzzle();
  if (q.key === now.key && !state.path) showStatusOf(now);
}

// rememberStatus keeps the solve answer for a state (statusPuzzle's key).
function rememberStatus(key, res) {
  if (statusCache.size > 200) statusCache.delete(statusCache.keys().next().value);
  statusCache.set(key, res);
}

// showStatusOf shows the status of q, statusPuzzle's answer for the board.
function showStatusOf(q) {
  const d = derived();
  if (!hasPuzzle()) return setStatus("empty", "Empty board: paste, type or generate a puzzle.");
  if (d.conflicts.length) return setStatus("invalid", conflictText(d.conflicts));
  if (q.error) return setStatus("unsolvable", `No solution: ${q.error}`);
  const res = statusCache.get(q.key);
  if (!res) return;
  const entered = state.values.some((v, i) => v && !state.givens[i]);
  const wrong = [entered && "a digit you entered", q.struck && "a candidate you struck"].filter(Boolean).join(" or ");
  switch (res.status) {
    case "unique":
      return setStatus("unique", countFilled() === CELLS ? "Solved: every digit is right." : "Unique solution");
    case "multiple":
      return setStatus("multiple", "Several solutions");
    case "unsolvable":
      return setStatus("unsolvable", wrong ? `No solution: ${wrong} is wrong` : "No solution");
    default:
      return setStatus(res.status || "invalid", cleanError(res.error) || res.status || "invalid");
  }
}

// ---------------------------------------------------------------- Loading

// localGrid reads a plain grid locally (81 cells of digits and . 0 _ *,
// ignoring spaces and box lines), to show the conflicts of a puzzle the
// server refuses. null when the text is not that.
function localGrid(text) {
  const one = /(?:^|\s)([1-9.0_*]{81})(?=\s|$)/.exec(String(text));
  if (one) return one[1].replace(/[0_*]/g, ".");
  let cells = "";
  for (const line of String(text).split(/\r?\n/)) {
    if (/^[\s\-+|=*]*$/.test(line)) continue;
    cells += line.replace(/[\s|+]/g, "");
  }
  cells = cells.replace(/[0_*]/g, ".");
  return /^[1-9.]{81}$/.test(cells) ? cells : null;
}

// loadPuzzle puts a puzzle on the board as givens (one undoable change);
// cands: the API's 81 candidate strings, to keep as pencil marks.
function loadPuzzle(line, cands) {
  const values = new Uint8Array(CELLS);
  for (let i = 0; i < CELLS; i++) values[i] = valueOf(line[i] || ".");
  const strikes = new Uint32Array(CELLS);
  if (Array.isArray(cands) && cands.length === CELLS) {
    const auto = derive(values, strikes).auto;
    for (let i = 0; i < CELLS; i++) if (!values[i]) strikes[i] = auto[i] & ~maskOf(String(cands[i]));
  }
  closePath(false);
  state.mode = "solve";
  state.rowNext = 0;
  state.highlight = 0;
  const changedBoard = commit(() => {
    state.values = values;
    state.givens = values.map((v) => (v ? 1 : 0));
    state.strikes = strikes;
  });
  if (!changedBoard) paint();
  paintRowLabel();
}

async function onLoad() {
  const text = el.paste.value;
  if (!text.trim()) {
    message("Paste a puzzle into the box first.", "error");
    el.paste.focus();
    return;
  }
  try {
    // The size comes from the pasted puzzle (its count of cells, or its
    // label): the board's rules go with it only when it is the board's.
    const res = await request("/api/v1/solve", { puzzle: text, ...(sizedText(text) ? {} : rulesFields()) });
    const size = Number.isInteger(res.size) ? res.size : 9;
    if (!res.puzzle || res.puzzle.length !== size * size) throw new ApiError(cleanError(res.error) || "The server sent no puzzle.");
    // The puzzle's label may name its own rules: the board takes them.
    await adoptRules(res);
    const line = res.alphabet === "0-F" ? fromZero(res.puzzle) : res.puzzle;
    // With pencil marks the answer is about them: the board asks again.
    if (res.status && !res.candidates && !res.alphabet) rememberStatus(statusKey(res.puzzle), res);
    loadPuzzle(line, res.candidates);
    const n = [...res.puzzle].filter((c) => c !== ".").length;
    const marksNote = res.candidates ? ", with its pencil marks" : "";
    message(res.error ? cleanError(res.error) : `Loaded ${n} givens${marksNote}.`, res.error ? "error" : "ok");
  } catch (e) {
    const local = e.status === 400 ? localGrid(text) : null;
    if (local) {
      // Its digits break the rules: show them on the board, under the
      // rules its label names.
      await adoptRules(labelRules(text)).catch(() => {});
      loadPuzzle(local, null);
    }
    message(e.message, "error");
  }
}

// sizedText reports whether a pasted puzzle says its own size: a size=
// label, or a line of another count of cells than 81 (16, 36, 64, 100,
// 144, 256, 625).
function sizedText(text) {
  if (/(?:^|\s)size=/.test(text)) return true;
  const first = String(text).trim().split(/\s+/)[0] || "";
  return [16, 36, 64, 100, 144, 256, 625].includes(first.length) && /^[0-9A-Za-z.]+$/.test(first);
}

// labelRules reads the rules a pasted line's label names (variant=x,
// regions=...), as the answers name them; the board's when it names none.
function labelRules(text) {
  const v = /(?:^|\s)variant=(\S+)/.exec(text);
  if (!v) return { variant: RULES.variant, regions: RULES.regions };
  const r = /(?:^|\s)regions=(\S+)/.exec(text);
  return { variant: v[1] === "classic" ? [] : v[1].split(","), regions: r ? r[1] : "" };
}

// ----------------------------------------------------------- Row-by-row entry

function paintRowLabel() {
  el["row-label"].textContent = `Type row ${state.rowNext + 1} of ${N} (or all ${CELLS} characters)`;
  el["row-input"].placeholder = `${N} characters, . or 0 for a blank`;
}

// checkRow checks what is typed in #row-input; final: Enter was pressed.
function checkRow(raw, final) {
  const s = raw.replace(/\s+/g, "").toUpperCase();
  const bad = [...s].find((ch) => ch !== "." && ch !== "0" && !valueOf(ch));
  if (bad) return { error: `“${bad}” is not allowed: use ${N > 9 ? `1-9 and A-${sym(N)}` : `digits 1-${N}`}, and . or 0 for a blank.` };
  if (s.length === CELLS) return { all: s.replace(/0/g, ".") };
  if (s.length > N) return { error: `${s.length} characters: a row has ${N} (or type all ${CELLS} at once).` };
  const seen = new Map();
  for (const ch of s) {
    if (ch === "." || ch === "0") continue;
    seen.set(ch, (seen.get(ch) || 0) + 1);
  }
  for (const [ch, n] of seen) if (n > 1) return { error: `${NUMBER_WORDS[n]} ${ch}s in this row: a digit appears once per row.` };
  if (final && s.length !== N) return { error: `A row has exactly ${N} characters: you typed ${s.length}.` };
  return { row: s.replace(/0/g, ".") };
}

function onRowInput() {
  const { error } = checkRow(el["row-input"].value, false);
  el["row-error"].textContent = error || "";
  el["row-input"].setAttribute("aria-invalid", error ? "true" : "false");
}

function onRowEnter() {
  if (blockedByPath()) return;
  const input = el["row-input"];
  const r = checkRow(input.value, true);
  el["row-error"].textContent = r.error || "";
  input.setAttribute("aria-invalid", r.error ? "true" : "false");
  if (r.error) return;
  if (r.all) {
    loadPuzzle(r.all, null);
    input.value = "";
    message(`The ${CELLS} characters are on the board as givens.`, "ok");
    return;
  }
  const row = state.rowNext;
  commit(() => {
    if (row === 0) {
      state.values = new Uint8Array(CELLS);
      state.givens = new Uint8Array(CELLS);
      state.strikes = new Uint32Array(CELLS);
    }
    for (let c = 0; c < N; c++) {
      const ch = r.row[c];
      const i = row * N + c;
      state.values[i] = ch === "." ? 0 : valueOf(ch);
      state.givens[i] = ch === "." ? 0 : 1;
    }
  });
  input.value = "";
  if (row === N - 1) {
    state.rowNext = 0;
    message(`All ${N} rows entered: the puzzle is on the board, ${countGivens()} givens.`, "ok");
  } else {
    state.rowNext = row + 1;
    message(`Row ${row + 1} added.`, "ok");
  }
  paintRowLabel();
}

// -------------------------------------------------------------- Editing

function editable(i) {
  return i >= 0 && !state.path && (state.mode === "givens" || !state.values[i] || !state.givens[i]);
}

function enterDigit(i, d) {
  if (blockedByPath() || i < 0) return;
  if (state.mode === "solve" && !hasPuzzle()) {
    state.mode = "givens";
    message("Empty board: the digits you type are the puzzle's givens. Press “Solve” when done.");
  } else if (!editable(i)) {
    state.highlight = d;
    paint();
    message(`${cellName(i)} is a given: switch to “Enter givens” to change it.`);
    return;
  } else {
    message("");
  }
  state.highlight = d;
  const given = state.mode === "givens" ? 1 : 0;
  if (!commit(() => {
    state.values[i] = d;
    state.givens[i] = given;
  })) paint();
}

function eraseCell(i) {
  if (blockedByPath() || i < 0) return;
  if (!state.values[i]) return;
  if (!editable(i)) {
    message(`${cellName(i)} is a given: switch to “Enter givens” to change it.`);
    return;
  }
  message("");
  commit(() => {
    state.values[i] = 0;
    state.givens[i] = 0;
  });
}

function toggleStrike(i, d) {
  if (blockedByPath() || i < 0) return;
  if (state.values[i]) {
    message(`${cellName(i)} holds a digit: strike candidates in empty cells.`);
    return;
  }
  const bit = 1 << d;
  if (!(derived().auto[i] & bit)) {
    message(`${sym(d)} is not a candidate of ${cellName(i)}: ${RULES.cageOf[i] >= 0 ? "a digit it sees, or its cage's sum," : "a digit it sees"} rules it out.`);
    return;
  }
  message("");
  commit(() => {
    state.strikes[i] ^= bit;
  });
}

function select(i) {
  state.selected = i;
  if (i >= 0) {
    const v = state.path ? pathView().values[i] : state.values[i];
    if (v) state.highlight = v;
  }
  paint();
}

function moveSelection(dr, dc) {
  const i = state.selected < 0 ? 0 : state.selected;
  if (state.selected < 0) return select(0);
  const r = (rowOf(i) + dr + N) % N;
  const c = (colOf(i) + dc + N) % N;
  select(r * N + c);
}

function toggleHighlight(d) {
  state.highlight = state.highlight === d ? 0 : d;
  paint();
}

function onClear() {
  if (blockedByPath()) return;
  state.rowNext = 0;
  state.highlight = 0;
  paintRowLabel();
  if (commit(() => {
    state.values = new Uint8Array(CELLS);
    state.givens = new Uint8Array(CELLS);
    state.strikes = new Uint32Array(CELLS);
  })) message("Board cleared (Undo brings it back).");
}

function onMode() {
  if (blockedByPath()) return;
  state.mode = state.mode === "givens" ? "solve" : "givens";
  save();
  paint();
  message(state.mode === "givens"
    ? "Entering givens: the digits you type are the puzzle's clues."
    : `Solving: ${countGivens()} givens; the digits you type are yours.`);
}

function onCheckpoint() {
  if (blockedByPath()) return;
  state.checkpoint = snapshot();
  save();
  paint();
  message("Checkpoint saved: “Restore” comes back to this position.", "ok");
}

function onRestore() {
  if (blockedByPath() || !state.checkpoint) return;
  const cp = state.checkpoint;
  if (commit(() => setBoard(cp))) message("Back at the checkpoint (Undo returns).", "ok");
  else message("The board is already at the checkpoint.");
}

// --------------------------------------------------------------- Hint ladder

const LEVEL_NAMES = ["", "the technique", "where to look", "the step"];

function showHint(text, level, word) {
  el["hint-text"].textContent = text;
  if (level) el["hint-text"].dataset.level = String(level);
  else delete el["hint-text"].dataset.level;
  el["hint-text"].dataset.status = word || "hint";
}

function resetHintDisplay() {
  el["hint-step"].textContent = "";
  showHint("", 0, "");
}

async function onHint() {
  if (state.hintPending || blockedByPath()) return;
  const level = state.hint.level + 1;
  if (level > 3) return;
  const d = derived();
  if (!hasPuzzle()) return showHint("Enter or load a puzzle first.", 0, "empty");
  if (d.conflicts.length) return showHint(`Fix the conflict first: ${conflictText(d.conflicts)}.`, 0, "invalid");
  const grid = candidateGrid();
  if (grid.error) return showHint(grid.error, 0, "invalid");
  const version = state.version;
  state.hintPending = true;
  try {
    const res = await request("/api/v1/hint", { puzzle: grid.text, depth: level, ...rulesFields() });
    if (version !== state.version || state.path) return;
    if (!res.hint) {
      el["hint-step"].textContent = "";
      showHint(cleanError(res.error) || `No hint: ${res.status}.`, 0, res.status);
      return;
    }
    state.hint = { level, data: res.hint };
    marks = marksOfHint();
    const hint = res.hint;
    const name = hint.name || "";
    el["hint-step"].textContent = `Depth ${level} of 3: ${LEVEL_NAMES[level]}` +
      (level === 3 && name ? ` · ${name}${hint.rating ? `, rating ${Number(hint.rating).toFixed(1)}` : ""}` : "");
    showHint(hint.text || "", level, "hint");
    const hadFocus = document.activeElement === el.hint;
    paint();
    if (level === 3 && hadFocus) (el.apply.disabled ? el.board : el.apply).focus();
  } catch (e) {
    if (version === state.version) showHint(e.message, 0, "error");
  } finally {
    state.hintPending = false;
  }
}

function onApply() {
  const hint = state.hint.data;
  if (blockedByPath() || state.hint.level < 3 || !hint) return;
  const placements = (hint.placements || []).map(parsePotential).filter(Boolean);
  const eliminations = (hint.eliminations || []).map(parsePotential).filter(Boolean);
  const name = hint.name || "the step";
  const ok = commit(() => {
    for (const p of placements) {
      if (state.givens[p.cell] && state.values[p.cell]) continue;
      state.values[p.cell] = p.digit;
      state.givens[p.cell] = 0;
    }
    for (const e of eliminations) state.strikes[e.cell] |= 1 << e.digit;
  });
  message(ok ? `Applied ${name} (Undo takes it back).` : "The step changes nothing on this board.", "ok");
  if (document.activeElement === el.apply) el.hint.focus();
}

// ------------------------------------------------------------ Solving path

function pathView() {
  const p = state.path;
  const step = p.steps[p.index];
  const values = new Uint8Array(CELLS);
  const givens = new Uint8Array(CELLS);
  const on = new Uint32Array(CELLS);
  const fields = typeof step.candidates === "string" ? step.candidates.trim().split(/\s+/) : [];
  if (N === 9 && fields.length === 81) {
    fields.forEach((f, i) => {
      const single = /^\(([1-9])\)$/.exec(f);
      if (single) on[i] = 1 << +single[1];
      else if (/^[1-9]$/.test(f)) values[i] = +f;
      else on[i] = maskOf(f);
    });
  } else {
    // No candidates in the answer: replay the steps before this one.
    const elim = new Uint32Array(CELLS);
    for (let i = 0; i < CELLS; i++) values[i] = valueOf(p.puzzle[i] || ".");
    for (const s of p.steps.slice(0, p.index)) {
      for (const x of (s.placements || []).map(parsePotential)) if (x) values[x.cell] = x.digit;
      for (const x of (s.eliminations || []).map(parsePotential)) if (x) elim[x.cell] |= 1 << x.digit;
    }
    const auto = derive(values, elim).auto;
    for (let i = 0; i < CELLS; i++) on[i] = auto[i] & ~elim[i];
  }
  for (let i = 0; i < CELLS; i++) givens[i] = values[i] && p.puzzle[i] === sym(values[i]) ? 1 : 0;
  // The step's candidates, as strikes of everything else, for the singles.
  const d = derive(values, on.map((m) => ALL & ~m));
  return { values, givens, auto: on, on, struck: new Uint32Array(CELLS), conflict: d.conflict, hidden: d.hidden };
}

function stepText(step) {
  const effects = [...(step.placements || []), ...(step.eliminations || [])].join(", ");
  const rating = typeof step.rating === "number" ? step.rating.toFixed(1) : step.rating || "";
  return `${step.n}. ${rating} ${step.name || step.technique}: ${step.detail || ""}${effects ? ` ==> ${effects}` : ""}`;
}

function showPathStep() {
  const p = state.path;
  const step = p.steps[p.index];
  marks = emptyMarks();
  addEffects(marks, step.placements, step.eliminations);
  el["path-text"].textContent = stepText(step);
  el["path-pos"].textContent = `Step ${p.index + 1} of ${p.steps.length}`;
  el["path-prev"].disabled = p.index === 0;
  el["path-next"].disabled = p.index === p.steps.length - 1;
  const nested = el["path-nested"];
  nested.replaceChildren();
  if (step.nested && step.nested.length) {
    const list = h("ol");
    for (const s of step.nested) list.append(h("li", null, stepText(s)));
    nested.append(h("details", null, h("summary", null, `Inside this step (${step.nested.length})`), list));
  }
  paint();
}

async function onPathOpen() {
  if (state.path) return;
  const line = givensLine();
  if (!hasGivens()) return message("No givens on the board: load or enter a puzzle first.", "error");
  const d = derive(Uint8Array.from(line, (c) => valueOf(c)), new Uint32Array(CELLS));
  if (d.conflicts.length) return message(`The givens conflict: ${conflictText(d.conflicts)}.`, "error");
  const version = state.version;
  el["path-open"].disabled = true;
  try {
    const res = await request("/api/v1/grade", { puzzle: line, path: true, candidates: true, ...rulesFields() });
    if (version !== state.version) return;
    if (!Array.isArray(res.path) && Array.isArray(res.steps)) res.path = res.steps;
    if (!Array.isArray(res.path) || !res.path.length) {
      message(cleanError(res.error) || `No solving path (${res.status}).`, "error");
      return;
    }
    state.path = { puzzle: res.puzzle || line, steps: res.path, index: 0 };
    state.hint = { level: 0, data: null };
    resetHintDisplay();
    el["path-panel"].hidden = false;
    const note = res.status === "rated" ? "" : ` The path stops early: ${cleanError(res.error) || res.status}.`;
    message(`The solving path: ${res.path.length} steps.${note}`);
    showPathStep();
    el["path-next"].focus();
  } catch (e) {
    message(e.message, "error");
  } finally {
    el["path-open"].disabled = !!state.path;
  }
}

function pathGo(delta) {
  const p = state.path;
  if (!p) return;
  const k = Math.max(0, Math.min(p.steps.length - 1, p.index + delta));
  if (k === p.index) return;
  p.index = k;
  showPathStep();
  if (el["path-prev"].disabled && document.activeElement === el["path-prev"]) el["path-next"].focus();
  if (el["path-next"].disabled && document.activeElement === el["path-next"]) el["path-prev"].focus();
}

function closePath(repaint = true) {
  if (!state.path) return;
  state.path = null;
  marks = emptyMarks();
  el["path-panel"].hidden = true;
  el["path-text"].textContent = "";
  el["path-nested"].replaceChildren();
  if (repaint) {
    paint();
    refreshStatus();
    el["path-open"].focus();
  }
}

// ------------------------------------------------------------------ Rating

function fmt(x) {
  return typeof x === "number" ? x.toFixed(1) : String(x ?? "–");
}

// clearRating empties the rating box: the puzzle it rated is gone.
function clearRating() {
  state.ratingOf = null;
  el.rating.replaceChildren();
}

// showRating fills the rating box with a grade answer for the givens on
// the board; a change of givens clears it.
function showRating(res) {
  const box = el.rating;
  box.replaceChildren();
  state.ratingOf = givensLine();
  if (res.er === undefined || res.er === null) {
    box.append(h("p", { className: "error" }, cleanError(res.error) || `Not rated: ${res.status}.`));
    return;
  }
  const dl = h("dl", { className: "scores" });
  for (const [k, v, title] of [["ER", res.er, "Explainer rating: the hardest step"], ["EP", res.ep, "the hardest step before the first placement"], ["ED", res.ed, "the hardest step before the first elimination"]]) {
    dl.append(h("div", { title }, h("dt", null, k), h("dd", null, fmt(v))));
  }
  box.append(dl);
  const facts = [];
  if (res.level) facts.push(res.level);
  if (res.hardest) facts.push(`hardest: ${res.hardest}`);
  if (res.steps) facts.push(`${res.steps} steps`);
  if (res.clues) facts.push(`${res.clues} clues`);
  if (facts.length) box.append(h("p", { className: "facts" }, facts.join(" · ")));
  if (res.status && res.status !== "rated") box.append(h("p", { className: "error" }, cleanError(res.error) || res.status));
  const usage = res.usage && typeof res.usage === "object" ? Object.entries(res.usage) : [];
  if (usage.length) {
    usage.sort((a, b) => (state.techOrder.get(a[0]) ?? 999) - (state.techOrder.get(b[0]) ?? 999));
    const body = h("tbody");
    for (const [key, u] of usage) {
      body.append(h("tr", null, h("th", { scope: "row" }, state.techNames.get(key) || key),
        h("td", null, String(u.steps ?? "")), h("td", null, String(u.placements ?? "")), h("td", null, String(u.eliminations ?? ""))));
    }
    const table = h("table", { className: "usage" },
      h("thead", null, h("tr", null, h("th", { scope: "col" }, "Technique"), h("th", { scope: "col" }, "Steps"),
        h("th", { scope: "col" }, "Placed"), h("th", { scope: "col" }, "Eliminated"))), body);
    box.append(h("details", null, h("summary", null, "Techniques used"), table));
  }
}

async function onRate() {
  if (!hasGivens()) return message("No givens to rate: load or enter a puzzle first.", "error");
  el.rate.disabled = true;
  const line = givensLine();
  const rules = rulesKey(RULES);
  const same = () => line === givensLine() && rules === rulesKey(RULES);
  try {
    const res = await request("/api/v1/grade", { puzzle: line, ...rulesFields() });
    if (same()) showRating(res);
  } catch (e) {
    if (same()) showRating({ error: e.message });
  } finally {
    el.rate.disabled = false;
  }
}

// -------------------------------------------------------------- New puzzle

let generating = null; // the AbortController of the generation under way

// BANK says that the server draws new puzzles from a puzzle bank (serve
// --bank); SESSION names this page's session there, so that the puzzles it
// was served are not served again.
let BANK = false;
const SESSION = globalThis.crypto && crypto.randomUUID ? crypto.randomUUID()
  : Array.from({ length: 4 }, () => Math.floor(Math.random() * 2 ** 32).toString(16).padStart(8, "0")).join("-");

// drawFromBank asks the bank for an unused puzzle of the level or rating
// asked: its row, or null when the bank has none left.
async function drawFromBank(ask, signal) {
  try {
    return await request("/api/v1/bank/draw", { ...ask, session: SESSION, ...rulesFields() }, { signal });
  } catch (e) {
    if (e.status === 422) return null;
    throw e;
  }
}

// RATING_PRESETS are the choices of #new-level past the levels: bands of
// the hardest puzzles, which the server finds by a search near the
// hardest known ones.
const RATING_PRESETS = ["9.5-9.9", "10.0+"];

function ratingOptions() {
  return h("optgroup", { label: "By rating" }, ...RATING_PRESETS.map((r) => h("option", { value: `rating ${r}`, dataset: { rating: r } }, `ER ${r}`)));
}

async function onNew() {
  if (generating) {
    generating.abort();
    return;
  }
  const choice = el["new-level"].selectedOptions[0];
  const killer = RULES.variant.includes("killer");
  const sized = RULES.size !== 9;
  // Other sizes are made by level (easy, medium, hard), killers of other
  // sizes without a level or a rating (the killer techniques are 9x9's).
  const rating = sized ? "" : el["new-rating"].value.trim() || (choice && choice.dataset.rating) || "";
  const level = killer && sized ? "" : el["new-level"].value;
  if (rating && !/^\d+(\.\d+)?\s*(\+|-\s*(\d+(\.\d+)?)?)?$/.test(rating)) {
    message(`“${rating}” is not a rating range: write e.g. 3.0-4.0, 9.8 or 10.0+.`, "error");
    el["new-rating"].focus();
    return;
  }
  const btn = el.new;
  generating = new AbortController();
  btn.setAttribute("aria-busy", "true");
  btn.textContent = "Cancel";
  btn.title = "Generating: press to cancel";
  el.form.classList.add("generating");
  const kind = `${sized ? `${N}x${N} ` : ""}${RULES.variant.length ? `${RULES.variant.join(", ")} ` : ""}`;
  const what = `Generating a ${rating ? `${kind}puzzle rated ${rating}` : `${level} ${kind}puzzle`.trim()}…`.replace(/\s+/g, " ");
  const start = Date.now();
  const tick = () => {
    const s = Math.round((Date.now() - start) / 1000);
    message(`${what}${s ? ` ${s} s` : ""} (Cancel stops it)`);
  };
  tick();
  const ticker = setInterval(tick, 1000);
  try {
    const ask = rating ? { rating } : level ? { level } : {};
    let p = BANK && !sized && !killer ? await drawFromBank(ask, generating.signal) : null;
    const fromBank = Boolean(p);
    let why = "";
    // A jigsaw of another size made by New draws its layout, unless one
    // was typed or pasted.
    const drawLayout = sized && RULES.variant.includes("jigsaw") && (drawnLayout || !RULES.regions);
    if (!p) {
      const fields = rulesFields();
      delete fields.cages; // a killer made draws its own
      if (drawLayout) delete fields.regions;
      const res = await request("/api/v1/generate", { ...ask, count: 1, ...fields }, { signal: generating.signal });
      p = res.puzzles && res.puzzles[0];
      why = res.error;
    }
    if (!p || !p.puzzle) throw new ApiError(cleanError(why) || "No puzzle was made.");
    await adoptRules(p);
    drawnLayout = drawLayout;
    loadPuzzle(p.puzzle, null);
    const kind = `${sized ? `${N}x${N} ` : ""}${RULES.variant.length ? `${RULES.variant.join(", ")} ` : ""}`;
    const whence = fromBank ? ` from the bank (puzzle ${p.line})` : BANK && !sized && !killer ? " (the bank has none left: generated)" : "";
    if (sized || killer) {
      if (p.er) showRating(p); // a 9x9 killer made by level or rating
      else clearRating();
      message(`New ${p.level || ""} ${kind}puzzle: ${killer ? `${RULES.cages.length} cages, ` : ""}${countGivens()} givens${p.er ? `, ER ${fmt(p.er)}` : ""}.`.replace(/\s+/g, " "), "ok");
    } else {
      showRating(p);
      message(`New ${p.level || ""} ${kind}puzzle${whence}: ER ${fmt(p.er)}, ${p.clues || countGivens()} clues.`.replace(/\s+/g, " "), "ok");
    }
  } catch (e) {
    message(e.status === -1 ? "Generation cancelled." : e.message, e.status === -1 ? "info" : "error");
  } finally {
    clearInterval(ticker);
    generating = null;
    btn.removeAttribute("aria-busy");
    btn.textContent = "New";
    btn.title = "";
    el.form.classList.remove("generating");
  }
}

// --------------------------------------------------------------- Downloads

async function onDownload(format) {
  if (!hasGivens()) return message("No givens to print: load or enter a puzzle first.", "error");
  const btn = el[`download-${format}`];
  btn.disabled = true;
  try {
    const { blob, note } = await request("/api/v1/print", { puzzles: [givensLine()], format, title: "sudokit", ...rulesFields() }, { binary: true });
    const url = URL.createObjectURL(blob);
    const a = h("a", { href: url, download: `sudoku.${format}`, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    // A note says what the file lacks: a puzzle over the grading budget is
    // printed without a rating.
    message(note ? `sudoku.${format} downloaded; ${note.replace(/^puzzle 1: /, "")}.` : `sudoku.${format} downloaded.`, note ? "info" : "ok");
  } catch (e) {
    message(e.message, "error");
  } finally {
    btn.disabled = false;
  }
}

// -------------------------------------------------------------------- Theme

function effectiveTheme() {
  return document.documentElement.dataset.theme || (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
}
function paintTheme() {
  const dark = effectiveTheme() === "dark";
  el.theme.textContent = dark ? "Light theme" : "Dark theme";
  el.theme.setAttribute("aria-label", dark ? "Switch to the light theme" : "Switch to the dark theme");
}
function onTheme() {
  const next = effectiveTheme() === "dark" ? "light" : "dark";
  document.documentElement.dataset.theme = next;
  try {
    localStorage.setItem(THEME_KEY, next);
  } catch {
    // Not remembered.
  }
  paintTheme();
}
function restoreTheme() {
  let t = null;
  try {
    t = localStorage.getItem(THEME_KEY);
  } catch {
    t = null;
  }
  if (t === "light" || t === "dark") document.documentElement.dataset.theme = t;
}

// ------------------------------------------------------------------ 8. Input

function isTextField(t) {
  return t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
}

// digitOfCode reads the digit of a key from its position, so that
// Shift+5 ("%") still counts as 5.
function digitOfCode(code) {
  const m = /^(?:Digit|Numpad)([0-9])$/.exec(code || "");
  if (m) return +m[1];
  const k = /^Key([A-Z])$/.exec(code || "");
  return k && N > 9 && valueOf(k[1]) ? valueOf(k[1]) : -1;
}

// keyDigit reads the digit a key types: 1-9, and on boards of 10 and up
// the letters A for 10 and on (H is the hint key up to 16x16, where it is
// no digit).
function keyDigit(e) {
  if (/^[0-9]$/.test(e.key)) return +e.key;
  if (N > 9 && /^[a-z]$/i.test(e.key) && valueOf(e.key)) return valueOf(e.key);
  return -1;
}

function onKeyDown(e) {
  if (e.defaultPrevented || e.isComposing || isTextField(e.target)) return;
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && !e.altKey) {
    const k = e.key.toLowerCase();
    if (k === "z" && !e.shiftKey) {
      e.preventDefault();
      undo();
    } else if (k === "y" || (k === "z" && e.shiftKey)) {
      e.preventDefault();
      redo();
    }
    return;
  }
  if (ctrl) return;
  const d = keyDigit(e);
  if ((e.shiftKey || e.altKey) && digitOfCode(e.code) > 0) {
    e.preventDefault();
    if (state.selected >= 0) toggleStrike(state.selected, digitOfCode(e.code));
    return;
  }
  if (d > 0) {
    e.preventDefault();
    if (state.selected >= 0 && !state.path) {
      if (state.pencil) toggleStrike(state.selected, d);
      else enterDigit(state.selected, d);
    } else toggleHighlight(d);
    return;
  }
  const onBoard = e.target === el.board || e.target === document.body;
  switch (e.key) {
    case "0":
    case "Backspace":
    case "Delete":
      if (state.selected >= 0) {
        e.preventDefault();
        eraseCell(state.selected);
      }
      return;
    case "ArrowUp":
    case "ArrowDown":
    case "ArrowLeft":
    case "ArrowRight":
      if (!onBoard) return;
      e.preventDefault();
      moveSelection(e.key === "ArrowUp" ? -1 : e.key === "ArrowDown" ? 1 : 0,
        e.key === "ArrowLeft" ? -1 : e.key === "ArrowRight" ? 1 : 0);
      return;
    case "Escape":
      if (state.path) closePath();
      else if (state.selected >= 0 || state.highlight) {
        state.selected = -1;
        state.highlight = 0;
        paint();
      }
      return;
    case "h":
    case "H":
      if (e.shiftKey || e.altKey) return;
      e.preventDefault();
      onHint();
      return;
    default:
  }
}

function onBoardClick(e) {
  const cell = e.target.closest(".cell");
  if (!cell) return;
  const i = +cell.dataset.cell;
  const cand = e.target.closest(".cand");
  if (cand && !state.path && (state.pencil || e.shiftKey || e.altKey)) {
    state.selected = i;
    toggleStrike(i, +cand.dataset.digit);
    paint();
    return;
  }
  select(i);
}

function onDigitButton(e) {
  const b = e.target.closest("button[data-digit]");
  if (!b) return;
  const d = +b.dataset.digit;
  const i = state.selected;
  if (d === 0) {
    if (i >= 0) eraseCell(i);
    else message("Select a cell to erase first.");
    return;
  }
  if (i >= 0 && !state.path && state.pencil) toggleStrike(i, d);
  else if (i >= 0 && !state.path && (editable(i) || !hasPuzzle())) enterDigit(i, d);
  else toggleHighlight(d);
}

function bind() {
  document.addEventListener("keydown", onKeyDown);
  el.board.addEventListener("click", onBoardClick);
  el.board.addEventListener("focus", () => {
    if (state.selected < 0 && el.board.matches(":focus-visible")) select(0);
  });
  el.digits.addEventListener("click", onDigitButton);
  el.counters.addEventListener("click", (e) => {
    const t = e.target.closest("[data-digit]");
    if (t) toggleHighlight(+t.dataset.digit);
  });
  const on = (id, fn) => el[id].addEventListener("click", fn);
  on("undo", undo);
  on("redo", redo);
  on("pencil", () => {
    state.pencil = !state.pencil;
    save();
    paint();
  });
  on("toggle-candidates", () => {
    state.showCands = !state.showCands;
    save();
    paint();
  });
  on("toggle-counters", () => {
    state.showCounters = !state.showCounters;
    save();
    paint();
  });
  on("mode", onMode);
  on("checkpoint", onCheckpoint);
  on("restore", onRestore);
  on("clear", onClear);
  on("hint", onHint);
  on("apply", onApply);
  on("path-open", onPathOpen);
  on("path-prev", () => pathGo(-1));
  on("path-next", () => pathGo(1));
  on("path-close", () => closePath());
  on("load", onLoad);
  on("rate", onRate);
  on("new", onNew);
  on("download-pdf", () => onDownload("pdf"));
  on("download-svg", () => onDownload("svg"));
  on("theme", onTheme);
  on("rules-classic", () => {
    for (const b of el.variants.querySelectorAll("input[name=variant]")) b.checked = false;
    onPick();
  });
  el.variants.addEventListener("change", onPick);
  el.size.addEventListener("change", onPick);
  el.regions.addEventListener("input", () => {
    drawnLayout = false;
    clearTimeout(pickTimer);
    pickTimer = setTimeout(onPick, 400);
  });
  el.paste.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onLoad();
    }
  });
  el["row-input"].addEventListener("input", onRowInput);
  el["row-input"].addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      onRowEnter();
    }
  });
  el["new-rating"].addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      onNew();
    }
  });
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", paintTheme);
  new ResizeObserver(() => {
    if (marks.chains.length) {
      cancelAnimationFrame(linksFrame);
      linksFrame = requestAnimationFrame(drawLinks);
    }
  }).observe(el.boardWrap);
}

// ------------------------------------------------------------------- 9. Init

async function loadMeta() {
  const [techs, levels, variants, bank, killerLevels] = await Promise.allSettled([request("/api/v1/techniques"), request("/api/v1/levels"), request("/api/v1/variants"),
    fetch("/api/v1/bank/stats", { headers: { Accept: "application/json" } }), request("/api/v1/levels/killer")]);
  BANK = bank.status === "fulfilled" && bank.value.ok;
  if (variants.status === "fulfilled" && Array.isArray(variants.value)) buildPicker(variants.value);
  if (techs.status === "fulfilled" && Array.isArray(techs.value)) {
    techs.value.forEach((t, n) => {
      state.techNames.set(t.key, t.name);
      state.techOrder.set(t.key, n);
    });
  }
  if (killerLevels.status === "fulfilled" && Array.isArray(killerLevels.value) && killerLevels.value.length) LEVELS.killer = killerLevels.value;
  if (levels.status === "fulfilled" && Array.isArray(levels.value) && levels.value.length) {
    LEVELS.classic = levels.value;
  } else if (levels.status === "rejected") {
    message(levels.reason.message, "error");
  }
  LEVELS.shown = null; // the page's own list gives way to the server's
  syncLevels();
}

async function init() {
  for (const e of document.querySelectorAll("[id]")) el[e.id] = e;
  el.caption = el["board-caption"];
  el.form = el.new.closest(".new");
  el.boardWrap = el.board.parentElement;
  restoreTheme();
  paintTheme();
  restoreSaved();
  await restoreRules();
  buildBoard();
  restoreBoard();
  syncPicker();
  refreshCages();
  buildCounters();
  bind();
  paintRowLabel();
  paint();
  refreshStatus();
  await loadMeta();
  document.body.dataset.ready = "1";
}

init();
