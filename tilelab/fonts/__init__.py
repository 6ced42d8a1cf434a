"""A Chinese font the course ships, so figures with Chinese labels draw on any machine.

``TilelabSansSC-Regular.otf`` is Noto Sans CJK SC cut down to GB 2312 and the course's own
Chinese (scripts/subset_cjk_font.py; SIL Open Font License 1.1, ``OFL.txt`` beside it). Importing
tilelab registers it with matplotlib's font manager (``addfont``: no system font, no font-cache
rebuild) and lists it after matplotlib's own sans-serif font in ``font.family``: Latin glyphs stay
DejaVu Sans, a glyph DejaVu lacks (a Chinese character) falls back to this font.

matplotlib is not imported for this: when tilelab is imported first, the font is registered the
moment ``matplotlib.font_manager`` is (an import hook that removes itself), so code that never
draws (the grading judge, ``tilelab run``) never pays for matplotlib.
"""
from __future__ import annotations

import dataclasses
import importlib.abc
import importlib.machinery
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FONT = HERE / "TilelabSansSC-Regular.otf"
FAMILY = "Tilelab Sans SC"
_done = False


def register() -> str | None:
    """Add the course's CJK font to matplotlib now (matplotlib imported if it is installed) and put
    it in ``font.family``'s fallbacks; idempotent. Returns the family, or None without matplotlib."""
    global _done
    try:
        import matplotlib
        from matplotlib import font_manager
    except ImportError:
        return None
    fm = font_manager.fontManager
    if not _done or not any(f.fname == str(FONT) for f in fm.ttflist):
        fm.addfont(str(FONT))
        # one weight ships (regular): offer it for the others too, so a bold title falls back to
        # regular Chinese glyphs without matplotlib's "Failed to find font weight bold" warning
        mine = [f for f in fm.ttflist if f.fname == str(FONT)]
        have = {f.weight for f in mine}
        fm.ttflist += [dataclasses.replace(mine[0], weight=w) for w in range(100, 1000, 100) if w not in have]
        cached = getattr(type(fm), "_findfont_cached", None)   # a family looked up before this: look again
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()
        _done = True
    use(matplotlib.rcParams)
    return FAMILY


def use(rc) -> None:
    """Make ``rc`` (matplotlib.rcParams, or a style's dict) fall back to the course's font."""
    fam = rc["font.family"]
    fam = [fam] if isinstance(fam, str) else list(fam)
    if FAMILY not in fam:
        rc["font.family"] = fam + [FAMILY]


class _WhenImported(importlib.abc.MetaPathFinder):
    """Registers the font right after ``matplotlib.font_manager`` is first imported."""
    NAME = "matplotlib.font_manager"

    def find_spec(self, name, path, target=None):
        if name != self.NAME:
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)                 # once, and never in the way again
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        inner = spec.loader

        class Loader(importlib.abc.Loader):
            def create_module(self, s):
                return inner.create_module(s)

            def exec_module(self, module):
                inner.exec_module(module)
                try:
                    register()
                except Exception:                      # a font problem never breaks matplotlib
                    pass
        spec.loader = Loader()
        return spec


def register_when_imported() -> None:
    """Register now if matplotlib's font manager is loaded, else as soon as it is."""
    if "matplotlib.font_manager" in sys.modules:
        try:
            register()
        except Exception:
            pass
    elif not any(isinstance(f, _WhenImported) for f in sys.meta_path):
        sys.meta_path.insert(0, _WhenImported())
