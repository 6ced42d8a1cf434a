"""``SanitizeOutputs``: nbconvert's SanitizeHTML for a feedback page's outputs and raw cells.

A markdown cell is left as the learner wrote it: the feedback exporter (grading/feedback.py) cleans
its HTML after rendering, where ``javascript&#58;`` links have become what a browser would follow.
Sanitizing markdown *source* as HTML is both too early (a link written in markdown syntax is not HTML
yet) and wrong (the ``<`` of inline code ``i < n`` became ``&lt;``, shown as ``i &lt; n``).
"""
from __future__ import annotations

from nbconvert.preprocessors.sanitize import SanitizeHTML


class SanitizeOutputs(SanitizeHTML):
    """SanitizeHTML for code cells' outputs and raw cells; markdown cells go to the exporter."""

    def preprocess_cell(self, cell, resources, cell_index):
        if cell.cell_type == "markdown":
            return cell, resources
        return super().preprocess_cell(cell, resources, cell_index)
