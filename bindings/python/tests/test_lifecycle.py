# SPDX-License-Identifier: Apache-2.0
"""Closing: whatever a database handed out raises ClosedError after close(), never crashes;
values copied out of it stay usable. Strategies and verification as options."""
import gc

import pytest

import mdd

H = bytes.fromhex


def test_everything_raises_after_close(corpus):
    db = mdd.Database(corpus, strategy="heap")
    ecu = db.ecu("FLXC1000")
    layer = ecu.base_variant
    service = layer.service("VINDataIdentifier_Read")
    dtcs = ecu.dtcs
    decoded = layer.decode(H("22F186"), H("62F18603"))
    db.close()
    assert db.closed
    db.close()  # idempotent
    calls = [lambda: db.ecus, lambda: db.ecu("FLXC1000"), lambda: ecu.name,
             lambda: ecu.variants, lambda: ecu.dtcs, lambda: ecu.base_variant,
             lambda: ecu.identify([(H("22F100"), H("62F100000101"))]),
             lambda: ecu.identification_requests(), lambda: layer.name,
             lambda: layer.lookup(H("22")), lambda: layer.services(),
             lambda: layer.decode(H("22F186"), H("62F18603")),
             lambda: layer.encode(service, {}), lambda: layer.encode("Extended_Start", {}),
             lambda: layer.state_charts(), lambda: layer.sdgs(), lambda: layer.comparams(),
             lambda: service.layer.name]
    for call in calls:
        with pytest.raises(mdd.ClosedError, match="the database is closed"):
            call()
    # What was copied out stays.
    assert service.name == "VINDataIdentifier_Read" and service.request == H("22F190")
    assert dtcs[0].name == "Code1"
    assert decoded["params"] == {"EcuSessionType": "Extended"}
    assert "closed" in repr(layer)


def test_context_manager_and_garbage_collection(corpus):
    with mdd.Database(corpus, strategy="heap") as db:
        layer = db.ecu("FLXC1000").base_variant
    with pytest.raises(mdd.ClosedError):
        layer.lookup(H("22"))
    # A database nobody holds closes when collected; its layers keep it alive.
    layer = mdd.Database(corpus, strategy="heap").ecu("FLXC1000").base_variant
    gc.collect()
    assert layer.lookup(H("22F190"))[0].name == "VINDataIdentifier_Read"


def test_memo_close(flxc):
    memo = mdd.Memo(16)
    assert flxc.decode(H("22F186"), H("62F18603"), memo=memo)["params"] == \
        {"EcuSessionType": "Extended"}
    memo.close()
    memo.close()
    assert memo.closed
    with pytest.raises(mdd.ClosedError, match="the memo is closed"):
        flxc.decode(H("22F186"), H("62F18603"), memo=memo)
    with mdd.Memo() as m:
        flxc.decode(H("22F186"), H("62F18603"), memo=m)
    assert m.closed


def test_memo_outlives_its_database(corpus):
    memo = mdd.Memo()
    for _ in range(2):
        with mdd.Database(corpus, strategy="heap") as db:
            layer = db.ecu("FLXC1000").base_variant
            assert layer.decode(H("22F186"), H("62F18603"), memo=memo)["params"] == \
                {"EcuSessionType": "Extended"}
    memo.close()


@pytest.mark.parametrize("strategy", ["heap", "sidecar", "inplace", "pread"])
def test_strategies(copy, strategy):
    with mdd.Database(copy, strategy=strategy) as db:
        layer = db.ecu("FLXC1000").base_variant
        assert layer.decode(H("22F186"), H("62F18603"))["params"] == \
            {"EcuSessionType": "Extended"}
    with mdd.Database([copy / "FLXC1000.mdd"], strategy=strategy, verify=False) as db:
        assert [e.name for e in db.ecus] == ["FLXC1000"]


def test_default_strategy_converts_in_place(copy, corpus):
    with mdd.Database(copy / "FSNR2000.mdd", strategy="heap"):
        pass
    assert (copy / "FSNR2000.mdd").read_bytes() == (corpus / "FSNR2000.mdd").read_bytes()
    path = copy / "FLXC1000.mdd"
    with mdd.Database(path) as db:
        assert db.ecu("FLXC1000").base_variant.lookup(H("22F190"))[0].name == \
            "VINDataIdentifier_Read"
    # inplace, the library's default, converted the compressed file.
    assert path.read_bytes() != (corpus / "FLXC1000.mdd").read_bytes()


def test_version():
    assert mdd.version() == "0.1.0"
