#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Reads docs/cli.md, the one description of the mdd command, and derives what others need.

    cli-doc.py man [-o OUT] CLI_MD    the man page (docs/mdd.1 is this, checked in)
    cli-doc.py name CLI_MD            the one-line description of mdd (the title's text)
    cli-doc.py commands CLI_MD        NAME<TAB>SUMMARY per command, in the doc's order
    cli-doc.py synopsis CLI_MD NAME   the command's synopsis on one line (spaces collapsed)
    cli-doc.py options CLI_MD NAME    the command's options as `-s, --long VALUE`, one a line

The markdown shape this accepts is described at the top of docs/cli.md and in
docs/adr/0011-cli-documented-once.md; anything else is an error naming the line, so the man
page and the checks against `mdd --help` never silently miss a part of the doc.
"""
import os
import re
import sys


class DocError(Exception):
    """A part of the doc that does not have the expected shape; line is 1-based, or None."""

    def __init__(self, message, line=None):
        super().__init__(message)
        self.line = line


# ---- Reading the markdown into blocks ----

class Block:
    """One markdown block: kind is h1, h2, h3, para, code, table, bullet or numbered."""

    def __init__(self, kind, line, data):
        self.kind = kind
        self.line = line  # 1-based line number of the block's first line
        self.data = data  # heading text, list of lines, or table rows (lists of cells)


def split_cells(row, line):
    """The cells of a table row; a '|' inside a code span belongs to the cell."""
    if not (row.startswith("|") and row.endswith("|")):
        raise DocError("a table row starts and ends with '|'", line)
    cells, cell, in_code = [], "", False
    for ch in row[1:]:
        if ch == "`":
            in_code = not in_code
        if ch == "|" and not in_code:
            cells.append(cell.strip())
            cell = ""
        else:
            cell += ch
    return cells


LIST_ITEM = re.compile(r"^(- |\d+\. )")


def read_blocks(text):
    """The blocks of the markdown text, in order; HTML comments are left out."""
    lines = text.split("\n")
    blocks, i = [], 0
    while i < len(lines):
        line, num = lines[i], i + 1
        if not line.strip():
            i += 1
        elif line.startswith("<!--"):
            while "-->" not in lines[i]:
                i += 1
                if i == len(lines):
                    raise DocError("comment never closed", num)
            i += 1
        elif line.startswith("```"):
            end = i + 1
            while end < len(lines) and lines[end] != "```":
                end += 1
            if end == len(lines):
                raise DocError("code block never closed", num)
            blocks.append(Block("code", num, lines[i + 1:end]))
            i = end + 1
        elif re.match(r"^#{1,3} ", line):
            level = len(line) - len(line.lstrip("#"))
            blocks.append(Block(f"h{level}", num, line[level + 1:].strip()))
            i += 1
        elif line.startswith("|"):
            rows = []
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(split_cells(lines[i], i + 1))
                i += 1
            if len(rows) < 2 or any(not re.fullmatch(r"-+", c) for c in rows[1]):
                raise DocError("a table has a header row, then |---|---|", num)
            if any(len(r) != 2 for r in rows):
                raise DocError("tables have two columns", num)
            blocks.append(Block("table", num, [rows[0]] + rows[2:]))
        elif LIST_ITEM.match(line):
            kind = "bullet" if line.startswith("- ") else "numbered"
            items = []
            while i < len(lines) and LIST_ITEM.match(lines[i]):
                item = [LIST_ITEM.sub("", lines[i])]
                i += 1
                while i < len(lines) and lines[i].startswith("  ") and lines[i].strip():
                    item.append(lines[i].strip())
                    i += 1
                items.append(item)
            blocks.append(Block(kind, num, items))
        elif line.startswith(" "):
            raise DocError("indented text outside a list or code block", num)
        else:
            para = []
            while (i < len(lines) and lines[i].strip() and not lines[i].startswith(("```", "|", "#"))
                   and not LIST_ITEM.match(lines[i])):
                para.append(lines[i])
                i += 1
            blocks.append(Block("para", num, para))
    return blocks


# ---- The document's structure: title, introduction, sections, commands ----

class Section:
    """A `## ` section: its title, the line of its heading and its blocks."""

    def __init__(self, title, line):
        self.title = title
        self.line = line
        self.blocks = []


class Command:
    """A command of the table with its `## mdd NAME` section."""

    def __init__(self, name, summary, section):
        self.name = name
        self.summary = summary
        self.section = section
        self.synopsis = []  # the lines of the synopsis code block
        self.options = []   # `-s, --long VALUE` strings


class Doc:
    """The whole document, checked against the shape on construction."""

    def __init__(self, text):
        blocks = read_blocks(text)
        if not blocks or blocks[0].kind != "h1" or not blocks[0].data.startswith("mdd: "):
            raise DocError("the document starts with '# mdd: WHAT IT DOES'", 1)
        self.description = blocks[0].data[len("mdd: "):]
        self.intro = []
        self.sections = []
        for block in blocks[1:]:
            if block.kind == "h1":
                raise DocError("only the first line is a '# ' title", block.line)
            if block.kind == "h2":
                self.sections.append(Section(block.data, block.line))
            elif self.sections:
                self.sections[-1].blocks.append(block)
            else:
                self.intro.append(block)
        self.synopsis = self._intro_synopsis()
        self.commands = self._commands()

    def _intro_synopsis(self):
        code = [b for b in self.intro if b.kind == "code"]
        if not code:
            raise DocError("the introduction has a code block with the general synopsis")
        return code[0].data

    def _commands(self):
        tables = [b for b in self.intro if b.kind == "table" and b.data[0] == ["command", "summary"]]
        if len(tables) != 1:
            raise DocError("the introduction has one '| command | summary |' table")
        listed = []
        for name_cell, summary in tables[0].data[1:]:
            m = re.fullmatch(r"\[`([a-z]+)`\]\(#mdd-\1\)", name_cell)
            if not m:
                raise DocError(f"'{name_cell}' is not [`NAME`](#mdd-NAME)", tables[0].line)
            listed.append((m.group(1), summary))
        sections = [s for s in self.sections if s.title.startswith("mdd ")]
        if [s.title[4:] for s in sections] != [name for name, _ in listed]:
            raise DocError("the '## mdd NAME' sections are not the commands of the table, "
                           "in its order")
        commands = []
        for (name, summary), section in zip(listed, sections):
            command = Command(name, summary, section)
            command.synopsis = command_synopsis(command)
            command.options = command_options(command)
            commands.append(command)
        return commands

    def command(self, name):
        for command in self.commands:
            if command.name == name:
                return command
        raise DocError(f"no command '{name}'")


def command_synopsis(command):
    """The lines of the code block that starts the command's section."""
    section = command.section
    if not section.blocks or section.blocks[0].kind != "code":
        raise DocError(f"'## mdd {command.name}' starts with its synopsis in a "
                       "code block", section.line)
    lines = section.blocks[0].data
    if not lines or not lines[0].startswith(f"mdd {command.name} "):
        raise DocError(f"the synopsis starts with 'mdd {command.name} '", section.blocks[0].line)
    if any(not line.startswith(" ") for line in lines[1:]):
        raise DocError("a synopsis is one command; indent its continuation lines",
                       section.blocks[0].line)
    return lines


def command_options(command):
    """The first cells of the command's option table, without their backquotes."""
    tables = [b for b in command.section.blocks
              if b.kind == "table" and b.data[0] == ["option", "meaning"]]
    if len(tables) > 1:
        raise DocError("a command has one '| option | meaning |' table", tables[1].line)
    options = []
    for table in tables:
        for cell, _ in table.data[1:]:
            spans = cell.split(", ")
            if not all(re.fullmatch(r"`-[^`]*`", s) for s in spans):
                raise DocError(f"'{cell}' is not `-s`, `--long VALUE`", table.line)
            options.append(", ".join(s.strip("`") for s in spans))
    return options


# ---- Writing the man page ----

def roff_chars(text):
    """Escapes text for roff: backslashes, and characters beyond ASCII by code point."""
    text = text.replace("\\", "\\e")
    return "".join(c if ord(c) < 128 else f"\\[u{ord(c):04X}]" for c in text)


def roff_line(line):
    """A line of roff input that starts no request, whatever its first character."""
    return "\\&" + line if line.startswith((".", "'")) else line


def roff_code(text):
    """Code for roff: as roff_chars, with every '-' a minus sign, so it can be copied."""
    return roff_chars(text).replace("-", "\\-")


def roff_inline(text):
    """Markdown inline text to roff: links keep their text, code spans are bold."""
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)
    parts = text.split("`")
    if len(parts) % 2 == 0:
        raise DocError(f"unbalanced ` in: {text}")
    out = []
    for i, part in enumerate(parts):
        out.append(f"\\fB{roff_code(part)}\\fR" if i % 2 else roff_chars(part))
    return "".join(out)


