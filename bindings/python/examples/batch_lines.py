# SPDX-License-Identifier: Apache-2.0
"""The lines of `mdd decode --batch` from Python: records in, output lines out, byte for byte
what the tool writes (docs/cli.md, "mdd decode"), with the decoding done by the mdd package.

A record is a line of JSON Lines, {"ecu", "variant"?, "request", "response", ...}, or a plain
line `ECU REQUEST_HEX RESPONSE_HEX`. Its output line is the object `mdd decode --json` prints
for it with the record's other members copied after its own, or an error line
{"line": N, "error": REASON, "message": "..."}. Blank lines are skipped but counted, a CR
before the newline is dropped. The JSON of a record is checked against RFC 8259 as the tool
checks it (strings of well-formed UTF-8, surrogate escapes only in pairs, nesting at most 64
deep), with the same messages, so that malformed records give the same error lines too.

One limit: the message of a failed decode comes from the library through mdd.Error, which
holds it as text; a message with bytes that are not UTF-8 (only a database's own names can
bring those) would show them replaced differently from the tool's line.

    decoder = BatchDecoder(mdd.Database("databases", strategy="heap"))
    out, counts = decoder.block(data, first_line=1)   # data: whole lines, as bytes
"""
import codecs
import collections
import json
import re
import threading

import mdd

LINE_MAX = 1 << 20  # the longest line a record may take, as the tool's
NAME_MAX = 255  # the longest ECU or variant name, in bytes
JSON_DEPTH = 64  # the deepest nesting of a record's JSON
MEMO_ENTRIES = 4096  # the slots of each thread's memo, as each of the tool's threads has
KEYS = (b"ecu", b"variant", b"request", b"response")
BLANKS = b" \t\r"
_SPACE = re.compile(rb"[ \t\n\r]*")
# A run of a string's characters that are plain ASCII: no quote, backslash or control.
_PLAIN = re.compile(rb"[\x20\x21\x23-\x5b\x5d-\x7f]*")
HEX_DIGITS = frozenset(b"0123456789abcdefABCDEF")

# The reasons of error lines, in the order of the tool's summary.
REASONS = ("line-too-long", "nul-byte", "malformed", "bad-hex", "unknown-ecu", "unknown-variant",
           "no-match", "undecodable", "unsupported", "limit", "failed")
# The reasons of a failed decode, by the mdd.Error class.
DECODE_REASONS = ((mdd.NotFoundError, "no-match"), (mdd.FormatError, "undecodable"),
                  (mdd.UnsupportedError, "unsupported"), (mdd.LimitError, "limit"))


class RecordError(Exception):
    """A record's error line: the reason's name and the message."""

    def __init__(self, reason, message):
        super().__init__(message)
        self.reason = reason
        self.message = message


# ---- Text as the tool's JSON writer puts it ----

def _one_byte_replaced(e):
    return "\ufffd", e.start + 1


# A malformed byte becomes U+FFFD and the decoding goes on at the next byte, as in the tool.
codecs.register_error("mdd-batch-replace", _one_byte_replaced)


def json_string(text):
    """text (bytes) as a JSON string: quote and backslash escaped, control characters as
    \\u00XX, the rest as UTF-8."""
    out = ['"']
    for ch in text.decode("utf-8", "mdd-batch-replace"):
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch < " ":
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out).encode("utf-8")


# ---- JSON syntax, walked as the tool's record reader walks it ----

class _Malformed(Exception):
    """A syntax fault at cursor position at."""

    def __init__(self, at, why):
        super().__init__(why)
        self.at = at
        self.why = why


class _Cursor:
    def __init__(self, line):
        self.p = line
        self.at = 0

    def fault(self, why):
        raise _Malformed(self.at, why)

    def peek(self):
        return self.p[self.at] if self.at < len(self.p) else -1

    def skip_space(self):
        self.at = _SPACE.match(self.p, self.at).end()


