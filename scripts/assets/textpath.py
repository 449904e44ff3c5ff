"""Convert text to SVG path data (no runtime font dependency in the SVGs).

Usage from python:  from textpath import text_path
    d, width = text_path("Kindlewave", font="outfit", size=30, wght=600, tracking=0)
Fonts: 'outfit' (variable, OFL, public/fonts), or any TTF/OTF path.
"""
import os
from functools import lru_cache
from fontTools.ttLib import TTFont
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen

HERE = os.path.dirname(os.path.abspath(__file__))
OUTFIT = os.path.join(HERE, "..", "..", "public", "fonts", "outfit-latin-wght.woff2")
FONTS = {
    "outfit": OUTFIT,
    "p052": "/usr/share/fonts/opentype/urw-base35/P052-Roman.otf",
    "p052-italic": "/usr/share/fonts/opentype/urw-base35/P052-Italic.otf",
    "gothic-demi": "/usr/share/fonts/opentype/urw-base35/URWGothic-Demi.otf",
    "gothic-book": "/usr/share/fonts/opentype/urw-base35/URWGothic-Book.otf",
}


@lru_cache(maxsize=None)
def load(font, wght):
    path = FONTS.get(font, font)
    f = TTFont(path)
    if "fvar" in f:
        from fontTools.varLib import instancer
        f = instancer.instantiateVariableFont(f, {"wght": wght})
    return f


def _kern_table(f):
    """Very small GPOS pair-kerning reader (PairPos fmt 1 & 2, incl. extension)."""
    pairs = {}
    classes = []
    if "GPOS" not in f:
        return pairs, classes
    for lk in f["GPOS"].table.LookupList.Lookup:
        for st in lk.SubTable:
            if lk.LookupType == 9:
                st = st.ExtSubTable
                if st.LookupType != 2:
                    continue
            elif lk.LookupType != 2:
                continue
            cov = st.Coverage.glyphs
            if st.Format == 1:
                for i, g1 in enumerate(cov):
                    for pvr in st.PairSet[i].PairValueRecord:
                        v = pvr.Value1
                        adv = getattr(v, "XAdvance", 0) if v else 0
                        if adv:
                            pairs.setdefault((g1, pvr.SecondGlyph), adv)
            elif st.Format == 2:
                classes.append((set(cov), st.ClassDef1.classDefs, st.ClassDef2.classDefs, st.Class1Record))
    return pairs, classes


@lru_cache(maxsize=None)
def kern_data(font, wght):
    return _kern_table(load(font, wght))


def kern(font, wght, a, b):
    pairs, classes = kern_data(font, wght)
    if (a, b) in pairs:
        return pairs[(a, b)]
    for cov, cd1, cd2, recs in classes:
        if a in cov:
            c1 = cd1.get(a, 0)
            c2 = cd2.get(b, 0)
            v = recs[c1].Class2Record[c2].Value1
            adv = getattr(v, "XAdvance", 0) if v else 0
            if adv:
                return adv
    return 0


def glyphs(text, font="outfit", size=32, wght=400, tracking=0.0):
    """Yield (glyph_path_d, x_advance_start, advance) per char, in px units, baseline y=0."""
    f = load(font, wght)
    upm = f["head"].unitsPerEm
    cmap = f.getBestCmap()
    gs = f.getGlyphSet()
    s = size / upm
    x = 0.0
    out = []
    prev = None
    for ch in text:
        gn = cmap.get(ord(ch))
        if gn is None:
            gn = ".notdef"
        if prev is not None:
            x += kern(font, wght, prev, gn) * s
        pen = SVGPathPen(gs, ntos=lambda v: ("%.2f" % v).rstrip("0").rstrip("."))
        tp = TransformPen(pen, (s, 0, 0, -s, x, 0))
        gs[gn].draw(tp)
        adv = gs[gn].width * s
        out.append((pen.getCommands(), x, adv, ch))
        x += adv + tracking
        prev = gn
    width = x - tracking
    return out, width


def text_path(text, **kw):
    gl, width = glyphs(text, **kw)
    return " ".join(g[0] for g in gl if g[0]), width


def metrics(font="outfit", wght=400, size=32):
    f = load(font, wght)
    s = size / f["head"].unitsPerEm
    os2 = f["OS/2"]
    return {"cap": getattr(os2, "sCapHeight", 700) * s, "x": getattr(os2, "sxHeight", 500) * s}
