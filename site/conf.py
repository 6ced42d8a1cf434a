"""Sphinx configuration shared by the English and the Chinese build of the course site.

`python site/build.py` stages each language's pages into build/site-src/<lang>/ and runs
Sphinx with this file (-c site) and -D language=en|zh_CN; nothing here fetches anything
(no intersphinx, no CDN scripts), so the build works offline and gives the same tree twice.
"""
from __future__ import annotations

import json
from pathlib import Path

project = "tilelab"
author = "the tilelab authors"
copyright = "the tilelab authors, MIT licence"
language = "en"

extensions = ["myst_nb"]
# The lessons in lessons/ are executed and committed: the site shows their outputs as they are.
nb_execution_mode = "off"
nb_merge_streams = True
# No widget JavaScript from a CDN: the bank explorer's static output is what a reader sees.
nb_ipywidgets_js = {}
myst_enable_extensions = ["colon_fence", "dollarmath", "html_image"]
myst_heading_anchors = 3
# an error output in Chinese (full-width punctuation) is not an IPython traceback Pygments can lex:
# it is shown as plain text, which is what it is
suppress_warnings = ["mystnb.unknown_mime_type", "misc.highlighting_failure"]

source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "**/.ipynb_checkpoints", "_generated/*", "_static_extra/*"]
# MathJax from the site's own _static/ (site/build.py stages it into _static_extra/), not from a CDN.
mathjax_path = "mathjax/tex-chtml.js"
templates_path = ["_templates"]
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_theme = "sphinx_book_theme"
html_title = "tilelab"
html_last_updated_fmt = None
html_copy_source = False
html_show_sourcelink = False
html_theme_options = {
    "article_header_end": ["lang-switch.html", "launch-lab.html", "article-header-buttons.html"],
    # The download button needs the sources copied into the site; the launch page says how to run a lesson.
    "use_download_button": False,
    "use_fullscreen_button": False,
    "home_page_in_toc": True,
    "show_navbar_depth": 1,
}

# What the two templates say, per language (the page text itself lives in site/<lang>/).
UI = {
    "en": {"other": "zh", "switch": "中文", "switch_title": "这一页的中文版",
           "launch": "Run in JupyterLab", "launch_title": "Run this lesson on your machine", "english_only": "",
           "widget": "An interactive control stands here: it needs a running kernel."},
    "zh": {"other": "en", "switch": "English", "switch_title": "This page in English",
           "launch": "在 JupyterLab 中运行", "launch_title": "在自己的机器上运行这一课",
           "english_only": "（尚未翻译，英文版）",
           "widget": "这里是一个交互控件：它需要运行中的内核。"},
}


def _context(app, config):
    """Per-build context: the language's UI strings and each page's counterpart in the other build."""
    lang = "zh" if config.language.startswith("zh") else "en"
    staged = Path(app.srcdir) / "_generated" / "site.json"
    info = json.loads(staged.read_text(encoding="utf-8")) if staged.exists() else {}
    config.html_static_path = [*config.html_static_path, str(Path(app.srcdir) / "_static_extra")]
    config.html_context = {**config.html_context, "ui": UI[lang], "site_lang": lang,
                           "counterparts": info.get("counterparts", {}),
                           "launch_anchor": info.get("launch_anchor", {})}


# A notebook's ipywidgets output is only a model id without its kernel: say so where it stands,
# and link the page's launch entry (the header's launch button points at the same place).
WIDGET_NOTE = """document.addEventListener("DOMContentLoaded", () => {
  const launch = document.querySelector("a.tilelab-launch");
  for (const s of document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')) {
    const p = document.createElement("p");
    p.className = "tilelab-widget-note admonition note";
    p.textContent = %s + " ";
    if (launch) { const a = launch.cloneNode(true); a.className = "tilelab-widget-launch"; p.append(a); }
    s.after(p);
  }
});"""


def _widget_note(app, config):
    lang = "zh" if config.language.startswith("zh") else "en"
    app.add_js_file(None, body=WIDGET_NOTE % json.dumps(UI[lang]["widget"], ensure_ascii=False))


def setup(app):
    app.connect("config-inited", _context)
    app.connect("config-inited", _widget_note)
    return {"parallel_read_safe": True}