def roff_text(lines):
    """Markdown text lines (a code span may go on to the next line) as roff input lines."""
    return [roff_line(line) for line in roff_inline("\n".join(lines)).split("\n")]


def roff_synopsis(line):
    """A synopsis line: the command and options bold, the operands (capitals) italic."""
    command = re.match(r"mdd( [a-z]+)?", line)
    out = [f"\\fB{command.group(0)}\\fR"] if command else []
    rest = line[command.end():] if command else line
    for token in re.findall(r"--?[a-z][a-z0-9-]*|[A-Z][A-Z0-9_]*|.", rest):
        if token.startswith("-") and len(token) > 1:
            out.append(f"\\fB{roff_code(token)}\\fR")
        elif token[0].isupper():
            out.append(f"\\fI{roff_code(token)}\\fR")
        else:
            out.append(roff_code(token))
    return "".join(out)


def roff_synopsis_lines(lines):
    """Synopsis lines between .nf and .fi, so that they keep their line breaks."""
    return [".nf"] + [roff_line(roff_synopsis(line)) for line in lines] + [".fi"]


def man_blocks(blocks):
    """The roff of a sequence of blocks other than h1 and h2."""
    out = []
    for block in blocks:
        if block.kind == "h3":
            out += [".PP", f".B {roff_chars(block.data)}"]
        elif block.kind == "para":
            out += [".PP"] + roff_text(block.data)
        elif block.kind == "code":
            out += [".PP", ".RS 4", ".nf"] + [roff_line(roff_code(line)) for line in block.data]
            out += [".fi", ".RE"]
        elif block.kind == "table":
            for term, meaning in block.data[1:]:
                out += [".TP"] + roff_text([term]) + roff_text([meaning])
        else:
            for n, item in enumerate(block.data, 1):
                mark = "\\(bu 2" if block.kind == "bullet" else f"{n}. 4"
                out += [f".IP {mark}"] + roff_text(item)
    return out


