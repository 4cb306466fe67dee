// Reading server-rendered HTML the way a person (or a screen reader) meets it: elements by their role
// and accessible name, their visible text, and the fields a form posts, instead of matching exact
// markup (which breaks on an attribute's order and passes on a wrong label). Parsed with htmlparser2,
// the parser sanitize-html already brings.
import { parseDocument } from "htmlparser2";
import { findAll, getOuterHTML, textContent } from "domutils";
import type { AnyNode, Element } from "domhandler";

export type Found = {
  tag: string;
  role: string | null;
  /** The accessible name: aria-label, a button's value, or the text inside (spaces collapsed). */
  name: string;
  /** The visible text inside, spaces collapsed. */
  text: string;
  attrs: Record<string, string>;
  /** The element's own HTML, to look inside it again. */
  html: string;
};

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

const BUTTON_INPUTS = new Set(["submit", "button", "reset", "image"]);

/** The role an element has, given or implied (the HTML-AAM mapping, for the elements our pages use). */
function roleOf(el: Element): string | null {
  const given = el.attribs.role;
  if (given) return given.split(/\s+/)[0];
  const type = (el.attribs.type ?? "text").toLowerCase();
  switch (el.name) {
    case "a":
      return "href" in el.attribs ? "link" : null;
    case "button":
    case "summary":
      return "button";
    case "input":
      if (type === "hidden") return null;
      if (BUTTON_INPUTS.has(type)) return "button";
      if (type === "checkbox" || type === "radio") return type;
      return type === "search" ? "searchbox" : "textbox";
    case "textarea":
      return "textbox";
    case "select":
      return "combobox";
    case "option":
      return "option";
    case "form":
      return "form";
    case "table":
      return "table";
    case "tr":
      return "row";
    case "td":
      return "cell";
    case "th":
      return el.attribs.scope === "row" ? "rowheader" : "columnheader";
    case "ul":
    case "ol":
      return "list";
    case "li":
      return "listitem";
    case "nav":
      return "navigation";
    case "time":
      return "time";
    case "details":
      return "group";
    default:
      return /^h[1-6]$/.test(el.name) ? "heading" : null;
  }
}

const CONTROLS = new Set(["input", "select", "textarea"]);

/** A form control's label: the <label> around it, or the one whose `for` names its id. */
function labelOf(el: Element): string | null {
  for (let up = el.parent; up; up = up.parent) if ((up as Element).name === "label") return textContent(up);
  let root: AnyNode = el;
  while (root.parent) root = root.parent;
  const id = el.attribs.id;
  const label = id ? findAll((x) => x.name === "label" && x.attribs.for === id, [root])[0] : undefined;
  return label ? textContent(label) : null;
}

function found(el: Element): Found {
  const text = squash(textContent(el));
  const role = roleOf(el);
  const own = el.name === "input" && BUTTON_INPUTS.has((el.attribs.type ?? "").toLowerCase()) ? (el.attribs.value ?? "") : CONTROLS.has(el.name) ? labelOf(el) ?? "" : text;
  const name = squash(el.attribs["aria-label"] ?? own);
  return { tag: el.name, role, name, text, attrs: { ...el.attribs }, html: getOuterHTML(el) };
}

const nodesOf = (html: string | Found): AnyNode[] => parseDocument(typeof html === "string" ? html : html.html).children;

/** Every element (document order) that passes `test`. */
export function all(html: string | Found, test: (el: Found) => boolean = () => true): Found[] {
  return findAll(() => true, nodesOf(html))
    .map(found)
    .filter(test);
}

const matches = (value: string, want: string | RegExp | undefined) => want === undefined || (typeof want === "string" ? value === want : want.test(value));

/** The elements with this role (and accessible name, exact or by pattern). */
export function byRole(html: string | Found, role: string, { name }: { name?: string | RegExp } = {}): Found[] {
  return all(html, (el) => el.role === role && matches(el.name, name));
}

/** The one element with this role and name; anything but exactly one fails, naming what there is. */
export function getByRole(html: string | Found, role: string, options: { name?: string | RegExp } = {}): Found {
  const hits = byRole(html, role, options);
  if (hits.length !== 1) {
    const seen = byRole(html, role).map((el) => JSON.stringify(el.name));
    throw new Error(`expected one ${role} named ${String(options.name ?? "(any)")}, found ${hits.length}; the ${role}s are: ${seen.join(", ") || "none"}`);
  }
  return hits[0];
}

/** The page's visible text, spaces collapsed (what a reader sees, whatever the tags around it). */
export function textOf(html: string | Found): string {
  return squash(textContent(nodesOf(html)));
}

/** The hidden fields (the state a form carries that nobody types), as [name, value] pairs in document order. */
export function hiddenFields(html: string | Found): [string, string][] {
  return all(html, (el) => el.tag === "input" && (el.attrs.type ?? "").toLowerCase() === "hidden" && "name" in el.attrs).map((el) => [el.attrs.name, el.attrs.value ?? ""]);
}

/**
 * What a form (or a part of the page) posts as it stands: each named control's value, hidden fields
 * included, ticked boxes and chosen options only; as [name, value] pairs in document order.
 */
export function postedFields(html: string | Found): [string, string][] {
  const out: [string, string][] = [];
  for (const el of findAll(() => true, nodesOf(html))) {
    const name = el.attribs.name;
    if (!name || "disabled" in el.attribs) continue;
    if (el.name === "input") {
      const type = (el.attribs.type ?? "text").toLowerCase();
      if (BUTTON_INPUTS.has(type)) continue;
      if ((type === "checkbox" || type === "radio") && !("checked" in el.attribs)) continue;
      out.push([name, el.attribs.value ?? (type === "checkbox" || type === "radio" ? "on" : "")]);
    } else if (el.name === "textarea") {
      out.push([name, textContent(el)]);
    } else if (el.name === "select") {
      const options = findAll((o) => o.name === "option", el.children);
      const chosen = options.find((o) => "selected" in o.attribs) ?? options[0];
      if (chosen) out.push([name, chosen.attribs.value ?? squash(textContent(chosen))]);
    }
  }
  return out;
}
