# SPDX-License-Identifier: Apache-2.0
"""Records for `mdd decode --batch` made from the corpus: for every variant of every ECU the
requests of its services and responses encoded by the binding (test_codec.messages()), as JSON
Lines and plain lines, with other members, escapes, CRs and blank lines; records that fail
for every reason the tool names; and seeded mutations of them, most of which are malformed in
some way. Written as bytes to be fed to the tool and to the example alike."""
import json
import random

from test_codec import messages

# Records that fail, one per reason the Python side can meet (and some that decode): as bytes.
FIXED = [
    b'FLXC1000 22F186 62F18603',
    b'{"ecu":"FLXC1000","request":"22F186","response":"62","id":7}',
    b'  {"ecu" : "FLXC\\u0031000", "variant":null, "request":"22f186",'
    b' "response":"62F18603", "t":[1,{"a":"\\ud83d\\ude00"}], "u":"\xc3\xa9"}  ',
    b'{"ecu":"FLXC1000","variant":"","request":"22F186","response":"62F18603","z":{}}',
    b'{"ecu":"NOPE\\n\\"x\\"","request":"22F186","response":"62F18603","k":true}',
    b'NOPE\x01\xff\xe2\x82 22F186 62F18603',
    b'{"ecu":"FLXC1000","variant":"Nope\\u00e9","request":"22F186","response":"62F18603"}',
    b'{"ecu":"FLXC1000","request":"22F18","response":"62F18603","k":1}',
    b'{"ecu":"FLXC1000","request":"22F186","response":"\\u0036\\u0032","k":1}',
    b'FLXC1000 22F186 6ZF18603',
    b'FLXC1000 22F186',
    b'FLXC1000 22F186 62F18603 extra',
    b'\tFLXC1000\t\t22F200\r62F200FFFFFB2EAABB ',
    b'FLXC1000 22F200 62F200FFFF',
    b'FLXC1000 2703 6703',
    b'FLXC1000 22F200 63F200FFFFFB2E',
    b'FLXC1000 22F190 7F2231',
    b'{"ecu":"FLXC1000","variant":"FLXC1000_Boot_Variant","request":"2703",'
    b'"response":"6703AABBCC","seq":-1.5e+3}',
    b'{"ecu":"FLXC1000","ecu":"FLXC1000","request":"22F186","response":"62F18603"}',
    b'{"ecu":7,"request":"22F186","response":"62F18603"}',
    b'{"ecu":"' + b"E" * 256 + b'","request":"22F186","response":"62F18603"}',
    b"E" * 256 + b' 22F186 62F18603',
    b'{"ecu":"a\\u0000","request":"22F186","response":"62F18603"}',
    b'{"ecu":"FLXC1000","request":"22F186"}',
    b'{"ecu":"FLXC1000","request":"22F186","response":"62F18603"} x',
    b'{"ecu":"FLXC1000","request":"22F186","response":"62F18603","d":' + b"[" * 64 + b"]" * 64
    + b"}",
    b'{"ecu":"FLXC1000","request":"22F186","response":"62F18603","d":' + b"[" * 65 + b"]" * 65
    + b"}",
    b'{"ecu":"\\ud800","request":"22F186","response":"62F18603"}',
    b'{"ecu":"FLXC1000","request":"22F186","response":"62F18603","n":01}',
    b'{"ecu":"FLXC1000","request":"22F186","response":"62F18603","n":NaN}',
    b'{"ecu":"FLXC1000","request":"22F186","response":"62F18603","n":1.}',
    b'{"ecu":"FLXC1000","request":"22F186","response":"62F18603","n":-}',
    b'{"ecu":"FLXC1000","request":"22F186","response":"62F18603","s":"\xed\xa0\x80"}',
    b'{}',
    b'[1]',
    b'FLXC1000 22F186 62F18603\x00',
    b' \t ',
    b'',
    b'\r',
]

# What a mutation inserts or writes over a byte: JSON's syntax, escapes, bytes that are not
# UTF-8, controls.
MUTATION_BYTES = b'"\\{}[],: u0e-.\x01\x7f\xff\xc3\xed\xf4\tx'


def corpus_records(db):
    """A record (bytes) per message of every variant: a JSON record naming the variant, every
    third one with other members; a plain line for the base variant's every second one; every
    fourth response also cut short by a byte."""
    out = []
    for ecu in db.ecus:
        base = ecu.base_variant if ecu.variants else None
        for layer in ecu.variants:
            for n, (request, response) in enumerate(messages(layer)):
                if layer == base and n % 2:
                    out.append(b"%s %s %s" % (ecu.name.encode(), request.hex().encode(),
                                              response.hex().upper().encode()))
                    continue
                rec = {"ecu": ecu.name, "variant": layer.name, "request": request.hex(),
                       "response": response.hex()}
                if n % 3 == 0:
                    rec = {"at": n, **rec, "tags": ["x", {"y": None}]}
                out.append(json.dumps(rec, separators=(",", ":") if n % 2 else (", ", ": "))
                           .encode())
                if n % 4 == 0 and len(response) > 3:
                    out.append(b"%s %s %s" % (ecu.name.encode(), request.hex().encode(),
                                              response[:-1].hex().encode()))
    return out


def mutations(records, count, seed=30):
    """count records, each one of records with one to three bytes deleted, inserted or
    written over, or cut short."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        rec = bytearray(rng.choice(records))
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(rec) + 1)
            kind = rng.randrange(4)
            if kind == 0 and at < len(rec):
                del rec[at]
            elif kind == 1:
                rec.insert(at, rng.choice(MUTATION_BYTES))
            elif kind == 2 and at < len(rec):
                rec[at] = rng.choice(MUTATION_BYTES)
            else:
                del rec[at:]
        out.append(bytes(rec))
    return out


def record_file(db, mutated=3000):
    """The records as the bytes of one input: corpus records, the fixed ones, mutations;
    CRLF and LF endings, a blank line now and then, no newline after the last."""
    records = corpus_records(db)
    lines = records + FIXED + mutations(records + FIXED, mutated)
    out = bytearray()
    for n, line in enumerate(lines):
        out += line + (b"\r\n" if n % 5 == 0 else b"\n")
        if n % 17 == 0:
            out += b"\n"
    return bytes(out[:-1])
