"""``SafeMarkdownLinks``: no live ``javascript:`` link from a learner's markdown in the feedback page."""
from __future__ import annotations

import re

from nbgrader.preprocessors import NbGraderPreprocessor

_UNSAFE_LINK = re.compile(r"(\]\(\s*<?|<|\]:\s*)(?:\s*)(javascript|vbscript|data)\s*:", re.I)


class SafeMarkdownLinks(NbGraderPreprocessor):
    """Markdown link syntax (``[x](javascript:...)``) becomes a dead link in the feedback page:
    SanitizeHTML cleans the HTML inside markdown, not the links the markdown renderer makes."""

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "markdown":
            cell.source = _UNSAFE_LINK.sub(lambda m: m.group(1) + "#unsafe-link-", cell.source)
        return cell, resources