def project_version(cli_md):
    """The version in the project() call of the CMakeLists.txt above docs/."""
    path = os.path.join(os.path.dirname(os.path.abspath(cli_md)), "..", "CMakeLists.txt")
    with open(path, encoding="utf-8") as f:
        m = re.search(r"project\(\s*libmdd\s+VERSION\s+([0-9.]+)", f.read())
    if not m:
        raise DocError(f"{path}: no 'project(libmdd VERSION X.Y.Z'")
    return m.group(1)


def man_page(doc, version):
    """The man page: NAME, SYNOPSIS, DESCRIPTION (the introduction), then the doc's sections,
    the commands' under COMMANDS."""
    out = [
        ".\\\" Generated from docs/cli.md by scripts/cli-doc.py (make docs); do not edit.",
        f'.TH MDD 1 "" "libmdd {version}" "User Commands"',
        ".nh",
        ".SH NAME",
        f"mdd \\- {roff_chars(doc.description)}",
        ".SH SYNOPSIS",
    ]
    # The general form, each command's, then `mdd --help | --version` and the like.
    lines = doc.synopsis[:1] + [line for c in doc.commands for line in c.synopsis]
    out += roff_synopsis_lines(lines + doc.synopsis[1:])
    out.append(".SH DESCRIPTION")
    out += man_blocks(b for b in doc.intro if b.data is not doc.synopsis)
    in_commands = False
    for section in doc.sections:
        if section.title.startswith("mdd "):
            if not in_commands:
                out.append(".SH COMMANDS")
                in_commands = True
            out.append(f'.SS "{roff_code(section.title)}"')
            out += roff_synopsis_lines(section.blocks[0].data)
            blocks = section.blocks[1:]
        else:
            in_commands = False
            out.append(f".SH {roff_chars(section.title.replace('`', '').upper())}")
            blocks = section.blocks
        out += man_blocks(blocks)
    return "\n".join(out) + "\n"


# ---- Command line ----

def main(argv):
    if len(argv) < 3:
        raise SystemExit(__doc__)
    action, args = argv[1], argv[2:]
    out_path = None
    if action == "man" and len(args) == 3 and args[0] == "-o":
        out_path, args = args[1], args[2:]
    cli_md = args[0]
    with open(cli_md, encoding="utf-8") as f:
        text = f.read()
    try:
        doc = Doc(text)
        if action == "man" and len(args) == 1:
            write(out_path, man_page(doc, project_version(cli_md)))
        elif action == "name" and len(args) == 1:
            print(doc.description)
        elif action == "commands" and len(args) == 1:
            for command in doc.commands:
                print(f"{command.name}\t{command.summary}")
        elif action == "synopsis" and len(args) == 2:
            print(" ".join(" ".join(doc.command(args[1]).synopsis).split()))
        elif action == "options" and len(args) == 2:
            for option in doc.command(args[1]).options:
                print(option)
        else:
            raise SystemExit(__doc__)
    except DocError as e:
        sys.exit(f"{cli_md}:{e.line}: {e}" if e.line else f"{cli_md}: {e}")


def write(path, text):
    """Writes text to path through a temporary file renamed over it, or to stdout."""
    if path is None:
        sys.stdout.write(text)
        return
    tmp = f"{path}.tmp.{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


if __name__ == "__main__":
    main(sys.argv)
