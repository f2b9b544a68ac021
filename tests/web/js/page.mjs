/* The browser's scripts under Node, without a browser: a small fake page (elements with
   attributes, children, text, listeners and simple selectors) in a vm context, into which the
   tests load the page's own files in their order (common.js first), as the templates do.
   Not a test file itself: the tests (*.test.mjs) import it. */
import fs from "node:fs";
import vm from "node:vm";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

export const STATIC = fileURLToPath(new URL("../../../src/airwar/web/static/js/", import.meta.url));
const nodeRequire = createRequire(import.meta.url);

/* A file of static/js that exports itself to Node (module.exports, guarded for the browser). */
export function module(name) {
  return nodeRequire(STATIC + name);
}

class Text {
  constructor(text) { this.nodeType = 3; this.data = String(text); this.parentNode = null; }
  get textContent() { return this.data; }
  set textContent(v) { this.data = String(v); }
}

class Element {
  constructor(tag, doc) {
    this.tagName = String(tag).toUpperCase();
    this.nodeType = 1;
    this.ownerDocument = doc;
    this.attributes = {};
    this.childNodes = [];
    this.parentNode = null;
    this.listeners = {};
    this.style = { cssText: "" };
    this.dataset = {};
    this.hidden = false;
    this.value = "";
    this.disabled = false;
    this.checked = false;
    this.scrollTop = 0;
    this.scrollHeight = 0;
    const el = this;
    this.classList = {
      add: function (...c) { const s = new Set(el.classes()); c.forEach((x) => s.add(x)); el.setAttribute("class", [...s].join(" ")); },
      remove: function (...c) { el.setAttribute("class", el.classes().filter((x) => !c.includes(x)).join(" ")); },
      contains: function (c) { return el.classes().includes(c); },
      toggle: function (c, on) {
        const want = on === undefined ? !el.classes().includes(c) : !!on;
        if (want) this.add(c); else this.remove(c);
        return want;
      },
    };
  }
  classes() { return (this.attributes.class || "").split(/\s+/).filter(Boolean); }
  get id() { return this.attributes.id || ""; }
  set id(v) { this.setAttribute("id", v); }
  get className() { return this.attributes.class || ""; }
  set className(v) { this.setAttribute("class", v); }
  setAttribute(k, v) {
    this.attributes[k] = String(v);
    if (k.startsWith("data-")) {
      this.dataset[k.slice(5).replace(/-([a-z])/g, (_, c) => c.toUpperCase())] = String(v);
    }
    if (k === "id") this.ownerDocument.ids.set(String(v), this);
  }
  getAttribute(k) { return Object.prototype.hasOwnProperty.call(this.attributes, k) ? this.attributes[k] : null; }
  hasAttribute(k) { return Object.prototype.hasOwnProperty.call(this.attributes, k); }
  removeAttribute(k) { delete this.attributes[k]; }
  appendChild(c) {
    if (c.parentNode) c.parentNode.removeChild(c);
    c.parentNode = this;
    this.childNodes.push(c);
    return c;
  }
  insertBefore(c, ref) {
    if (!ref) return this.appendChild(c);
    if (c.parentNode) c.parentNode.removeChild(c);
    c.parentNode = this;
    this.childNodes.splice(this.childNodes.indexOf(ref), 0, c);
    return c;
  }
  removeChild(c) {
    const i = this.childNodes.indexOf(c);
    if (i >= 0) this.childNodes.splice(i, 1);
    c.parentNode = null;
    return c;
  }
  replaceChildren(...cs) { this.childNodes = []; cs.forEach((c) => this.appendChild(c)); }
  remove() { if (this.parentNode) this.parentNode.removeChild(this); }
  get firstChild() { return this.childNodes[0] || null; }
  get lastChild() { return this.childNodes[this.childNodes.length - 1] || null; }
  get children() { return this.childNodes.filter((c) => c.nodeType === 1); }
  get textContent() { return this.childNodes.map((c) => c.textContent).join(""); }
  set textContent(v) { this.childNodes = []; if (v !== "" && v !== null && v !== undefined) this.appendChild(new Text(v)); }
  set innerHTML(v) { this.textContent = v; }
  addEventListener(type, f) { (this.listeners[type] = this.listeners[type] || []).push(f); }
  removeEventListener(type, f) { this.listeners[type] = (this.listeners[type] || []).filter((g) => g !== f); }
  dispatch(type, ev) { (this.listeners[type] || []).forEach((f) => f(Object.assign({ preventDefault() {}, target: this }, ev))); }
  click() { this.dispatch("click", {}); }
  focus() { this.ownerDocument.activeElement = this; }
  blur() {}
  scrollIntoView() {}
  getBoundingClientRect() { return { x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0 }; }
  contains(n) { for (let p = n; p; p = p.parentNode) if (p === this) return true; return false; }
  get isConnected() { return true; }
  closest(sel) { for (let p = this; p && p.nodeType === 1; p = p.parentNode) if (p.matches(sel)) return p; return null; }
  /* simple selectors only: tag, #id, .class, [attr], [attr=value], joined by descendant steps */
  matches(sel) {
    return String(sel).split(",").some((one) => {
      const parts = one.trim().split(/\s+/);
      if (!matchOne(this, parts[parts.length - 1])) return false;
      let at = this.parentNode;
      for (let i = parts.length - 2; i >= 0; i--) {
        while (at && at.nodeType === 1 && !matchOne(at, parts[i])) at = at.parentNode;
        if (!at || at.nodeType !== 1) return false;
        at = at.parentNode;
      }
      return true;
    });
  }
  querySelectorAll(sel) {
    const out = [];
    const walk = (n) => n.children.forEach((c) => { if (c.matches(sel)) out.push(c); walk(c); });
    walk(this);
    return out;
  }
  querySelector(sel) { return this.querySelectorAll(sel)[0] || null; }
}

