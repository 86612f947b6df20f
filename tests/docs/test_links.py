"""The documentation's links lead somewhere, and the README stays short.

Every relative link and `#anchor` in README.md, docs/**/*.md, tests/SECURITY_TESTS.md,
src-tauri/**/README.md and ui/README.md must point at a file or folder that exists in the
repository and, for an anchor into a Markdown file, at a heading there (GitHub's slugs: lower
case, punctuation dropped, spaces as hyphens, "-1", "-2" … for repeats). Links inside code
(fenced blocks and `code spans`) are not links. Links with a scheme (https:, mailto:) are not
checked: the machines that run this are offline.

    python3 -m unittest discover -s tests/docs -p 'test_*.py'

Standard library only.
"""

import re
import unicodedata
import unittest
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parents[2]
README_MAX_LINES = 250

# [text](target "title") and ![alt](target); the text may hold one level of brackets.
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
# [label]: target
REFERENCE_DEF = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
# <a href="…">, <img src="…">
HTML_LINK = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*[\"']([^\"']+)[\"']", re.IGNORECASE)
HTML_ANCHOR = re.compile(r"<[a-z][^>]*?\b(?:id|name)\s*=\s*[\"']([^\"']+)[\"']", re.IGNORECASE)
ATX_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
SETEXT_UNDERLINE = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
CODE_SPAN = re.compile(r"(`+)(.+?)(?<!`)\1(?!`)")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def documents():
    """The Markdown files whose links are checked, relative to the repository."""
    found = [ROOT / "README.md", ROOT / "tests" / "SECURITY_TESTS.md", ROOT / "ui" / "README.md"]
    found += sorted((ROOT / "docs").rglob("*.md"))
    found += sorted(
        p for p in (ROOT / "src-tauri").rglob("README.md") if not {"target", "node_modules"} & set(p.parts)
    )
    return [p for p in found if p.is_file()]


def prose_lines(text):
    """Yields (line number, line) outside fenced code blocks, with code spans blanked out."""
    fence = None
    for number, line in enumerate(text.split("\n"), start=1):
        opening = FENCE.match(line)
        if fence is None and opening:
            fence = opening.group(1)
            continue
        if fence is not None:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                if not line.strip()[len(opening.group(1)):].strip():
                    fence = None
            continue
        yield number, CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)


def links(text):
    """Yields (line number, target) for every link in the prose of a Markdown text."""
    for number, line in prose_lines(text):
        for pattern in (INLINE_LINK, REFERENCE_DEF, HTML_LINK):
            for match in pattern.finditer(line):
                target = match.group(1)
                if target.startswith("<") and target.endswith(">"):
                    target = target[1:-1]
                yield number, target.strip()


def heading_text(raw):
    """A heading's text as GitHub renders it: links become their text, markup goes."""
    text = re.sub(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\([^)]*\)", r"\1", raw)
    text = re.sub(r"<[^>]+>", "", text)
    text = text.replace("`", "")
    text = re.sub(r"(\*\*|__|\*|_|~~)(?=\S)(.+?)(?<=\S)\1", r"\2", text)
    return text.strip()


def slug(text):
    """GitHub's anchor for a heading: lower case, only letters, marks, numbers, connector
    punctuation (`_`), spaces and hyphens kept, each space a hyphen."""
    kept = []
    for ch in heading_text(text).lower():
        category = unicodedata.category(ch)
        if ch in " -" or category[0] in "LMN" or category == "Pc":
            kept.append(ch)
    return "".join(kept).replace(" ", "-")


def anchors(text):
    """Every anchor a Markdown text defines: its headings' slugs (repeats numbered as GitHub
    numbers them) and any HTML id or name."""
    found, seen = set(), {}
    previous = None
    for _, line in prose_lines(text):
        heading = None
        atx = ATX_HEADING.match(line)
        if atx:
            heading = atx.group(2) or ""
        elif previous and previous.strip() and SETEXT_UNDERLINE.match(line) and not ATX_HEADING.match(previous):
            if not re.match(r"^ {0,3}([-*_] *){3,}$", previous) and not previous.lstrip().startswith(("|", "-", "*", ">")):
                heading = previous.strip()
        if heading is not None:
            base = slug(heading)
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        found.update(HTML_ANCHOR.findall(line))
        previous = line
    return found


