// Staff HTML is pasted from editors, Word and other sites, so it is reduced to an allow-list before it is
// stored: anything that can run script, load a foreign document or cover the page is dropped, while lesson
// markup, KaTeX/MathML and the math source text ($..$, \(..\), $$..$$, \[..\]) pass through untouched.
// Kept free of ~/models and the database so the rules can be unit-tested on their own.
import sanitizeHtml from "sanitize-html";

const MATHML_TAGS = [
  "math", "semantics", "annotation", "mrow", "mi", "mo", "mn", "ms", "mtext", "mspace",
  "msup", "msub", "msubsup", "mfrac", "msqrt", "mroot", "mover", "munder", "munderover",
  "mtable", "mtr", "mtd", "mstyle", "mpadded", "mphantom", "menclose",
];

// Presentation attributes KaTeX emits; none of them takes a URL or script. MathML's own `href` is left out
// because MathML Core turns any element carrying it into a link.
const MATHML_ATTRS = [
  "mathvariant", "mathcolor", "mathbackground", "fence", "stretchy", "separator", "accent", "accentunder",
  "lspace", "rspace", "linethickness", "scriptlevel", "displaystyle", "rowspacing", "columnspacing",
  "columnalign", "rowalign", "columnlines", "rowlines", "notation", "width", "height", "depth", "voffset",
  "minsize", "maxsize", "largeop", "movablelimits", "symmetric", "form", "lquote", "rquote", "linebreak",
];

// Length-valued box properties only, each within a small range. `position` (and with it `inset`,
// `z-index`) is never allowed, so `top`/`bottom` only nudge an element inside KaTeX's own relatively
// placed spans. The ranges keep what typeset math uses (struts, vlist offsets, thin negative spaces)
// and stop pasted markup from covering the page around it: a link padded by 999px is a page-sized
// click target, and an image pulled up by a large negative margin lies over the text above it.
const LENGTH = /^(-?)((?:\d{1,4}(?:\.\d+)?|\.\d+))(em|ex|rem|px|pt|pc|mm|cm|in|%)?$/i;
const PX_PER: Record<string, number> = { "": 1, px: 1, em: 16, rem: 16, ex: 8, pt: 96 / 72, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96 };
const VERTICAL_ALIGN = /^(?:baseline|middle|top|bottom|sub|super|text-top|text-bottom)$/i;

/** A `.test()` for sanitize-html: a length whose size in px (em as 16px) lies in [min, max]; % up to `percent`. */
function lengthWithin(min: number, max: number, percent = 0): RegExp {
  const test = (value: string) => {
    const m = LENGTH.exec(value.trim());
    if (!m) return false;
    const n = Number(m[2]) * (m[1] ? -1 : 1);
    const unit = (m[3] ?? "").toLowerCase();
    if (unit === "%") return n >= 0 && n <= percent;
    if (n !== 0 && unit === "") return false; // a unitless length other than 0 is not CSS
    const px = n * PX_PER[unit];
    return px >= min && px <= max;
  };
  return { test } as unknown as RegExp;
}
const SIZE = lengthWithin(0, 1200, 100); // width, height and their limits
const OFFSET = lengthWithin(-192, 192); // top, bottom: KaTeX's vlist offsets (a tall fraction is about -4em)
const MARGIN = lengthWithin(-80, 80); // thin negative spaces (\!, \mkern) and ordinary gaps
const PADDING = lengthWithin(0, 48);
const BORDER = lengthWithin(0, 8);

const ALLOWED_STYLES: Record<string, RegExp[]> = {
  ...Object.fromEntries(["height", "min-height", "max-height", "width", "min-width", "max-width"].map((p) => [p, [SIZE]])),
  ...Object.fromEntries(["top", "bottom"].map((p) => [p, [OFFSET]])),
  ...Object.fromEntries(["margin-left", "margin-right", "margin-top", "margin-bottom"].map((p) => [p, [MARGIN]])),
  ...Object.fromEntries(["padding-left", "padding-right", "padding-top", "padding-bottom"].map((p) => [p, [PADDING]])),
  ...Object.fromEntries(["border-bottom-width", "border-top-width", "border-left-width", "border-right-width"].map((p) => [p, [BORDER]])),
  "vertical-align": [MARGIN, VERTICAL_ALIGN],
};

// Only the privacy-enhanced player: any other frame could phish inside the page or navigate it.
const YOUTUBE_EMBED = /^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{1,64}(?:\?[A-Za-z0-9_=&;%.,-]*)?$/;
// Inline images that browsers cannot execute; SVG is left out because it is a document, not a picture.
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i;
// Browsers ignore ASCII whitespace and control characters inside a scheme ("da\tta:").
const squash = (s: string) => s.replace(/[\u0000-\u0020]/g, "");

