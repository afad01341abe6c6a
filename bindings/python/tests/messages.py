# SPDX-License-Identifier: Apache-2.0
"""The messages of bench/uds.c (bench_uds), FLXC1000's base variant: a string read, a numeric
read, a DTC list and a structure, as (name, request, response)."""
BENCH_UDS = [
    ("string", bytes.fromhex("22f190"),
     bytes.fromhex("62f190" "5744443232323030313141303030303031")),
    ("numeric", bytes.fromhex("22f200"), bytes.fromhex("62f200" "fffffb2e")),
    ("dtc-list", bytes.fromhex("1902ff"),
     bytes.fromhex("5902ff" "01e24009" "0394472f" "01e24108" "01e24201" "01e24009" "0394472f"
                   "01e24108" "01e24201")),
    ("structure", bytes.fromhex("190401e240ff"), bytes.fromhex("5904" "01e24009")),
]
