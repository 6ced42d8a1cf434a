"""``CudaClearSolutions``: nbgrader's ClearSolutions that knows CUDA (DESIGN §7).

A ``// ### BEGIN SOLUTION`` region becomes ``// YOUR CODE HERE``, so the released ``%%cuda`` cell
still compiles (stock nbgrader pastes ``raise NotImplementedError()``).
"""
from __future__ import annotations

import re

from nbgrader.preprocessors import ClearSolutions
from traitlets import Unicode

CUDA_STUB = "// YOUR CODE HERE"


class CudaClearSolutions(ClearSolutions):
    """ClearSolutions that knows CUDA: a region opened by a ``//`` line gets a ``//`` stub."""

    cuda_stub = Unicode(CUDA_STUB, help="Replaces a solution region opened by a // line").tag(config=True)

    def _replace_solution_region(self, cell, language):
        if cell.cell_type != "code":
            return super()._replace_solution_region(cell, language)
        stub_lines = self.code_stub[language].split("\n")
        new_lines, in_solution, replaced = [], False, False
        for line in cell.source.split("\n"):
            if self.begin_solution_delimeter in line:
                if in_solution:
                    raise RuntimeError("encountered nested begin solution statements")
                in_solution = replaced = True
                indent = re.match(r"\s*", line).group(0)
                stub = [self.cuda_stub] if line.strip().startswith("//") else stub_lines
                new_lines.extend(indent + s for s in stub)
            elif self.end_solution_delimeter in line:
                in_solution = False
            elif not in_solution:
                new_lines.append(line)
        if in_solution:
            raise RuntimeError("no end solution statement found")
        cell.source = "\n".join(new_lines)
        return replaced

    def preprocess_cell(self, cell, resources, cell_index):
        # A whole-cell solution (no region) keeps its %%cuda line and gets the CUDA stub.
        first = cell.source.split("\n", 1)[0]
        if (cell.cell_type == "code" and first.startswith("%%cuda")
                and self.begin_solution_delimeter not in cell.source
                and cell.get("metadata", {}).get("nbgrader", {}).get("solution")):
            cell.source = first + "\n" + self.cuda_stub
            return cell, resources
        return super().preprocess_cell(cell, resources, cell_index)
