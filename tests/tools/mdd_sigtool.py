#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Independent test oracle for MDD signatures (docs: signatures.md, format.md).

Shares no code with libmdd on purpose: a hand-written protobuf reader/writer, Python's
hashlib and lzma, and the `openssl` command for every cryptographic operation. Tests use it
to build signed and tampered fixtures and to check what libmdd accepts or rejects.

Subcommands: digest, keyid, sign, verify, tamper, decompress, info (see --help).
"""

import argparse
import hashlib
import json
import lzma
import os
import subprocess
import sys
import tempfile

MAGIC = b"MDD version 0      \x00"
DOMAIN = b"MDD-SIG-1\x00"
CHECKED_ALGS = ("ed25519", "ecdsa-p256-sha256")
INTEGRITY_ALG = b"sha512_uncompressed"

# Field numbers (format.md).
F_VERSION, F_ECU_NAME, F_REVISION, F_CHUNKS, F_FILE_SIG = 1, 3, 4, 6, 7
C_TYPE, C_NAME, C_SIGS, C_COMPRESSION, C_USIZE, C_ENCRYPTION, C_DATA = 1, 2, 4, 5, 6, 7, 8
S_ALG, S_KEYID, S_SIG, S_CERTS = 1, 2, 4, 5

# DER-encoded OIDs, found inside a SubjectPublicKeyInfo to tell the key type.
OID_ED25519 = bytes.fromhex("06032b6570")
OID_EC_PUBLIC_KEY = bytes.fromhex("06072a8648ce3d0201")
OID_PRIME256V1 = bytes.fromhex("06082a8648ce3d030107")


class ToolError(Exception):
    """A reason to stop with exit status 1; the message names the file and the cause."""


# ---------------------------------------------------------------------------------------------
# Protobuf wire format. A message is kept as a list of Field records that remember the exact
# bytes they were read from, so a rewrite re-emits untouched fields (known or unknown) verbatim.

class Field:
    __slots__ = ("num", "wire", "value", "raw")

    def __init__(self, num, wire, value, raw):
        self.num = num      # field number
        self.wire = wire    # wire type 0, 1, 2 or 5
        self.value = value  # int for wire types 0/1/5, bytes for wire type 2
        self.raw = raw      # the key and value bytes exactly as they appear in the input


def read_varint(buf, pos, what):
    """Decode one varint at pos; return (value, next position)."""
    result = 0
    for i in range(10):  # format.md: a varint is at most 10 bytes
        if pos + i >= len(buf):
            raise ToolError(f"{what}: truncated varint at offset {pos}")
        byte = buf[pos + i]
        result |= (byte & 0x7F) << (7 * i)
        if not byte & 0x80:
            return result & 0xFFFFFFFFFFFFFFFF, pos + i + 1
    raise ToolError(f"{what}: varint longer than 10 bytes at offset {pos}")


def encode_varint(value):
    value &= 0xFFFFFFFFFFFFFFFF  # negative int32/int64 values go on the wire as 10 bytes
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def parse_message(buf, what):
    """Split a serialized message into Field records (wire types 0, 1, 2, 5)."""
    fields = []
    pos = 0
    while pos < len(buf):
        start = pos
        key, pos = read_varint(buf, pos, what)
        num, wire = key >> 3, key & 7
        if num == 0:
            raise ToolError(f"{what}: field number 0 at offset {start}")
        if wire == 0:
            value, pos = read_varint(buf, pos, what)
        elif wire == 1 or wire == 5:
            size = 8 if wire == 1 else 4
            if pos + size > len(buf):
                raise ToolError(f"{what}: truncated fixed{size * 8} field {num} at offset {start}")
            value = int.from_bytes(buf[pos:pos + size], "little")
            pos += size
        elif wire == 2:
            length, pos = read_varint(buf, pos, what)
            if length > len(buf) - pos:
                raise ToolError(f"{what}: field {num} at offset {start} claims {length} bytes, "
                                f"only {len(buf) - pos} left")
            value = bytes(buf[pos:pos + length])
            pos += length
        else:
            raise ToolError(f"{what}: unsupported wire type {wire} (field {num}) at offset {start}")
        fields.append(Field(num, wire, value, bytes(buf[start:pos])))
    return fields


def encode_field(num, value):
    """Encode a new field: int -> varint (wire 0), bytes/str -> length-delimited (wire 2)."""
    if isinstance(value, int):
        return encode_varint(num << 3) + encode_varint(value)
    if isinstance(value, str):
        value = value.encode("utf-8")
    return encode_varint((num << 3) | 2) + encode_varint(len(value)) + value


def rewrap(field, new_payload):
    """Re-encode a length-delimited field with a new payload, keeping its original key bytes."""
    _, after_key = read_varint(field.raw, 0, "re-encode")
    key_bytes = field.raw[:after_key]
    return Field(field.num, 2, new_payload, key_bytes + encode_varint(len(new_payload)) + new_payload)


def new_field(num, value):
    raw = encode_field(num, value)
    return Field(num, 0 if isinstance(value, int) else 2,
                 value.encode() if isinstance(value, str) else value, raw)


def serialize(fields):
    return b"".join(f.raw for f in fields)


def expect_wire(field, wire, what):
    if field.wire != wire:
        raise ToolError(f"{what}: field {field.num} has wire type {field.wire}, expected {wire}")


def last_value(fields, num, wire, what):
    """proto3: of several occurrences of a singular scalar field, the last one wins."""
    found = None
    for f in fields:
        if f.num == num:
            expect_wire(f, wire, what)
            found = f.value
    return found


def all_of(fields, num, wire, what):
    out = []
    for f in fields:
        if f.num == num:
            expect_wire(f, wire, what)
            out.append(f)
    return out


def replace_singular(fields, num, value):
    """Set a singular field: the last occurrence is replaced in place, earlier ones dropped;
    when absent, the field is appended at the end (field order is free in protobuf)."""
    positions = [i for i, f in enumerate(fields) if f.num == num]
    replacement = new_field(num, value)
    if not positions:
        return fields + [replacement]
    out = []
    for i, f in enumerate(fields):
        if i == positions[-1]:
            out.append(replacement)
        elif f.num != num:
            out.append(f)
    return out


# ---------------------------------------------------------------------------------------------
# The MDD container.

class MddFile:
    def __init__(self, path, fields):
        self.path = path
        self.fields = fields

    def chunk_fields(self):
        return all_of(self.fields, F_CHUNKS, 2, self.path)

    def file_signatures(self):
        return all_of(self.fields, F_FILE_SIG, 2, self.path)

    def write(self, path):
        data = MAGIC + serialize(self.fields)
        tmp = path + ".tmp"
        try:
            with open(tmp, "wb") as out:
                out.write(data)
            os.replace(tmp, path)  # never leave a half-written fixture behind
        except OSError as e:
            raise ToolError(f"{path}: cannot write: {e.strerror}")


def load_mdd(path):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise ToolError(f"{path}: cannot read: {e.strerror}")
    if len(data) < len(MAGIC) or data[:len(MAGIC)] != MAGIC:
        raise ToolError(f"{path}: not an MDD file (the 20-byte magic is missing)")
    return MddFile(path, parse_message(data[len(MAGIC):], path))


def chunk_what(path, index):
    return f"{path}: chunk {index}"


def chunk_uncompressed(path, index, chunk):
    """The bytes every load strategy serves: the data, decompressed when it is compressed."""
    what = chunk_what(path, index)
    if any(f.num == C_ENCRYPTION for f in chunk):
        raise ToolError(f"{what}: encrypted chunks are not supported")
    data = last_value(chunk, C_DATA, 2, what)
    if data is None:
        return b""  # signatures.md: absent data hashes no bytes
    algorithm = last_value(chunk, C_COMPRESSION, 2, what)
    if algorithm is None:
        return data
    if algorithm != b"lzma":
        raise ToolError(f"{what}: unknown compression_algorithm {algorithm!r}")
    try:
        plain = lzma.decompress(data, format=lzma.FORMAT_ALONE)
    except lzma.LZMAError as e:
        raise ToolError(f"{what}: LZMA data does not decode: {e}")
    size = last_value(chunk, C_USIZE, 0, what)
    if size is not None and size != len(plain):
        raise ToolError(f"{what}: decodes to {len(plain)} bytes, uncompressed_size says {size}")
    return plain


def u32(value):
    return (value & 0xFFFFFFFF).to_bytes(4, "big")


def pstr(value):
    value = value or b""
    return u32(len(value)) + value


def file_digest(mdd):
    """D of signatures.md "The file"."""
    f = mdd.fields
    h = hashlib.sha512()
    h.update(DOMAIN)
    h.update(pstr(last_value(f, F_VERSION, 2, mdd.path)))
    h.update(pstr(last_value(f, F_ECU_NAME, 2, mdd.path)))
    h.update(pstr(last_value(f, F_REVISION, 2, mdd.path)))
    chunks = mdd.chunk_fields()
    h.update(u32(len(chunks)))
    for index, cf in enumerate(chunks):
        what = chunk_what(mdd.path, index)
        chunk = parse_message(cf.value, what)
        ctype = last_value(chunk, C_TYPE, 0, what) or 0  # proto3 default
        h.update(u32(ctype))  # an int32 enum: its value mod 2^32
        h.update(pstr(last_value(chunk, C_NAME, 2, what)))
        h.update(hashlib.sha512(chunk_uncompressed(mdd.path, index, chunk)).digest())
    return h.digest()


# ---------------------------------------------------------------------------------------------
# openssl: every signature is made and checked by the command-line tool, not by Python code.

def openssl(args, what):
    try:
        proc = subprocess.run(["openssl"] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        raise ToolError(f"{what}: cannot run openssl: {e.strerror}")
    return proc


def openssl_ok(args, what):
    proc = openssl(args, what)
    if proc.returncode != 0:
        first = (proc.stderr.decode("utf-8", "replace").strip().splitlines() or ["?"])[0]
        raise ToolError(f"{what}: openssl {args[0]} failed: {first}")
    return proc.stdout


def public_der_of_pub(pub_path):
    return openssl_ok(["pkey", "-pubin", "-in", pub_path, "-outform", "DER"], pub_path)


def public_der_of_key(key_path):
    return openssl_ok(["pkey", "-in", key_path, "-pubout", "-outform", "DER"], key_path)


def key_algorithm(spki_der, what):
    if OID_ED25519 in spki_der:
        return "ed25519"
    if OID_EC_PUBLIC_KEY in spki_der and OID_PRIME256V1 in spki_der:
        return "ecdsa-p256-sha256"
    raise ToolError(f"{what}: the key is neither Ed25519 nor NIST P-256")


def sign_message(key_path, alg, message, tmp):
    msg = os.path.join(tmp, "D.bin")
    sig = os.path.join(tmp, "S.bin")
    with open(msg, "wb") as f:
        f.write(message)
    if alg == "ed25519":
        openssl_ok(["pkeyutl", "-sign", "-inkey", key_path, "-rawin", "-in", msg, "-out", sig],
                   key_path)
    else:
        openssl_ok(["dgst", "-sha256", "-sign", key_path, "-out", sig, msg], key_path)
    with open(sig, "rb") as f:
        return f.read()


def verify_message(pub_path, alg, message, signature, tmp):
    msg = os.path.join(tmp, "D.bin")
    sig = os.path.join(tmp, "S.bin")
    with open(msg, "wb") as f:
        f.write(message)
    with open(sig, "wb") as f:
        f.write(signature)
    if alg == "ed25519":
        args = ["pkeyutl", "-verify", "-pubin", "-inkey", pub_path, "-rawin", "-in", msg,
                "-sigfile", sig]
    else:
        args = ["dgst", "-sha256", "-verify", pub_path, "-signature", sig, msg]
    return openssl(args, pub_path).returncode == 0


def cert_der(cert_path):
    return openssl_ok(["x509", "-in", cert_path, "-outform", "DER"], cert_path)


def pub_pem_from(path, tmp):
    """--pub takes a public key PEM, or a certificate whose public key is meant."""
    try:
        with open(path, "rb") as f:
            text = f.read()
    except OSError as e:
        raise ToolError(f"{path}: cannot read: {e.strerror}")
    if b"-----BEGIN CERTIFICATE-----" not in text:
        return path
    out = os.path.join(tmp, "cert-pub.pem")
    with open(out, "wb") as f:
        f.write(openssl_ok(["x509", "-in", path, "-pubkey", "-noout"], path))
    return out


# ---------------------------------------------------------------------------------------------
# Signature messages.

def build_signature(alg, keyid, signature, certs):
    out = encode_field(S_ALG, alg)
    if keyid is not None:
        out += encode_field(S_KEYID, keyid)
    out += encode_field(S_SIG, signature)
    for der in certs:
        out += encode_field(S_CERTS, der)
    return out


def read_signature(payload, what):
    fields = parse_message(payload, what)
    return {
        "algorithm": (last_value(fields, S_ALG, 2, what) or b"").decode("utf-8", "replace"),
        "key_identifier": last_value(fields, S_KEYID, 2, what),
        "signature": last_value(fields, S_SIG, 2, what) or b"",
        "certificates": [f.value for f in all_of(fields, S_CERTS, 2, what)],
    }


# ---------------------------------------------------------------------------------------------
# Subcommands.

def cmd_digest(args):
    print(file_digest(load_mdd(args.file)).hex())
    return 0


def cmd_keyid(args):
    print(hashlib.sha256(public_der_of_pub(args.pub)).hexdigest())
    return 0


def add_chunk_signatures(mdd, key, alg, keyid, certs, tmp):
    """Append one Signature (Chunk field 4) to every chunk, over SHA-512 of its plain data."""
    out = []
    index = 0
    for f in mdd.fields:
        if f.num != F_CHUNKS:
            out.append(f)
            continue
        chunk = parse_message(f.value, chunk_what(mdd.path, index))
        digest = hashlib.sha512(chunk_uncompressed(mdd.path, index, chunk)).digest()
        sig = build_signature(alg, keyid, sign_message(key, alg, digest, tmp), certs)
        out.append(rewrap(f, f.value + encode_field(C_SIGS, sig)))
        index += 1
    mdd.fields = out


def cmd_sign(args):
    mdd = load_mdd(args.input)
    spki = public_der_of_key(args.key)
    alg = args.alg or key_algorithm(spki, args.key)
    if key_algorithm(spki, args.key) != alg:
        raise ToolError(f"{args.key}: the key does not fit algorithm {alg}")
    keyid = None if args.no_keyid else hashlib.sha256(spki).digest()
    certs = [cert_der(c) for c in args.cert]
    with tempfile.TemporaryDirectory(prefix="mdd_sigtool.") as tmp:
        if args.chunks:
            add_chunk_signatures(mdd, args.key, alg, keyid, certs, tmp)
        signature = sign_message(args.key, alg, file_digest(mdd), tmp)
    mdd.fields.append(new_field(F_FILE_SIG, build_signature(alg, keyid, signature, certs)))
    mdd.write(args.output)
    return 0


def check_one(label, sig, message, pub, pub_keyid, tmp):
    """Print one verify line; return True, False, or None for a skipped algorithm."""
    keyhex = sig["key_identifier"].hex() if sig["key_identifier"] else "-"
    alg = sig["algorithm"] or "-"
    if alg not in CHECKED_ALGS:
        print(f"{label} {alg} {keyhex} skip")
        return None
    good = verify_message(pub, alg, message, sig["signature"], tmp)
    if good and sig["key_identifier"] is not None and sig["key_identifier"] != pub_keyid:
        print(f"{label}: key_identifier names another key", file=sys.stderr)
        good = False
    print(f"{label} {alg} {keyhex} {'ok' if good else 'bad'}")
    return good


def cmd_verify(args):
    mdd = load_mdd(args.file)
    digest = file_digest(mdd)
    any_ok = False
    chunks_ok = True
    with tempfile.TemporaryDirectory(prefix="mdd_sigtool.") as tmp:
        pub = pub_pem_from(args.pub, tmp)
        pub_keyid = hashlib.sha256(public_der_of_pub(pub)).digest()
        for i, f in enumerate(mdd.file_signatures()):
            sig = read_signature(f.value, f"{mdd.path}: file signature {i}")
            any_ok |= check_one(str(i), sig, digest, pub, pub_keyid, tmp) is True
        if args.chunks:
            chunks_ok = verify_chunks(mdd, pub, pub_keyid, tmp)
    if not any_ok:
        print(f"{mdd.path}: no file-level signature verifies with {args.pub}", file=sys.stderr)
    return 0 if any_ok and chunks_ok else 1


def verify_chunks(mdd, pub, pub_keyid, tmp):
    """Lines "chunkC.S ALG KEYID ok|bad|skip"; every chunk needs one ok signature."""
    all_ok = True
    for c, cf in enumerate(mdd.chunk_fields()):
        what = chunk_what(mdd.path, c)
        chunk = parse_message(cf.value, what)
        digest = hashlib.sha512(chunk_uncompressed(mdd.path, c, chunk)).digest()
        chunk_ok = False
        for s, sf in enumerate(all_of(chunk, C_SIGS, 2, what)):
            sig = read_signature(sf.value, f"{what} signature {s}")
            chunk_ok |= check_one(f"chunk{c}.{s}", sig, digest, pub, pub_keyid, tmp) is True
        if not chunk_ok:
            print(f"{what}: no chunk signature verifies", file=sys.stderr)
            all_ok = False
    return all_ok


def plain_chunk(chunk, plain):
    """The chunk stored plain: compression fields dropped, data replaced, and every
    sha512_uncompressed integrity entry recomputed so plain integrity still passes."""
    digest = hashlib.sha512(plain).digest()
    out = []
    for f in chunk:
        if f.num in (C_COMPRESSION, C_USIZE):
            continue
        if f.num == C_SIGS and f.wire == 2:
            sig = parse_message(f.value, "chunk signature")
            if last_value(sig, S_ALG, 2, "chunk signature") == INTEGRITY_ALG:
                f = rewrap(f, serialize(replace_singular(sig, S_SIG, digest)))
        out.append(f)
    return replace_singular(out, C_DATA, plain)


def rewrite_chunks(mdd, change):
    """Apply change(index, chunk fields) -> new chunk fields (or None: unchanged) to every chunk."""
    out = []
    index = 0
    for f in mdd.fields:
        if f.num == F_CHUNKS and f.wire == 2:
            chunk = parse_message(f.value, chunk_what(mdd.path, index))
            new = change(index, chunk)
            if new is not None:
                f = rewrap(f, serialize(new))
            index += 1
        out.append(f)
    mdd.fields = out


def tamper_chunk_data(mdd):
    if not mdd.chunk_fields():
        raise ToolError(f"{mdd.path}: has no chunk to tamper with")

    def change(index, chunk):
        if index != 0:
            return None
        plain = bytearray(chunk_uncompressed(mdd.path, 0, chunk))
        if not plain:
            raise ToolError(f"{chunk_what(mdd.path, 0)}: has no data byte to flip")
        plain[-1] ^= 0xFF
        return plain_chunk(chunk, bytes(plain))

    rewrite_chunks(mdd, change)


def last_file_signature(mdd):
    positions = [i for i, f in enumerate(mdd.fields) if f.num == F_FILE_SIG]
    if not positions:
        raise ToolError(f"{mdd.path}: has no file-level signature (field 7)")
    i = positions[-1]
    expect_wire(mdd.fields[i], 2, mdd.path)
    return i


def tamper_last_signature(mdd, edit):
    i = last_file_signature(mdd)
    f = mdd.fields[i]
    sig = parse_message(f.value, f"{mdd.path}: last file signature")
    mdd.fields[i] = rewrap(f, serialize(edit(sig)))


def truncate_sig(sig):
    value = last_value(sig, S_SIG, 2, "last file signature")
    if not value:
        raise ToolError("last file signature: its signature bytes are empty")
    return replace_singular(sig, S_SIG, value[:-1])


def cmd_tamper(args):
    what = args.what
    needs_value = what in ("revision", "ecu-name", "algorithm")
    if len(args.rest) != (3 if needs_value else 2):
        usage = f"tamper {what} {'VALUE ' if needs_value else ''}IN OUT"
        print(f"mdd_sigtool: usage: {usage}", file=sys.stderr)
        return 2
    extra = args.rest[0] if needs_value else None
    args.input, args.output = args.rest[-2:]
    mdd = load_mdd(args.input)
    if what == "chunk-data":
        tamper_chunk_data(mdd)
    elif what == "revision":
        mdd.fields = replace_singular(mdd.fields, F_REVISION, extra)
    elif what == "ecu-name":
        mdd.fields = replace_singular(mdd.fields, F_ECU_NAME, extra)
    elif what == "truncate-signature":
        tamper_last_signature(mdd, truncate_sig)
    elif what == "algorithm":
        tamper_last_signature(mdd, lambda sig: replace_singular(sig, S_ALG, extra))
    mdd.write(args.output)
    return 0


def cmd_decompress(args):
    """The in-place rewrite of format.md, done independently: every compressed chunk stored
    plain. D does not change, so file signatures stay valid."""
    mdd = load_mdd(args.input)

    def change(index, chunk):
        if last_value(chunk, C_COMPRESSION, 2, chunk_what(mdd.path, index)) is None:
            return None
        return plain_chunk(chunk, chunk_uncompressed(mdd.path, index, chunk))

    rewrite_chunks(mdd, change)
    mdd.write(args.output)
    return 0


def text(value):
    return None if value is None else value.decode("utf-8", "replace")


def cmd_info(args):
    mdd = load_mdd(args.file)
    f = mdd.fields
    chunks = []
    for index, cf in enumerate(mdd.chunk_fields()):
        what = chunk_what(mdd.path, index)
        chunk = parse_message(cf.value, what)
        data = last_value(chunk, C_DATA, 2, what)
        plain = chunk_uncompressed(mdd.path, index, chunk)
        chunks.append({
            "type": (last_value(chunk, C_TYPE, 0, what) or 0) & 0xFFFFFFFF,
            "name": text(last_value(chunk, C_NAME, 2, what)),
            "compressed": last_value(chunk, C_COMPRESSION, 2, what) is not None,
            "compression": text(last_value(chunk, C_COMPRESSION, 2, what)),
            "stored_size": None if data is None else len(data),
            "uncompressed_size": len(plain),
            "sha512": hashlib.sha512(plain).hexdigest(),
            "signatures": [signature_summary(s.value, f"{what} signature", plain)
                           for s in all_of(chunk, C_SIGS, 2, what)],
            "field_numbers": [x.num for x in chunk],
        })
    summary = {
        "version": text(last_value(f, F_VERSION, 2, mdd.path)),
        "ecu_name": text(last_value(f, F_ECU_NAME, 2, mdd.path)),
        "revision": text(last_value(f, F_REVISION, 2, mdd.path)),
        "field_numbers": [x.num for x in f],
        "chunks": chunks,
        "file_signatures": [signature_summary(s.value, f"{mdd.path}: file signature")
                            for s in mdd.file_signatures()],
        "digest": file_digest(mdd).hex(),
    }
    print(json.dumps(summary, indent=1))
    return 0


def signature_summary(payload, what, plain=None):
    """One signature for info; a chunk's sha512_uncompressed entry also says whether it holds."""
    sig = read_signature(payload, what)
    out = {
        "algorithm": sig["algorithm"],
        "key_identifier": sig["key_identifier"].hex() if sig["key_identifier"] else None,
        "signature_length": len(sig["signature"]),
        "certificates": len(sig["certificates"]),
    }
    if plain is not None and sig["algorithm"] == INTEGRITY_ALG.decode():
        out["matches_data"] = sig["signature"] == hashlib.sha512(plain).digest()
    return out


