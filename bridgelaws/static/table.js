// The bridgelaws card table in the page: the front end of bridgelaws.widgets.CardTable (an anywidget ES module).
//
// Python renders the table as HTML (bridgelaws.render.html.board_parts, the same renderer as the static
// diagrams) into the model's `frame` and `parts`; this module puts it into a shadow root, so that no style of the page
// reaches in and none of ours leaks out, and no id is ever used: any number of tables in any number of
// notebooks on one page are independent. Clicks are caught once on the root (event delegation) and sent
// to Python as {action, ...}; the keyboard is handled here: arrow keys move within a group (a hand, the
// decision, the branches, the exam), Tab moves between groups (one tab stop each), Enter or Space presses.
// After a play or a choice, focus goes to where the table says play goes on (`focus`: "hand:W",
// "decision", "exam"); a decision or a refusal is announced through a live region.

const GROUPS = "[data-hand], [data-role='decision'], [data-role='branches'], [data-role='exam'], [role='toolbar'], "
  + "[data-role='timeline'] svg";
// the items of a group the arrow keys move between: buttons, or the timeline's trick columns (SVG rects with
// role=button, one of them the tab stop)
const TRICK = "[data-role='timeline'] [data-trick]";
// a button on its way out (see drop() below) is no tab stop and no focus target
const LEAVING = "[data-leaving], [data-leaving] *";
const TAB_STOP = `button[tabindex='0']:not(${LEAVING})`;
// what Tab stops at inside the table (a group's buttons other than its one tab stop have tabindex -1)
const TABBABLE = "button:not([tabindex='-1']), select, input, summary, a[href], [data-trick][tabindex='0']";
const CLOCKWISE = ["N", "E", "S", "W"];
const MOVE_FOCUS = new Set(["card", "choose", "revoke_action", "branch", "exam_choice", "exam_check", "article",
  "next_stop", "prev_stop", "restart"]);

function keyOf(el) {
  if (!el) return null;
  if (el.dataset && el.dataset.trick) return "trick:" + el.dataset.trick;
  if (el.dataset && el.dataset.card) return "card:" + el.dataset.card;
  if (el.dataset && el.dataset.action) return "action:" + el.dataset.action + ":" + (el.dataset.arg || "");
  if (el.dataset && el.dataset.field) return "field:" + el.dataset.field;
  return null;
}

function findByKey(body, key) {
  if (!key) return null;
  const [kind, a, b] = key.split(":");
  let sel;
  if (kind === "trick") sel = `${TRICK}[data-trick="${a}"]`;
  else if (kind === "card") sel = `[data-card="${a}"]`;
  else if (kind === "action") sel = b ? `[data-action="${a}"][data-arg="${b}"]` : `[data-action="${a}"]:not([data-arg])`;
  else sel = `[data-field="${a}"]`;
  const el = body.querySelector(sel);
  return el && !el.disabled ? el : null;
}

function rove(group) {
  // one tab stop per group: keep the button the markup marked (tabindex=0), else the first enabled one
  const items = Array.from(group.querySelectorAll(`button:not(${LEAVING})`)).filter((b) => !b.disabled);
  if (!items.length) return;
  let current = items.find((b) => b.getAttribute("tabindex") === "0") || items[0];
  for (const b of items) b.setAttribute("tabindex", b === current ? "0" : "-1");
}