def _utf8_length(p, at):
    """The length of the well-formed UTF-8 sequence at p[at:], or 0."""
    b = p[at]
    lo, hi = 0x80, 0xBF
    if b < 0x80:
        return 1
    if 0xC2 <= b <= 0xDF:
        n = 2
    elif 0xE0 <= b <= 0xEF:
        n = 3
        lo, hi = (0xA0 if b == 0xE0 else lo), (0x9F if b == 0xED else hi)
    elif 0xF0 <= b <= 0xF4:
        n = 4
        lo, hi = (0x90 if b == 0xF0 else lo), (0x8F if b == 0xF4 else hi)
    else:
        return 0
    if len(p) - at < n or not lo <= p[at + 1] <= hi:
        return 0
    return n if all(0x80 <= c <= 0xBF for c in p[at + 2:at + n]) else 0


def _unit_at(c, at):
    """The code unit of the \\u escape at at, or -1 when there is none."""
    if len(c.p) - at < 6 or c.p[at:at + 2] != b"\\u":
        return -1
    digits = c.p[at + 2:at + 6]
    return int(digits, 16) if all(d in HEX_DIGITS for d in digits) else -1


def _escape(c):
    """Past the escape at c (its backslash); a surrogate escape only as a pair."""
    e = c.p[c.at + 1] if c.at + 1 < len(c.p) else -1
    if e != -1 and e in b'"\\/bfnrt':
        c.at += 2
        return
    unit = _unit_at(c, c.at)
    if unit < 0:
        c.fault("a bad escape in a string")
    if not 0xD800 <= unit <= 0xDFFF:
        c.at += 6
        return
    low = _unit_at(c, c.at + 6)
    if unit > 0xDBFF or not 0xDC00 <= low <= 0xDFFF:
        c.fault("a lone surrogate in a string")
    c.at += 12


def _string(c):
    """Past the string whose opening quote is at c; the span of its content."""
    c.at += 1
    start = c.at
    while c.at < len(c.p):
        c.at = _PLAIN.match(c.p, c.at).end()
        if c.at == len(c.p):
            break
        b = c.p[c.at]
        if b == 0x22:
            c.at += 1
            return start, c.at - 1
        if b < 0x20:
            c.fault("a control character in a string")
        if b == 0x5C:
            _escape(c)
            continue
        n = _utf8_length(c.p, c.at)
        if n == 0:
            c.fault("a string that is not UTF-8")
        c.at += n
    c.fault("a string without its closing quote")


def _digits(c):
    start = c.at
    while c.at < len(c.p) and 0x30 <= c.p[c.at] <= 0x39:
        c.at += 1
    return c.at - start


def _number(c):
    if c.peek() == 0x2D:
        c.at += 1
    if c.peek() == 0x30:
        c.at += 1
    elif not _digits(c):
        c.fault("a value expected")
    if c.peek() == 0x2E:
        c.at += 1
        if not _digits(c):
            c.fault("a fraction needs digits")
    if c.peek() in tuple(b"eE"):
        c.at += 1
        if c.peek() in tuple(b"+-"):
            c.at += 1
        if not _digits(c):
            c.fault("an exponent needs digits")


def _scalar(c):
    b = c.peek()
    if b == 0x22:
        _string(c)
        return
    word = {0x74: b"true", 0x66: b"false", 0x6E: b"null"}.get(b)
    if word is None:
        _number(c)
    elif c.p[c.at:c.at + len(word)] == word:
        c.at += len(word)
    else:
        c.fault("a value expected")


def _key(c):
    """A key and its colon; the span of the key's content."""
    c.skip_space()
    if c.peek() != 0x22:
        c.fault("a key expected")
    span = _string(c)
    c.skip_space()
    if c.peek() != 0x3A:
        c.fault("':' expected")
    c.at += 1
    return span


def _after_value(c, stack):
    """After a value inside containers (stack: True for an object): closes what ends, then
    steps past a comma (and the next key in an object). True when a value follows."""
    while stack:
        c.skip_space()
        if c.peek() == (0x7D if stack[-1] else 0x5D):
            c.at += 1
            stack.pop()
            continue
        if c.peek() != 0x2C:
            c.fault("',' or '}' expected" if stack[-1] else "',' or ']' expected")
        c.at += 1
        if stack[-1]:
            _key(c)
        return True
    return False


