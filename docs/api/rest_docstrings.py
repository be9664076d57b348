"""The docstrings of partyrules are written for reading in the source and for ``help()``:
reStructuredText roles (``:class:`Game```), ``>>>`` sessions and ``::`` literal blocks.
The API reference renders them as Markdown, so this griffe extension, loaded by
mkdocstrings (``extensions`` in mkdocs.yml), rewrites each docstring first:

- a role becomes a cross-reference to the object's entry in the reference, or plain code
  when the reference does not document it (a private helper, the standard library);
- a ``>>>`` session becomes a ``pycon`` block (Markdown would read ``>>>`` as quotes);
- a ``::`` literal block becomes a fenced block.

>>> print(markdown_from_rest("A :class:`~pkg.Game` or :func:`make`::\\n\\n    x = 1",
...                          {"make": "pkg.make"}.get))
A <autoref identifier="pkg.Game" optional><code>Game</code></autoref> or <autoref
identifier="pkg.make" optional><code>make</code></autoref>:
<BLANKLINE>
```python
x = 1
```
<BLANKLINE>
>>> markdown_from_rest("For example:\\n>>> 1 + 1\\n2\\n\\nThat is all.", {}.get).splitlines()
['For example:', '', '```pycon', '>>> 1 + 1', '2', '```', '', '', 'That is all.']
"""

from __future__ import annotations

import ast
import contextlib
import re
import textwrap
from collections.abc import Callable
from typing import Any

ROLE = re.compile(r":(?:py:)?(?:func|class|data|meth|attr|mod|exc|obj|const):`(?P<target>[^`]+)`")


def markdown_from_rest(text: str, identify: Callable[[str], str | None]) -> str:
    """``text``, a docstring, as Markdown; ``identify`` gives the full dotted path of a
    role's target (``None``: the target as written)."""
    lines = text.splitlines()
    markdown: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith(">>>"):
            session = []
            while index < len(lines) and lines[index].strip():
                session.append(lines[index])
                index += 1
            markdown += ["", "```pycon", *session, "```", ""]
            continue
        index += 1
        if not line.rstrip().endswith("::"):
            markdown.append(_cross_references(line, identify))
            continue
        introduction = line.rstrip()[:-2].rstrip()
        if introduction:
            markdown.append(_cross_references(introduction, identify) + ":")
        literal, index = _literal_block(lines, index, indent=len(line) - len(line.lstrip()))
        language = "python" if _is_python(literal) else "text"
        markdown += ["", f"```{language}", *literal.splitlines(), "```", ""]
    return "\n".join(markdown)


def _literal_block(lines: list[str], index: int, indent: int) -> tuple[str, int]:
    """The block indented deeper than ``indent`` from ``lines[index]`` on (blank lines
    before and inside it included), dedented, and the index of the line after it."""
    start = index
    while index < len(lines) and (not lines[index].strip()
                                  or len(lines[index]) - len(lines[index].lstrip()) > indent):
        index += 1
    return textwrap.dedent("\n".join(lines[start:index])).strip("\n"), index


def _is_python(source: str) -> bool:
    try:
        ast.parse(source)
    except SyntaxError:
        return False
    return True


def _cross_references(line: str, identify: Callable[[str], str | None]) -> str:
    def reference(role: re.Match[str]) -> str:
        target = role["target"]
        shown = target.rsplit(".", 1)[-1] if target.startswith("~") else target
        identifier = identify(target.lstrip("~")) or target.lstrip("~")
        # optional: a target the reference does not document is shown as code, unlinked
        return f'<autoref identifier="{identifier}" optional><code>{shown}</code></autoref>'

    return ROLE.sub(reference, line)


try:
    import griffe
except ImportError:  # the docs extra is not installed: the conversion alone is importable
    pass
else:

    class RestDocstrings(griffe.Extension):
        """Rewrites every docstring of partyrules with :func:`markdown_from_rest`."""

        def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
            """Rewrite the docstrings of ``pkg`` and of everything in it, once the package
            is loaded (so that names resolve), each once."""
            if pkg.path == "partyrules":
                _rewrite(pkg)

    def _rewrite(obj: griffe.Object) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown_from_rest(
                obj.docstring.value, lambda target: _identifier(obj, target))
        for member in obj.members.values():
            if not isinstance(member, griffe.Alias):  # an import is rewritten at home
                _rewrite(member)

    def _identifier(scope: griffe.Object, target: str) -> str | None:
        """The canonical path of ``target`` as written in ``scope``'s docstring: a full
        dotted path, or a name (``Match.submit``) looked up where the docstring is."""
        head, _, rest = target.partition(".")
        candidates = [target]
        with contextlib.suppress(griffe.NameResolutionError):  # not a name in scope
            candidates.append(scope.resolve(head) + (f".{rest}" if rest else ""))
        for candidate in candidates:
            try:
                found = scope.modules_collection[candidate]
                return str(found.final_target.path if found.is_alias else found.path)
            except (KeyError, griffe.AliasResolutionError, griffe.CyclicAliasError):
                continue
        return None
