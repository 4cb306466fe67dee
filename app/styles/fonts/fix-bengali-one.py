#!/usr/bin/python3
"""Repairs BENGALI DIGIT ONE (U+09E7, "১") in Hind Siliguri's Bengali subset, weights 400 and 600.

Why: in the published Hind Siliguri (Google Fonts, and so @fontsource/hind-siliguri 5.x) the
Regular, Medium and SemiBold instances carry a broken outline for "১": only its lower half is
drawn, so "১৯" reads like "৯" and board years, serials and scores are misread
(reported upstream: github.com/google/fonts/issues/6037, github.com/itfoundry/hind-siliguri/issues/9).
Light (300) and Bold (700) are right.

How: the Light and Bold outlines of the glyph are point-compatible once TrueType's implied on-curve
points are made explicit and their contours start at the same point, so the glyph is interpolated between them at each broken weight. The
interpolation factor is not guessed: it is fitted (least squares) on every glyph whose outline
is point-compatible across Light, the broken weight and Bold (about 20 glyphs; 400 -> 0.21,
600 -> 0.70, which the glyphs' advance widths agree with). No other outline changes; the hinting
programs and glyph names are dropped (see unhinted), which halves the files.

Input: the @fontsource package's woff2 files. Output: the two .woff2 files beside this script,
which app/styles/fonts.css serves instead of the package's. The outputs are committed, so the
site needs neither Python nor this script; run it again only when the font package changes:

    apt-get install python3-fonttools python3-brotli   # Debian's fontTools, with woff2 support
    /usr/bin/python3 app/styles/fonts/fix-bengali-one.py
"""
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphCoordinates
from fontTools.ttLib.tables.ttProgram import Program

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parents[2] / "node_modules" / "@fontsource" / "hind-siliguri" / "files"
SOURCE = "hind-siliguri-bengali-{}-normal.woff2"
TARGET = "hind-siliguri-bengali-{}-normal-fixed-one.woff2"
LIGHT, BOLD = 300, 700
WEIGHTS = (400, 600)  # the weights the site's stylesheets use (500 falls back to 400, 700 to 600)
GLYPH = "bnOne"


def explicit_contours(font, name):
    """The glyph's contours as lists of (x, y, on_curve), with implied on-curve points made explicit."""
    glyph = font["glyf"][name]
    coords = glyph.getCoordinates(font["glyf"])[0]
    contours, start = [], 0
    for end in glyph.endPtsOfContours:
        points = [(*coords[i], glyph.flags[i] & 1) for i in range(start, end + 1)]
        start = end + 1
        out = []
        for i, (x, y, on) in enumerate(points):
            nx, ny, next_on = points[(i + 1) % len(points)]
            out.append((x, y, on))
            if not on and not next_on:
                out.append(((x + nx) / 2, (y + ny) / 2, 1))
        contours.append(out)
    return contours


def aligned(a, b):
    """b's contours rotated so that each starts where a's does: the instances were saved with different
    start points. Among the rotations that keep the on/off-curve pattern, the closest one wins."""
    out = []
    for ca, cb in zip(a, b):
        n = len(ca)
        if len(cb) != n:
            return None
        best = None
        for shift in range(n):
            rotated = cb[shift:] + cb[:shift]
            if [p[2] for p in rotated] != [p[2] for p in ca]:
                continue
            cost = sum((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 for p, q in zip(ca, rotated))
            if best is None or cost < best[0]:
                best = (cost, rotated)
        if best is None:
            return None
        out.append(best[1])
    return out


def simple_outline(font, name):
    glyph = font["glyf"][name]
    if glyph.numberOfContours <= 0:
        return None
    return list(glyph.getCoordinates(font["glyf"])[0]), list(glyph.endPtsOfContours), [f & 1 for f in glyph.flags]


def fitted_factor(light, middle, bold):
    """t in middle = light + t * (bold - light), least squares over all point-compatible glyphs."""
    num = den = 0.0
    for name in light.getGlyphOrder():
        a, b, c = (simple_outline(f, name) for f in (light, middle, bold))
        if not (a and b and c) or not (a[1] == b[1] == c[1] and a[2] == b[2] == c[2]):
            continue
        for p0, p1, p2 in zip(a[0], b[0], c[0]):
            for k in (0, 1):
                num += (p1[k] - p0[k]) * (p2[k] - p0[k])
                den += (p2[k] - p0[k]) ** 2
    if den == 0:
        raise SystemExit("no point-compatible glyphs to fit the interpolation factor on")
    return num / den


def unhinted(font):
    """Every glyph, outline, metric and layout rule kept; the TrueType hinting programs and glyph names
    dropped: 71 -> 38 KB of woff2 for the regular face, which every page preloads. Phones (Android,
    iOS) and macOS ignore hinting anyway, and Chrome on Windows draws this size range well without it."""
    options = subset.Options()
    options.hinting = False
    options.glyph_names = False
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(glyphs=font.getGlyphOrder())
    subsetter.subset(font)


def main():
    light = TTFont(PACKAGE / SOURCE.format(LIGHT))
    bold = TTFont(PACKAGE / SOURCE.format(BOLD))
    a = explicit_contours(light, GLYPH)
    b = aligned(a, explicit_contours(bold, GLYPH)) if len(a) == len(explicit_contours(bold, GLYPH)) else None
    if b is None:
        raise SystemExit(f"{GLYPH}: the Light and Bold outlines are not point-compatible; cannot interpolate")
    for weight in WEIGHTS:
        font = TTFont(PACKAGE / SOURCE.format(weight))
        t = fitted_factor(light, font, bold)
        coords, flags, ends = [], [], []
        for ca, cb in zip(a, b):
            for (x0, y0, on), (x1, y1, _) in zip(ca, cb):
                coords.append((round(x0 + t * (x1 - x0)), round(y0 + t * (y1 - y0))))
                flags.append(1 if on else 0)
            ends.append(len(coords) - 1)
        glyph = Glyph()
        glyph.numberOfContours = len(ends)
        glyph.coordinates = GlyphCoordinates(coords)
        glyph.flags = bytearray(flags)
        glyph.endPtsOfContours = ends
        glyph.program = Program()  # unhinted: the broken glyph's hints belonged to the broken outline
        glyph.program.fromBytecode(b"")
        font["glyf"][GLYPH] = glyph
        glyph.recalcBounds(font["glyf"])
        la, lb = light["hmtx"][GLYPH][0], bold["hmtx"][GLYPH][0]
        font["hmtx"][GLYPH] = (round(la + t * (lb - la)), glyph.xMin)
        unhinted(font)
        out = HERE / TARGET.format(weight)
        font.flavor = "woff2"
        font.save(out)
        print(f"{out.name}: {GLYPH} interpolated at t={t:.4f}, {out.stat().st_size} bytes")


if __name__ == "__main__":
    main()