def _value(c):
    """Past one value at c, containers walked without recursion."""
    stack = []
    while True:
        c.skip_space()
        b = c.peek()
        done = True
        if b in (0x7B, 0x5B):
            if len(stack) == JSON_DEPTH:
                c.fault("nesting deeper than 64")
            stack.append(b == 0x7B)
            c.at += 1
            c.skip_space()
            if c.peek() == (0x7D if b == 0x7B else 0x5D):
                c.at += 1
                stack.pop()
            elif b == 0x7B:
                _key(c)
                done = False
            else:
                done = False
        else:
            _scalar(c)
        if done and not _after_value(c, stack):
            return


def _members(line):
    """The members of the object that is the whole line, as (key, value, member) spans (the
    key's content, the value, the member from the key's quote), each checked before it is
    given. Raises _Malformed at the first fault."""
    c = _Cursor(line)
    c.skip_space()
    if c.peek() != 0x7B:
        c.fault("not a JSON object")
    c.at += 1
    c.skip_space()
    more = c.peek() != 0x7D
    if not more:
        c.at += 1
    while more:
        c.skip_space()
        start = c.at
        key = _key(c)
        c.skip_space()
        value_start = c.at
        _value(c)
        yield key, (value_start, c.at), (start, c.at)
        c.skip_space()
        if c.peek() == 0x2C:
            c.at += 1
            continue
        if c.peek() != 0x7D:
            c.fault("',' or '}' expected")
        c.at += 1
        more = False
    c.skip_space()
    if c.at != len(line):
        c.fault("data after the object")


# ---- Records ----

Record = collections.namedtuple("Record", "ecu variant request response extras json")
Record.__doc__ = """What a record names: ecu and variant (b"" for the base variant) as bytes,
request and response as the hex text, extras the other members' text (JSON records)."""


def _name(raw, which):
    """A name's checked string content, escapes resolved, as UTF-8."""
    name = json.loads(b'"' + raw + b'"').encode("utf-8")
    if len(name) > NAME_MAX or b"\0" in name:
        raise RecordError("malformed", f'"{which}" is not a name (at most 255 bytes, no U+0000)')
    return name


def _json_record(line):
    found = {}
    extras = []
    try:
        for (k0, k1), (v0, v1), (m0, m1) in _members(line):
            key = line[k0:k1]
            if key not in KEYS:
                extras.append(line[m0:m1])
                continue
            which = key.decode()
            if key in found:
                raise RecordError("malformed", f'"{which}" is given twice')
            value = line[v0:v1]
            found[key] = b""
            if key == b"variant" and value == b"null":
                continue
            if value[:1] != b'"':
                raise RecordError("malformed", f'"{which}" is not a string')
            raw = value[1:-1]
            found[key] = _name(raw, which) if key in (b"ecu", b"variant") else raw
    except _Malformed as e:
        raise RecordError("malformed", f"malformed JSON at byte {e.at + 1}: {e.why}") from None
    for key in (b"ecu", b"request", b"response"):
        if key not in found:
            raise RecordError("malformed", f'no "{key.decode()}"')
    return Record(found[b"ecu"], found.get(b"variant", b""), found[b"request"],
                  found[b"response"], extras, True)


def _plain_record(line):
    fields = [f for f in line.replace(b"\t", b" ").replace(b"\r", b" ").split(b" ") if f]
    if len(fields) != 3:
        raise RecordError("malformed",
                          "expected ECU REQUEST RESPONSE (three fields) or a JSON object")
    if len(fields[0]) > NAME_MAX:
        raise RecordError("malformed", "the ECU name is longer than 255 bytes")
    return Record(fields[0], b"", fields[1], fields[2], [], False)


def _is_hex(text):
    return len(text) > 0 and len(text) % 2 == 0 and all(c in HEX_DIGITS for c in text)


def parse_record(line):
    """The Record of a line (bytes, no newline, no NUL). Raises RecordError ("malformed")."""
    return _json_record(line) if line.lstrip(BLANKS)[:1] == b"{" else _plain_record(line)


