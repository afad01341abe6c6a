# SPDX-License-Identifier: Apache-2.0
"""The corpus through every call that reads a database: ECUs, layers, services, DTCs, facts.
Expected values come from the corpus's *.expect.json (written by the converter's side) and
from the mdd tool's JSON."""
import pytest

import mdd


def _services(layer):
    return [{"name": s.name, "request": s.request.hex()} for s in layer.services()]


def test_ecus_match_the_expectations(db, expected):
    assert [e.name for e in db.ecus] == sorted(expected)
    for ecu in db.ecus:
        want = expected[ecu.name]["diagnostic_description"]
        assert ecu.version == want["version"]
        assert ecu.revision == want["revision"] or (want["revision"] is None
                                                    and not ecu.revision)
        assert ecu.path.endswith(expected[ecu.name]["file"])
        assert ecu.is_default
        assert [v.name for v in ecu.variants] == [v["name"] for v in want["variants"]]
        assert [v.is_base for v in ecu.variants] == [v["is_base"] for v in want["variants"]]
        assert all(v.kind == "variant" for v in ecu.variants)
        assert [g.name for g in ecu.functional_groups] == \
            [g["name"] for g in want["functional_groups"]]
        assert all(g.kind == "functional_group" for g in ecu.functional_groups)


def test_effective_services_match_the_expectations(db, expected):
    count = 0
    for ecu in db.ecus:
        for layer, want in zip(ecu.variants,
                               expected[ecu.name]["diagnostic_description"]["variants"]):
            assert _services(layer) == want["effective_services"], layer.name
            count += len(want["effective_services"])
    assert count > 300


def test_dtcs_match_the_expectations(db, expected):
    for ecu in db.ecus:
        want = expected[ecu.name]["diagnostic_description"]["dtcs"]
        # By trouble code, file order among equal codes (a stable sort).
        want = sorted(want, key=lambda d: d["code"])
        assert [(d.code, d.display, d.name, d.text) for d in ecu.dtcs] == \
            [(d["code"], d["display"], d["name"], d["text"]) for d in want]
    assert db.ecu("FLXC1000").dtcs[0] == mdd.Dtc(123456, None, "Code1", "DTC Code 1", None)


def test_layers_by_name(db):
    ecu = db.ecu("FLXC1000")
    assert ecu.base_variant == ecu.variant("FLXC1000")
    assert ecu.variant("FLXC1000_Boot_Variant").name == "FLXC1000_Boot_Variant"
    group = db.ecu("functional_groups").functional_group("FGL_UDS_Ethernet_DoIP")
    assert group.kind == "functional_group" and not group.is_base
    with pytest.raises(mdd.NotFoundError, match="no variant named 'NOPE'"):
        ecu.variant("NOPE")
    with pytest.raises(mdd.NotFoundError, match="has no variant"):
        db.ecu("functional_groups").base_variant
    with pytest.raises(mdd.NotFoundError, match="no ECU named 'NOPE'"):
        db.ecu("NOPE")


def test_facts_match_the_tool(db, tool):
    """State charts, SDGs and ComParams of every variant as `mdd ecu --json` prints them."""
    for ecu in db.ecus:
        want = tool.json("ecu", "--json", f"{ecu.name}.mdd")
        for layer, w in zip(ecu.variants, want["variants"]):
            assert layer.state_charts() == w["state_charts"], layer.name
            assert layer.sdgs() == w["sdgs"], layer.name
            assert layer.comparams() == w["comparams"], layer.name


def test_facts_exact(flxc):
    session = flxc.state_charts()[0]
    assert (session["name"], session["semantic"], session["start_state"]) == \
        ("Session", "SESSION", "Default")
    assert session["states"] == ["Default", "Programming", "Extended", "Custom"]
    assert flxc.sdgs() == [{"caption": "default_sdg", "si": "default", "items": [
        {"value": "1.21GW", "si": "power_requirement_max", "ti": None}]}]
    table = [c for c in flxc.comparams("UDS_Ethernet_DoIP") if c["name"] == "CP_UniqueRespIdTable"]
    assert table[0]["value"] == ["4096", "0", "FLXC1000"]
    with pytest.raises(mdd.NotFoundError, match="has no protocol 'NOPE'; it has: "):
        flxc.comparams("NOPE")


def test_functional_group_services_match_the_tool(db, tool):
    ecu = db.ecu("functional_groups")
    for group in ecu.functional_groups:
        want = tool.json("services", "--json", "--group", group.name, "functional_groups.mdd")
        assert _services(group) == want["services"]
        assert want["services"]
