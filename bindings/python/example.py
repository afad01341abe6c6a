# SPDX-License-Identifier: Apache-2.0
"""Opens a directory of MDD files, looks a request up, decodes responses (one through a memo,
as a loop of decodes would) and lists an ECU's DTCs. Usage: python3 example.py DIRECTORY"""
import sys

import mdd

with mdd.Database(sys.argv[1], strategy="heap") as db:
    ecu = db.ecu("FLXC1000")
    layer = ecu.base_variant
    request = bytes.fromhex("22F190")
    print([s.name for s in layer.lookup(request)])
    response = bytes.fromhex("62F1905744443232323030313141303030303031")
    print(layer.decode(request, response))
    with mdd.Memo() as memo:
        print(layer.decode(bytes.fromhex("22F186"), bytes.fromhex("62F18603"), memo=memo))
    try:
        layer.decode(bytes.fromhex("22F200"), bytes.fromhex("62F200FFFF"))
    except mdd.Error as e:
        print(type(e).__name__, e)
    for dtc in ecu.dtcs[:2]:
        print(dtc.code, dtc.name, dtc.text)