# ---------------------------------------------------------------------------------------------

def build_parser():
    p = argparse.ArgumentParser(prog="mdd_sigtool",
                                description="Independent MDD signature oracle (openssl-based).")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("digest", help="print the file-level digest D as hex")
    s.add_argument("file")
    s.set_defaults(run=cmd_digest)

    s = sub.add_parser("keyid", help="print SHA-256 of a public key's DER SubjectPublicKeyInfo")
    s.add_argument("pub")
    s.set_defaults(run=cmd_keyid)

    s = sub.add_parser("sign", help="append a file-level signature (and chunk signatures)")
    s.add_argument("--key", required=True, help="private key PEM (Ed25519 or P-256)")
    s.add_argument("--alg", choices=CHECKED_ALGS, help="default: from the key type")
    s.add_argument("--cert", action="append", default=[], help="certificate PEM, leaf first")
    s.add_argument("--no-keyid", action="store_true", help="omit key_identifier")
    s.add_argument("--chunks", action="store_true", help="also sign every chunk")
    s.add_argument("input")
    s.add_argument("output")
    s.set_defaults(run=cmd_sign)

    s = sub.add_parser("verify", help="check file-level (and chunk) signatures with one key")
    s.add_argument("--pub", required=True, help="public key PEM, or a certificate PEM")
    s.add_argument("--chunks", action="store_true", help="also check chunk signatures")
    s.add_argument("file")
    s.set_defaults(run=cmd_verify)

    s = sub.add_parser("tamper", help="write a damaged copy for a rejected fixture",
                       usage="mdd_sigtool tamper {chunk-data,truncate-signature} IN OUT\n"
                             "       mdd_sigtool tamper {revision,ecu-name,algorithm} VALUE IN OUT")
    s.add_argument("what", choices=("chunk-data", "revision", "ecu-name",
                                     "truncate-signature", "algorithm"))
    s.add_argument("rest", nargs="+", metavar="[VALUE] IN OUT",
                   help="VALUE for revision, ecu-name and algorithm")
    s.set_defaults(run=cmd_tamper)

    s = sub.add_parser("decompress", help="store every chunk plain (signatures stay valid)")
    s.add_argument("input")
    s.add_argument("output")
    s.set_defaults(run=cmd_decompress)

    s = sub.add_parser("info", help="JSON summary of the container and its signatures")
    s.add_argument("file")
    s.set_defaults(run=cmd_info)
    return p


def main(argv):
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except ToolError as e:
        print(f"mdd_sigtool: {e}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away: not an error of the tool's.
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
