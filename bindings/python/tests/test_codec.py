# SPDX-License-Identifier: Apache-2.0
"""Decoding, encoding and identification: every result equals the mdd tool's JSON for the same
message (compared parsed), and the documented examples give their exact values."""
import json

import pytest

import mdd

H = bytes.fromhex

# (request, response, params) of docs/codec-examples.md and docs/cli.md.
DOCUMENTED = [
    ("22F190", "62F1905744443232323030313141303030303031", {"VIN": "WDD2220011A000001"}),
    ("22F186", "62F18603", {"EcuSessionType": "Extended"}),
    ("22F200", "62F200FFFFFB2E", {"PowerConsumption": -1234}),
]


def messages(layer):
    """For every service with a request prefix: the request from no values, and the
    responses made of no values (when the service has one) and a negative one."""
    for service in layer.services():
        try:
            request = layer.encode(service, {})
        except mdd.Error:
            continue
        yield request, bytes([0x7F, request[0], 0x11])
        try:
            yield request, layer.encode(service, {}, message="positive", request=request)
        except mdd.Error:
            pass


def distinct_layers(ecu):
    """The ECU's layers but those whose effective services are another's before them."""
    seen = set()
    for layer in ecu.variants + ecu.functional_groups:
        services = tuple((s.name, s.request) for s in layer.services())
        if services not in seen:
            seen.add(services)
            yield layer


def _tool_decode(tool, layer, ecu, request, response):
    which = "--group" if layer.kind == "functional_group" else "--variant"
    return tool.run("decode", "--json", which, layer.name, f"{ecu.name}.mdd", request.hex(),
                    response.hex())


def test_decode_equals_the_tool_for_every_service(db, tool):
    decoded = failed = 0
    memo = mdd.Memo()
    for ecu in db.ecus:
        for layer in distinct_layers(ecu):
            for request, response in messages(layer):
                rc, out, err = _tool_decode(tool, layer, ecu, request, response)
                if rc == 0:
                    want = json.loads(out)
                    assert layer.decode(request, response) == want
                    assert layer.decode(request, response, memo=memo) == want
                    decoded += 1
                else:
                    with pytest.raises(mdd.Error) as e:
                        layer.decode(request, response)
                    assert err.strip() == f"mdd: {ecu.name}.mdd: {e.value}"
                    failed += 1
    assert decoded > 150 and failed > 10, (decoded, failed)
    memo.close()


def test_decode_exact(flxc, tool):
    for request, response, params in DOCUMENTED:
        got = flxc.decode(H(request), H(response))
        assert got["params"] == params
        assert got == tool.json("decode", "--json", "FLXC1000.mdd", request, response)
    got = flxc.decode(H("22F200"), H("62F200FFFFFB2EAABB"))
    assert got == {"ecu": "FLXC1000", "variant": "FLXC1000",
                   "service": "FluxCapacitorPowerConsumption_Read", "response": "positive",
                   "params": {"PowerConsumption": -1234}, "trailing": "0xAA 0xBB"}


def test_decode_json_is_the_tools_text(flxc, tool):
    for request, response, _ in DOCUMENTED:
        rc, out, _ = tool.run("decode", "--json", "FLXC1000.mdd", request, response)
        assert rc == 0
        with mdd.Memo() as memo:
            assert flxc.decode_json(H(request), H(response), memo) == out.encode()[:-1]
            assert flxc.decode_json(H(request), H(response)) == out.encode()[:-1]


def test_decode_functional_group(db):
    group = db.ecu("functional_groups").functional_group("FGL_UDS_Ethernet_DoIP")
    assert group.decode(H("318103013FF8000000000000"), H("71810301")) == {
        "ecu": "functional_groups", "functional_group": "FGL_UDS_Ethernet_DoIP",
        "service": "Engage_Safety_Squints_Start_Func", "response": "positive",
        "params": {"RoutineId": 769}}


def test_decode_failures_carry_the_library_message(flxc):
    with pytest.raises(mdd.FormatError) as e:
        flxc.decode(H("22F200"), H("62F200FFFF"))
    assert str(e.value) == ("/PowerConsumption: byte 3: 32 bits at bit position 0 need 4 bytes,"
                            " the message ends at byte 5")
    assert e.value.status == 4 and e.value.message == str(e.value)
    with pytest.raises(mdd.NotFoundError, match="no service takes the request 27 03"):
        flxc.decode(H("2703"), H("6703"))
    with pytest.raises(mdd.NotFoundError):
        flxc.decode(H("22F200"), H("63F200FFFFFB2E"))
    with pytest.raises(TypeError, match="a response is bytes, not str"):
        flxc.decode(H("22F200"), "62F200FFFFFB2E")
    assert flxc.decode(H("22F186"), H("62F18603"))["params"] == {"EcuSessionType": "Extended"}


def test_encode_round_trips(db):
    count = 0
    for ecu in db.ecus:
        for layer in ecu.variants:
            for request, response in messages(layer):
                if response[0] == 0x7F:
                    continue
                got = layer.decode(request, response)
                service = layer.service(got["service"])
                assert layer.encode(service, got["params"], message="positive",
                                    request=request) == response
                count += 1
    assert count > 100


def test_encode_exact(flxc, tool):
    assert flxc.encode("Extended_Start", {}) == H("1003")
    assert tool.run("encode", "FLXC1000.mdd", "Extended_Start", "{}")[1].strip() == "1003"
    vin = flxc.service("VINDataIdentifier_Read")
    request = H("22F190")
    assert flxc.encode(vin, {"VIN": "WDD2220011A000001"}, message="positive",
                       request=request) == H("62F1905744443232323030313141303030303031")
    assert flxc.encode(vin, '{"VIN": "WDD2220011A000001"}', message="positive",
                       request=request) == H("62F1905744443232323030313141303030303031")
    with pytest.raises(mdd.ArgumentError) as e:
        flxc.encode(vin, {"VIN": "WDD2220011A000001"}, message="positive")
    assert str(e.value) == ("/DID_PR at byte 1: a matching-request parameter needs the request"
                            " (or a number)")
    with pytest.raises(mdd.ArgumentError, match="VIN"):
        flxc.encode(vin, {"VIN": 17}, message="positive", request=request)
    with pytest.raises(mdd.ArgumentError):
        flxc.encode(vin, "{not json", message="positive", request=request)
    with pytest.raises(ValueError, match="message is request, positive or negative"):
        flxc.encode(vin, {}, message="answer")
    with pytest.raises(mdd.NotFoundError):
        flxc.encode("NoSuchService", {})


def test_encode_refuses_a_service_of_another_layer(db, flxc):
    other = db.ecu("FSNR2000").base_variant.service("VINDataIdentifier_Read")
    with pytest.raises(mdd.ArgumentError, match="is not of layer 'FLXC1000'"):
        flxc.encode(other, {})


def test_identify_equals_the_tool(db, tool):
    ecu = db.ecu("FLXC1000")
    requests = ecu.identification_requests()
    assert [(s.name, r) for s, r in requests] == [("Identification_Read", H("22f100"))]
    for response, variant, matched in [("62F100000101", "FLXC1000_App_0101", True),
                                       ("62F100000001", "FLXC1000", False),
                                       ("62F1", "FLXC1000", False)]:
        got = ecu.identify([(H("22F100"), H(response))])
        assert (got.variant.name, got.matched) == (variant, matched)
        want = tool.json("identify", "--json", "FLXC1000.mdd", f"22F100={response}")
        assert (got.variant.name, got.matched) == (want["variant"], want["matched"])
    assert ecu.identify([]).variant == ecu.base_variant