function matchOne(el, simple) {
  const re = /([#.]?[\w-]+)|\[([\w-]+)(?:=["']?([^"'\]]*)["']?)?\]/g;
  let m, ok = true, any = false;
  while ((m = re.exec(simple)) !== null) {
    any = true;
    if (m[1]) {
      const t = m[1];
      if (t[0] === "#") ok = ok && el.id === t.slice(1);
      else if (t[0] === ".") ok = ok && el.classes().includes(t.slice(1));
      else ok = ok && el.tagName === t.toUpperCase();
    } else {
      ok = ok && el.hasAttribute(m[2]) && (m[3] === undefined || el.getAttribute(m[2]) === m[3]);
    }
  }
  return any && ok;
}

class Document {
  constructor() {
    this.ids = new Map();
    this.activeElement = null;
    this.listeners = {};
    this.body = new Element("body", this);
    this.documentElement = new Element("html", this);
  }
  createElement(tag) { return new Element(tag, this); }
  createElementNS(ns, tag) { return new Element(tag, this); }
  createTextNode(t) { return new Text(t); }
  /* an element the page asks for by id: the one placed, else a fresh one (a page's skeleton) */
  getElementById(id) {
    if (!this.ids.has(id)) {
      const el = new Element("div", this);
      el.setAttribute("id", id);
      this.body.appendChild(el);
    }
    return this.ids.get(id);
  }
  querySelector(sel) { return this.body.querySelector(sel); }
  querySelectorAll(sel) { return this.body.querySelectorAll(sel); }
  addEventListener(type, f) { (this.listeners[type] = this.listeners[type] || []).push(f); }
}

/* A page with the given scripts of static/js loaded in order. `dom(document)` may place
   elements first (a page's root with its data attributes); `answers` maps a fetched path to
   the JSON the server gives (other requests never answer). */
export function page(files, { dom, answers, search } = {}) {
  const document = new Document();
  if (dom) dom(document);
  const storage = () => ({ getItem: () => null, setItem: () => {}, removeItem: () => {} });
  const context = {
    document,
    console,
    setTimeout, clearTimeout, setInterval, clearInterval,
    URLSearchParams, URL,
    localStorage: storage(), sessionStorage: storage(),
    location: { search: search || "", hash: "", href: "http://127.0.0.1/", origin: "http://127.0.0.1", pathname: "/" },
    requestAnimationFrame: (f) => setTimeout(f, 0),
    confirm: () => true,
    addEventListener: () => {},
    matchMedia: () => ({ matches: false, addEventListener: () => {} }),
    fetch: (url) => {
      const path = String(url);
      if (answers && Object.prototype.hasOwnProperty.call(answers, path)) {
        return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(answers[path]) });
      }
      return new Promise(() => {});
    },
  };
  context.window = context;
  context.self = context;
  vm.createContext(context);
  files.forEach((name) => {
    vm.runInContext(fs.readFileSync(STATIC + name, "utf8"), context, { filename: name });
  });
  return { A: context.Airwar, document, window: context };
}

/* All the text of a node, its rows (a <br>) kept apart by a newline. */
export function text(node) {
  if (node.nodeType === 3) return node.data;
  if (node.tagName === "BR") return "\n";
  return node.childNodes.map(text).join("");
}

/* A value made in the page (another realm) as plain data, to compare with deepEqual. */
export function plain(value) {
  return JSON.parse(JSON.stringify(value));
}
