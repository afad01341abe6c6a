# SPDX-License-Identifier: Apache-2.0
"""Lookups and service queries against the mdd tool's and the documentation's answers."""
import pytest

import mdd
from test_codec import distinct_layers


def _names(services):
    return [s.name for s in services]


def test_lookup_every_prefix_matches_the_tool(db, tool):
    count = 0
    for ecu in db.ecus:
        for layer in (x for x in distinct_layers(ecu) if x.kind == "variant"):
            for prefix in sorted({s.request for s in layer.services() if s.request}):
                want = tool.json("lookup", "--json", "--variant", layer.name, f"{ecu.name}.mdd",
                                 prefix.hex())
                got = layer.lookup(prefix)
                assert [{"name": s.name, "request": s.request.hex()} for s in got] == \
                    want["services"]
                count += 1
    assert count > 150


def test_lookup_exact(flxc):
    assert _names(flxc.lookup(bytes.fromhex("22f190"))) == ["VINDataIdentifier_Read"]
    assert _names(flxc.lookup(b"\x22")) == [
        "Identification_Read", "ActiveDiagnosticSessionDataIdentifier_Read",
        "VINDataIdentifier_Read", "FluxCapacitorPowerConsumption_Read"]
    assert flxc.lookup(bytes.fromhex("2703")) == []
    assert flxc.lookup(bytearray.fromhex("22f190"))[0].request == b"\x22\xf1\x90"


def test_queries_match_the_tool(flxc, tool):
    sids = sorted({s.request[0] for s in flxc.services() if s.request})
    assert len(sids) > 5
    for sid in sids:
        want = tool.json("services", "--json", "--sid", f"{sid:02x}", "FLXC1000.mdd")
        assert [{"name": s.name, "request": s.request.hex()} for s in flxc.services(sid=sid)] \
            == want["services"]
    semantics = sorted({s.semantic for s in flxc.services() if s.semantic})
    assert semantics
    for semantic in semantics:
        want = tool.json("services", "--json", "--semantic", semantic, "FLXC1000.mdd")
        assert _names(flxc.services(semantic=semantic)) == [s["name"] for s in want["services"]]


def test_queries_exact(flxc):
    assert _names(flxc.services(sid=0x11, subfunction=0x81)) == ["HardReset"]
    assert _names(flxc.services(funct_class="ident", sid=0x22)) == [
        "Identification_Read", "ActiveDiagnosticSessionDataIdentifier_Read",
        "VINDataIdentifier_Read", "FluxCapacitorPowerConsumption_Read"]
    assert _names(flxc.services(name="vindataidentifier_read")) == ["VINDataIdentifier_Read"]
    assert flxc.services(name="nope") == []
    assert len(flxc.services()) == 38
    assert flxc.service("VINDataIdentifier_Read").request == bytes.fromhex("22f190")
    with pytest.raises(mdd.NotFoundError, match="no service named 'vindataidentifier_read'"):
        flxc.service("vindataidentifier_read")
    with pytest.raises(ValueError, match="sid is a byte"):
        flxc.services(sid=256)
    with pytest.raises(TypeError):
        flxc.lookup("22f190")