// Classes staff may use. The site's own classes are not among them: several (navbar, to-top,
// dropdown-panel) are position:fixed and would let pasted markup cover the page. KaTeX's classes stay
// for formulas pasted already typeset.
const ALLOWED_CLASSES = ["katex", "katex-*", "katex-display", "mord", "mbin", "mrel", "mopen", "mclose", "mpunct", "minner", "mop", "mspace", "mfrac", "msupsub", "vlist", "vlist-*", "pstrut", "frac-line", "sizing", "reset-*", "size*", "base", "strut", "mathnormal", "mathrm", "mathbf", "mtight", "nulldelimiter", "delimsizing", "sqrt", "svg-align", "hide-tail", "accent", "overline", "underline", "text-center", "text-right", "note"];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedClasses: { "*": ALLOWED_CLASSES },
  allowedTags: [
    "p", "br", "b", "strong", "i", "em", "u", "s", "sub", "sup", "small", "mark", "span", "div",
    "blockquote", "code", "pre", "hr",
    "h1", "h2", "h3", "h4", "h5", "h6",
    "ul", "ol", "li", "dl", "dt", "dd",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "colgroup", "col",
    "img", "a", "figure", "figcaption", "details", "summary", "iframe",
    ...MATHML_TAGS,
  ],
  allowedAttributes: {
    // No `id`: it could take over the page's own anchors. `class` only from ALLOWED_CLASSES below.
    "*": ["class", "dir", "lang", "style"],
    a: ["href", "title", { name: "target", values: ["_blank", "_self", "_parent", "_top"] }, "rel"],
    img: ["src", "alt", "width", "height", "title", { name: "loading", values: ["lazy", "eager"] }],
    iframe: [
      "src", "width", "height", "title", "allow", "allowfullscreen", "frameborder", "referrerpolicy",
      { name: "loading", values: ["lazy", "eager"] },
    ],
    th: ["colspan", "rowspan", "align", "scope"],
    td: ["colspan", "rowspan", "align"],
    tr: ["align"],
    col: ["span", "align", "colspan", "rowspan"],
    colgroup: ["span", "align"],
    ol: ["start", "type", "reversed"],
    li: ["value"],
    details: ["open"],
    span: ["aria-hidden"],
    math: [{ name: "xmlns", values: ["http://www.w3.org/1998/Math/MathML"] }, "display"],
    annotation: ["encoding"],
    ...Object.fromEntries(MATHML_TAGS.filter((t) => t !== "math" && t !== "annotation").map((t) => [t, MATHML_ATTRS])),
  },
  allowedStyles: { "*": ALLOWED_STYLES },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  // data: is let through the scheme check here only so transformTags below can keep the raster types.
  allowedSchemesByTag: { img: ["http", "https", "data"], iframe: ["https"] },
  allowProtocolRelative: true,
  allowedIframeHostnames: ["www.youtube-nocookie.com"],
  allowIframeRelativeUrls: false,
  // Content of these is code or a foreign document, not readable text: drop it along with the tag.
  nonTextTags: ["script", "style", "textarea", "option", "xmp", "svg", "noscript", "template", "title", "noembed", "noframes", "head"],
  selfClosing: ["img", "br", "hr", "col", "mspace"],
  disallowedTagsMode: "discard",
  // Decoding first means encoded schemes ("&#106;avascript:") are seen as what the browser will see, and the
  // output re-escapes only & < > ", so Bangla and other non-ASCII text stays as raw UTF-8.
  parser: { decodeEntities: true },
  transformTags: {
    a: (tagName, attribs) => {
      if (attribs.target) {
        // A page opened in a new tab must not get a handle on ours (reverse tabnabbing).
        const rel = new Set((attribs.rel ?? "").toLowerCase().split(/\s+/).filter(Boolean));
        rel.add("noopener").add("noreferrer");
        attribs.rel = [...rel].join(" ");
      }
      return { tagName, attribs };
    },
    img: (tagName, attribs) => {
      const src = squash(attribs.src ?? "").toLowerCase();
      if (src.startsWith("data:") && !DATA_IMAGE.test(squash(attribs.src ?? ""))) delete attribs.src;
      return { tagName, attribs };
    },
    iframe: (tagName, attribs) => {
      delete attribs.srcdoc;
      return { tagName, attribs };
    },
  },
  // An iframe that is not a YouTube embed goes with everything inside it; the hostname check alone would
  // still let through other paths on that host and leave an empty frame behind.
  exclusiveFilter: (frame) => frame.tag === "iframe" && !YOUTUBE_EMBED.test(frame.attribs.src ?? ""),
};

export function sanitizeStaffHtml(html: string): string {
  return sanitizeHtml(html ?? "", OPTIONS);
}