def problems(document):
    """What is wrong with one document's links, one line each."""
    text = document.read_text(encoding="utf-8")
    where = document.relative_to(ROOT)
    found = []
    for number, target in links(text):
        if not target or SCHEME.match(target) or target.startswith("//"):
            continue
        path_part, _, anchor = target.partition("#")
        path_part = unquote(path_part.split("?", 1)[0])
        anchor = unquote(anchor)
        if path_part:
            base = ROOT if path_part.startswith("/") else document.parent
            resolved = (base / path_part.lstrip("/")).resolve()
            if ROOT not in resolved.parents and resolved != ROOT:
                found.append(f"{where}:{number}: {target} leaves the repository")
                continue
            if not resolved.exists():
                found.append(f"{where}:{number}: {target}: no such file")
                continue
        else:
            resolved = document
        if not anchor:
            continue
        if resolved.is_dir():
            resolved = resolved / "README.md"
        if resolved.suffix.lower() != ".md" or not resolved.is_file():
            continue  # an anchor into a source file (#L10) or a folder without a README
        if anchor not in anchors(resolved.read_text(encoding="utf-8")):
            found.append(f"{where}:{number}: {target}: no heading #{anchor} in {resolved.relative_to(ROOT)}")
    return found


class TheCheckerItself(unittest.TestCase):
    def test_slugs_follow_github(self):
        self.assertEqual(slug("Two commands"), "two-commands")
        self.assertEqual(slug("Hardening (issue 13): the rest"), "hardening-issue-13-the-rest")
        self.assertEqual(slug("Control (`SandboxControl`, and the same over HTTP)"), "control-sandboxcontrol-and-the-same-over-http")
        self.assertEqual(slug("2026-12-01: the fix — Skia's CPU rasterizer"), "2026-12-01-the-fix--skias-cpu-rasterizer")
        self.assertEqual(slug("**Bold** and [a link](x.md)"), "bold-and-a-link")
        self.assertEqual(slug("小雅 开放平台"), "小雅-开放平台")
        self.assertEqual(slug("snake_case stays"), "snake_case-stays")

    def test_repeated_headings_are_numbered(self):
        self.assertEqual(anchors("# A\n\n## A\n\n## A\n"), {"a", "a-1", "a-2"})

    def test_code_is_not_a_link_and_a_heading_in_code_is_not_a_heading(self):
        text = "See [one](a.md) and `[two](b.md)`.\n\n```\n[three](c.md)\n# Not a heading\n```\n# Real\n"
        self.assertEqual([t for _, t in links(text)], ["a.md"])
        self.assertEqual(anchors(text), {"real"})

    def test_every_kind_of_link_is_read(self):
        text = '![pic](p.png "title")\n[ref]: <r d.md>\n<a href="h.md#x">h</a>\n[t [n]](n.md)\n'
        self.assertEqual([t for _, t in links(text)], ["p.png", "r d.md", "h.md#x", "n.md"])


class DocumentationLinks(unittest.TestCase):
    def test_the_documents_are_found(self):
        names = {str(p.relative_to(ROOT)) for p in documents()}
        for expected in ("README.md", "tests/SECURITY_TESTS.md", "ui/README.md", "docs/DEVELOPING.md"):
            self.assertIn(expected, names)

    def test_every_relative_link_and_anchor_leads_somewhere(self):
        found = [problem for document in documents() for problem in problems(document)]
        if found:
            self.fail(f"{len(found)} broken link(s):\n  " + "\n  ".join(found))

    def test_the_readme_stays_short(self):
        lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
        self.assertLess(
            lines,
            README_MAX_LINES,
            f"README.md has {lines} lines: keep it to what a person using the app needs "
            "(about 200); the rest belongs under docs/",
        )


if __name__ == "__main__":
    unittest.main()