function render({ model, el }) {
  const host = document.createElement("div");
  host.className = "bl-host";
  el.appendChild(host);
  const root = host.attachShadow({ mode: "open" });
  const style = document.createElement("style");
  style.textContent = model.get("_table_css");
  // the picture's own styles, as classes (the same declarations the static diagrams carry inline)
  const sheet = document.createElement("style");
  sheet.textContent = model.get("styles");
  const body = document.createElement("div");
  body.className = "bl-body";
  body.tabIndex = -1;
  const live = document.createElement("div");
  live.className = "bl-live";
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  root.append(sheet, style, body, live);

  let lastAction = null;
  let filesOpen = null;
  let fileName = null;
  // what the teacher types in the Save box's title, question and laws: kept across redraws until sent
  let typedWords = {};

  function focusTarget() {
    const t = model.get("focus") || "";
    let el = null;
    if (t.startsWith("hand:")) {
      const hand = body.querySelector(`[data-hand="${t.slice(5)}"]`);
      if (hand) el = hand.querySelector(TAB_STOP) || hand.querySelector(`button:not(${LEAVING})`);
    } else if (t === "decision" || t === "exam") {
      const box = body.querySelector(`[data-role="${t}"]`);
      if (box) el = box.querySelector(`button:not([disabled]):not(${LEAVING})`);
    }
    return el;
  }

  // A region is patched in place (morph) rather than re-parsed into new nodes: the nodes that stay (the cards
  // not played) keep their identity, so a focused card that stays focused is not removed (removing the focused
  // element forces a style and layout pass of the whole page), and the browser restyles only what changed.
  const scratch = document.createElement("template");
  function sameNode(a, b) {
    if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
    return a.nodeType !== 1 || a.getAttribute("data-card") === b.getAttribute("data-card");
  }
  function patchNode(a, b) {
    if (a.nodeType !== 1) {
      if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue;
      return;
    }
    const attrs = b.attributes;
    for (let i = a.attributes.length - 1; i >= 0; i--) {
      const n = a.attributes[i].name;
      // a fold the reader opened (the timeline's text version) stays open while the table moves on
      if (!b.hasAttribute(n) && !(n === "open" && a.hasAttribute("data-fold"))) a.removeAttribute(n);
    }
    for (let i = 0; i < attrs.length; i++) {
      const { name, value } = attrs[i];
      if (a.getAttribute(name) !== value) a.setAttribute(name, value);
    }
    patchChildren(a, b);
  }
  function patchChildren(parent, from) {
    let a = parent.firstChild;
    let b = from.firstChild;
    while (b) {
      const next = b.nextSibling;
      if (a && sameNode(a, b)) {
        // (a subtree that did not change, most of a hand, is compared natively and left as it is)
        if (!a.isEqualNode(b)) patchNode(a, b);
        a = a.nextSibling;
      } else if (a && a.nodeType === 1 && a.hasAttribute("data-card") && b.nodeType === 1
                 && !from.querySelector(`:scope > [data-card="${a.getAttribute("data-card")}"]`)) {
        const gone = a;  // a card no longer there (played): remove it and compare again
        a = a.nextSibling;
        drop(gone);
        continue;
      } else {
        parent.insertBefore(b, a);  // moves the new node over from the scratch template
      }
      b = next;
    }
    while (a) {
      const gone = a;
      a = a.nextSibling;
      drop(gone);
    }
  }
  // Removing the focused element makes the browser blur it and lay the whole page out there and then (2-4 ms
  // in JupyterLab), and then again when focus moves on. So the node holding the focus (the card just played,
  // the option just chosen) loses its markers here and goes just before the next paint, right after focus has
  // moved to where play goes on: one layout per click, not two. Nothing is painted in between.
  let focused = null;
  let leaving = [];
  function drop(node) {
    if (!focused || !node.contains(focused)) {
      node.remove();
      return;
    }
    for (const el of [node, ...node.querySelectorAll("*")]) {
      // (its tabindex stays: changing it on the focused element makes the browser restyle at once)
      for (const a of ["data-card", "data-legal", "data-action", "data-role"]) el.removeAttribute(a);
    }
    if (node.nodeType === 1) node.setAttribute("data-leaving", "");
    leaving.push(node);
  }
  function morph(el, html) {
    scratch.innerHTML = html;
    patchChildren(el, scratch.content);
  }

  // The frame is kept; only the regions (hands, trick, corners, header, side column) whose markup changed are
  // parsed and patched: a played card redraws two hands, the trick and the side column.
  let shownFrame = null;
  let shown = {};
  // returns the regions patched (the groups in the others kept their tab stops)
  function update(active) {
    focused = active;
    const frame = model.get("frame");
    if (frame !== shownFrame) {
      body.innerHTML = frame;
      shownFrame = frame;
      shown = {};
    }
    const root = body.firstElementChild;
    const changed = [];
    if (!root) return changed;
    for (const el of root.querySelectorAll("[data-region]")) {
      const k = el.dataset.region;
      const inner = model.get("r_" + k) || "";
      if (shown[k] !== inner) {
        changed.push(el);
        // (the toolbar's lists follow a changed "selected" when patched; the Save/Load box's fold and the file
        // name typed are put back after the patch, below)
        if (!(k in shown)) el.innerHTML = inner;
        else morph(el, inner);
        shown[k] = inner;
      }
    }
    return changed;
  }

  // The timeline's markup changes only when its lanes do; its line of the position reached and the ends of the
  // lanes in force move with each card: a few attributes set here (the twin of bridgelaws.timeline.place_now).
  function placeNow() {
    const x = model.get("timeline_now");
    const box = x && body.querySelector("[data-region='timeline']");
    if (!box) return;
    const at = parseFloat(x);
    for (const el of box.querySelectorAll("[data-now]")) {
      const least = el.getAttribute("data-now-min");
      const v = least !== null && parseFloat(least) > at ? least : x;
      for (const name of el.getAttribute("data-now").split(" ")) {
        const value = name === "transform" ? `translate(${v})` : v;
        if (el.getAttribute(name) !== value) el.setAttribute(name, value);
      }
    }
  }

  function draw() {
    const active = root.activeElement;
    const hadFocus = !!active || lastAction !== null;
    const key = keyOf(active);
    const changed = update(active);
    placeNow();
    // the markup already gives each group one tab stop; only a group without one gets it here (only the
    // regions just patched can have lost theirs)
    for (const region of changed) {
      for (const g of region.querySelectorAll(GROUPS)) if (!g.querySelector(TAB_STOP)) rove(g);
    }
    const files = body.querySelector("details.bl-files");
    if (files && filesOpen !== null) files.open = filesOpen;
    const name = body.querySelector("[data-field='filename']");
    if (name && fileName !== null) name.value = fileName;
    for (const [field, value] of Object.entries(typedWords)) {
      const el = body.querySelector(`[data-field='${field}']`);
      if (el) el.value = value;
    }
    if (hadFocus) {
      let target = null;
      if (lastAction && MOVE_FOCUS.has(lastAction)) target = focusTarget() || findByKey(body, key);
      else target = findByKey(body, key) || focusTarget();
      // focus just before the next paint. Scrolling the target into view forces a layout of the whole page
      // there and then, before the frame's own: only a click from the keyboard (Enter, Space) scrolls, to keep
      // the hand to play in view of someone who cannot see where focus went; after a mouse click the person
      // is looking at the table, and focus only moves (style, no layout), ready for the keyboard.
      const gone = leaving;
      const scroll = !still && !pointer;
      requestAnimationFrame(() => {
        (target && target.isConnected ? target : body).focus({ preventScroll: !target || !scroll });
        for (const node of gone) node.remove();
      });
    } else {
      for (const node of leaving) node.remove();
    }
    leaving = [];
    focused = null;
    lastAction = null;
    still = false;
    pointer = false;
    const say = model.get("announce");
    if (say && live.textContent !== say) live.textContent = say;
  }

  // a click on a trick of the timeline (under the hands): the page stays where it is
  let still = false;
  // the last click came from a mouse or a finger (a click from the keyboard has detail 0)
  let pointer = false;
  function trickAt(e) {
    const svg = e.target.closest && e.target.closest("[data-role='timeline'] svg");
    if (!svg) return null;
    const hit = e.target.closest("[data-trick]");
    if (hit) return hit.getAttribute("data-trick");
    for (const col of svg.querySelectorAll("[data-trick]")) {
      const r = col.getBoundingClientRect();  // a click on a lane or its words: the column under it
      if (e.clientX >= r.left && e.clientX < r.right) return col.getAttribute("data-trick");
    }
    return null;
  }

  function send(msg) {
    lastAction = msg.action;
    model.send(msg);
  }

  body.addEventListener("click", (e) => {
    pointer = e.detail > 0;
    const trick = trickAt(e);
    if (trick) {
      e.preventDefault();
      send({ action: "trick", arg: trick });
      still = true;
      return;
    }
    const b = e.target.closest("button");
    if (!b || b.disabled || !body.contains(b)) return;
    e.preventDefault();
    if (b.dataset.card) {
      send({ action: "card", card: b.dataset.card });
      return;
    }
    const action = b.dataset.action;
    if (!action) return;
    const msg = { action };
    if (b.dataset.arg !== undefined) msg.arg = b.dataset.arg;
    if (action === "save" || action === "save_test" || action === "save_branches" || action === "load") {
      const name = body.querySelector("[data-field='filename']");
      const over = body.querySelector("[data-field='overwrite']");
      msg.name = name ? name.value : "";
      msg.overwrite = over ? over.checked : false;
      for (const field of ["title", "question", "laws"]) {
        const el = body.querySelector(`[data-field='${field}']`);
        if (el) msg[field] = el.value;
      }
      for (const field of ["expect_cite", "expect_values"]) {
        const el = body.querySelector(`[data-field='${field}']`);
        if (el) msg[field] = el.checked;
      }
      typedWords = {};
    }
    send(msg);
  });

  body.addEventListener("change", (e) => {
    const s = e.target.closest("select[data-action]");
    if (s) send({ action: s.dataset.action, value: s.value });
  });

  body.addEventListener("input", (e) => {
    if (e.target.dataset && e.target.dataset.field === "filename") fileName = e.target.value;
    else if (e.target.dataset && ["title", "question", "laws"].includes(e.target.dataset.field)) {
      typedWords[e.target.dataset.field] = e.target.value;
    }
  });

  // the Save box's title starts as the record's or the file's own: the first time the teacher enters it, its text
  // is selected, so that what he types takes its place (he can still click again to edit it)
  let selectOnce = null;
  body.addEventListener("focusin", (e) => {
    const el = e.target;
    if (el.dataset && el.dataset.field === "title" && typedWords.title === undefined && el.select) {
      el.select();
      selectOnce = el;   // the click's own mouseup would put the caret where it landed
    }
  });
  body.addEventListener("mouseup", (e) => {
    if (selectOnce && e.target === selectOnce) e.preventDefault();
    selectOnce = null;
  });

  body.addEventListener("toggle", (e) => {
    if (e.target.classList && e.target.classList.contains("bl-files")) filesOpen = e.target.open;
  }, true);

  // Tab goes round the table clockwise, the same in every view: the step bar, then the hands North, East,
  // South, West (wherever the layout puts them in the markup), then the rest in page order. At either end
  // the browser's own Tab leaves the table.
  function tabOrder() {
    const all = Array.from(body.querySelectorAll(TABBABLE)).filter((el) => !el.disabled
      && !el.closest(LEAVING) && el.getClientRects().length > 0
      && !(el.closest("details:not([open])") && el.tagName !== "SUMMARY"));
    const handOf = (el) => { const h = el.closest("[data-hand]"); return h ? h.dataset.hand : null; };
    const hands = all.filter((el) => handOf(el) !== null)
      .sort((a, b) => CLOCKWISE.indexOf(handOf(a)) - CLOCKWISE.indexOf(handOf(b)));
    const at = all.findIndex((el) => handOf(el) !== null);
    if (at < 0) return all;
    const rest = all.filter((el) => handOf(el) === null);
    return [...rest.slice(0, at), ...hands, ...rest.slice(at)];
  }

  body.addEventListener("keydown", (e) => {
    if (e.key !== "Tab" || e.altKey || e.ctrlKey || e.metaKey) return;
    const order = tabOrder();
    const i = order.indexOf(e.target);
    if (i < 0) return;
    const j = i + (e.shiftKey ? -1 : 1);
    if (j < 0 || j >= order.length) return;
    e.preventDefault();
    order[j].focus();
  });

  body.addEventListener("keydown", (e) => {
    const t = e.target;
    if (!(t instanceof Element) || t.tagName === "INPUT" || t.tagName === "SELECT") return;
    // a trick's column of the timeline is a button for the keyboard: Enter or Space moves the table there
    // (focus stays on the column, the page stays where it is)
    if ((e.key === "Enter" || e.key === " ") && t.matches(TRICK) && !e.repeat) {
      e.preventDefault();
      send({ action: "trick", arg: t.getAttribute("data-trick") });
      still = true;
      return;
    }
    const group = t.closest(GROUPS);
    if (!group) return;
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
    if (!(e.key in keys)) return;
    const items = Array.from(group.querySelectorAll(group.matches("svg") ? "[data-trick]" : "button"))
      .filter((b) => !b.disabled);
    const i = items.indexOf(t);
    if (i < 0) return;
    const k = keys[e.key];
    const j = k === "first" ? 0 : k === "last" ? items.length - 1 : (i + k + items.length) % items.length;
    e.preventDefault();
    for (const b of items) b.setAttribute("tabindex", "-1");
    items[j].setAttribute("tabindex", "0");
    items[j].focus();
  });

  model.on("change:styles", () => { sheet.textContent = model.get("styles"); });
  // frame and parts arrive in one message: draw once after both have changed
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; draw(); });
  };
  const REGIONS = ["header", "nw", "tools", "N", "ne", "files", "W", "centre", "E", "S", "side", "timeline"];
  for (const r of REGIONS) model.on("change:r_" + r, schedule);
  model.on("change:frame", schedule);
  model.on("change:timeline_now", schedule);
  model.on("change:_table_css", () => { style.textContent = model.get("_table_css"); });
  draw();
  return () => {
    for (const r of REGIONS) model.off("change:r_" + r, schedule);
    model.off("change:frame", schedule);
    model.off("change:timeline_now", schedule);
  };
}

export default { render };
