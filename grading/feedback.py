"""The feedback page, made safe where it is made: on the rendered HTML (issue 20, item 9).

A learner's markdown is HTML only once the markdown renderer has run: ``[x](javascript&#58;...)``,
``(&#106;avascript:...)`` and a reference definition ``[r]: javascript&#x3A;...`` are harmless text to
anything that checks the source, and live ``javascript:`` links once rendered (the renderer decodes
the character references). So nothing is checked on the source here:

- ``FeedbackHTMLExporter`` (nbgrader's GenerateFeedback exporter, set in grading/nbgrader_config.py)
  renders each markdown cell and markdown output, then cleans that HTML with bleach (the sanitizer
  nbconvert itself uses), against an allow-list of tags, attributes and URL schemes
  (``ALLOWED_SCHEMES``; ``data:`` only for an ``img`` of a raster image type); and it checks the
  whole page last (``unsafe_urls``): should any URL attribute with another scheme remain, the page
  is cleaned whole, template scripts included;
- ``SanitizeOutputs`` (preprocessors/sanitize.py) is nbconvert's SanitizeHTML for the cells'
  outputs and raw cells, leaving markdown cells to the exporter: sanitizing markdown *source* as
  HTML escaped the ``<`` of inline code, which then rendered as ``i &lt; n``.
"""
from __future__ import annotations

import html.parser
import re

import bleach
from bleach.css_sanitizer import CSSSanitizer
from jinja2 import pass_context
from nbconvert.exporters import HTMLExporter

#: the URL schemes a link or an image of the feedback page may use (no scheme: a relative link)
ALLOWED_SCHEMES = frozenset({"http", "https", "mailto"})
#: the images a page may embed (data: URLs), and only in <img src>
DATA_IMAGE = re.compile(r"data:image/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*\Z", re.I)

MARKDOWN_TAGS = frozenset({
    "a", "abbr", "b", "blockquote", "br", "code", "del", "details", "div", "em", "h1", "h2", "h3", "h4", "h5", "h6",
    "hr", "i", "img", "kbd", "li", "ol", "p", "pre", "s", "span", "strong", "sub", "summary", "sup", "table",
    "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul"})
_COMMON = {"class", "id", "title", "align"}
_PER_TAG = {"a": {"href"}, "img": {"src", "alt", "width", "height"}, "td": {"colspan", "rowspan", "style"},
            "th": {"colspan", "rowspan", "style"}, "ol": {"start"}}
#: attributes that hold a URL, wherever they appear
URL_ATTRIBUTES = frozenset({"href", "src", "action", "formaction", "xlink:href", "poster", "background", "cite",
                            "data", "ping", "srcset", "manifest", "codebase", "longdesc", "usemap", "icon"})


def _scheme(value: str) -> str | None:
    """The scheme of a URL as a browser reads it (control characters and spaces dropped), or None."""
    v = re.sub(r"[\x00-\x20\x7f]+", "", value or "")
    m = re.match(r"([A-Za-z][A-Za-z0-9+.\-]*):", v)
    return m.group(1).lower() if m else None


def url_allowed(tag: str, name: str, value: str) -> bool:
    scheme = _scheme(value)
    if scheme is None or scheme in ALLOWED_SCHEMES:
        return True
    return scheme == "data" and tag == "img" and name == "src" and bool(DATA_IMAGE.match(value.strip()))


def _attribute_allowed(tag: str, name: str, value: str) -> bool:
    if name not in _COMMON and name not in _PER_TAG.get(tag, ()):
        return False
    return url_allowed(tag, name, value) if name in URL_ATTRIBUTES else True


_CLEANER = bleach.Cleaner(tags=MARKDOWN_TAGS, attributes=_attribute_allowed,
                          protocols=ALLOWED_SCHEMES | {"data"},   # data: narrowed to <img src> above
                          css_sanitizer=CSSSanitizer(allowed_css_properties=["text-align"]),
                          strip=False, strip_comments=True)


#: the last resort for a whole page: what is not allowed is dropped (its text kept, escaped)
_PAGE_CLEANER = bleach.Cleaner(tags=MARKDOWN_TAGS | {"title"}, attributes=_attribute_allowed,
                               protocols=ALLOWED_SCHEMES | {"data"}, strip=True, strip_comments=True)


def clean_rendered(fragment: str) -> str:
    """Rendered markdown, through bleach: only MARKDOWN_TAGS, their attributes, allowed schemes."""
    return _CLEANER.clean(fragment)


class _URLs(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.unsafe: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in URL_ATTRIBUTES and value is not None and not url_allowed(tag, name, value):
                self.unsafe.append(f"<{tag} {name}={value[:80]!r}>")

    handle_startendtag = handle_starttag


def unsafe_urls(page: str) -> list[str]:
    """Every URL attribute of ``page`` (as a browser decodes it) whose scheme is not allowed."""
    p = _URLs()
    p.feed(page)
    p.close()
    return p.unsafe


class FeedbackHTMLExporter(HTMLExporter):
    """nbconvert's HTML exporter with a learner's markdown cleaned after it is rendered, and the
    page's URLs checked last."""

    @pass_context
    def markdown2html(self, context, source):
        return clean_rendered(super().markdown2html(context, source))

    def from_notebook_node(self, nb, resources=None, **kw):
        output, resources = super().from_notebook_node(nb, resources, **kw)
        found = unsafe_urls(output)
        if found:
            self.log.warning("feedback page: %d unsafe URL(s) left after rendering (%s); the page is cleaned whole",
                             len(found), found[0])
            output = _PAGE_CLEANER.clean(output)
        return output, resources