def check_hex(rec):
    """Raises RecordError ("bad-hex") unless the record's messages are pairs of hex digits."""
    for what in ("request", "response"):
        if not _is_hex(getattr(rec, what)):
            raise RecordError("bad-hex", f"the {what} is not pairs of hex digits")


def lines(data, first_line=1):
    """The lines of data (bytes of whole lines) that are not blank, as (number, text, too
    long): numbers from first_line, blank lines counted; a CR before the newline dropped."""
    parts = data.split(b"\n")
    if parts[-1] == b"":
        parts.pop()
    for number, text in enumerate(parts, first_line):
        if len(text) > LINE_MAX:
            yield number, b"", True
            continue
        if text.endswith(b"\r"):
            text = text[:-1]
        if text.strip(BLANKS):
            yield number, text, False


def count_lines(data):
    """The number of lines in data (bytes of whole lines; the last may lack its newline)."""
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


# ---- Decoding ----

class BatchDecoder:
    """Decodes records with one open database (mdd.Database), from any number of threads:
    each thread decodes through its own mdd.Memo (the memo is not thread-safe, the database
    is). The layers records name are looked up once each."""

    def __init__(self, db, memo_entries=MEMO_ENTRIES):
        self.db = db
        self._memo_entries = memo_entries
        self._local = threading.local()
        self._layers = {}

    def close(self):
        self.db.close()

    def _memo(self):
        memo = getattr(self._local, "memo", None)
        if memo is None:
            memo = self._local.memo = mdd.Memo(self._memo_entries)
        return memo

    def _layer(self, ecu_name, variant):
        key = (ecu_name, variant)
        layer = self._layers.get(key)
        if layer is not None:
            return layer
        try:
            ecu = self.db.ecu(ecu_name)
        except mdd.NotFoundError:
            raise RecordError("unknown-ecu", b"no ECU named '%s'" % ecu_name) from None
        try:
            layer = ecu.variant(variant) if variant else ecu.base_variant
        except mdd.NotFoundError:
            why = (b"ECU '%s' has no variant named '%s'" % (ecu_name, variant) if variant
                   else b"ECU '%s' has no variants" % ecu_name)
            raise RecordError("unknown-variant", why) from None
        self._layers[key] = layer
        return layer

    def _decode(self, rec):
        layer = self._layer(rec.ecu, rec.variant)
        try:
            return layer.decode_json(bytes.fromhex(rec.request.decode()),
                                     bytes.fromhex(rec.response.decode()), self._memo())
        except mdd.Error as e:
            reason = next((r for cls, r in DECODE_REASONS if isinstance(e, cls)), "failed")
            raise RecordError(reason, e.message) from None

    def line(self, number, text, too_long=False):
        """The output line (bytes, with its newline) of the record text on line number, and
        its reason (None when it decoded)."""
        rec = None
        try:
            if too_long:
                raise RecordError("line-too-long", f"the line is longer than {LINE_MAX} bytes")
            if b"\0" in text:
                raise RecordError("nul-byte", "the line holds a NUL byte")
            rec = parse_record(text)
            check_hex(rec)
            data = self._decode(rec)
            return data[:-1] + _extras(rec) + b"}\n", None
        except RecordError as e:
            why = e.message if isinstance(e.message, bytes) else e.message.encode()
            return (b'{"line":%d,"error":"%s","message":%s' % (number, e.reason.encode(),
                                                                 json_string(why))
                    + _extras(rec) + b"}\n", e.reason)

    def block(self, data, first_line=1):
        """The output of data (bytes of whole lines, the first numbered first_line) and the
        counts of its records: a collections.Counter of "records", "decoded" and each
        reason."""
        out = []
        counts = collections.Counter()
        for number, text, too_long in lines(data, first_line):
            line, reason = self.line(number, text, too_long)
            out.append(line)
            counts["records"] += 1
            counts[reason or "decoded"] += 1
        return b"".join(out), counts


def _extras(rec):
    if rec is None or not rec.json:
        return b""
    return b"".join(b"," + member for member in rec.extras)
