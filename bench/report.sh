#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The markdown table of a bench/run result: every strategy beside the ADR-003 figures, the
# conversion and lookup figures, and each target with its ratio and PASS or MISS.
#
#   bench/report.sh RESULT.json
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
set -euo pipefail
export LC_ALL=C
json=${1:?usage: bench/report.sh RESULT.json}

jq -r '
def n($d): if . == null then "-" else (. * pow(10; $d) | round / pow(10; $d) | tostring) end;
def kb: if . == null then "-" else (round | tostring | [scan("\\d")] | reverse | to_entries
        | map(.value + (if .key > 0 and .key % 3 == 0 then "," else "" end)) | reverse | join(""))
        end;
def verdict($v; $op; $limit):
    if $v == null then "n/a"
    elif ($op == "le" and $v <= $limit) or ($op == "ge" and $v >= $limit) then "PASS"
    else "MISS" end;
def row($name; $ratio; $op; $limit):
    "| \($name) | \(if $op == "le" then "<=" else ">=" end) \($limit)x | \($ratio | n(3))x | \(verdict($ratio; $op; $limit)) |";
. as $r | .strategies as $s |
"Profile `\(.profile)`: \(.corpus.files) files, \(.corpus.uncompressed_bytes) bytes uncompressed, \(.corpus.compressed_bytes) bytes compressed; medians of \(.runs) runs; \(.machine).",
"",
"| strategy | open all + verify + index + 10k lookups ms | open, no verify ms | ready ms (cold) | idle RSS KB | idle PSS KB | RSS under pressure KB | disk KB | warm lookups/s |",
"|---|---|---|---|---|---|---|---|---|",
($s | to_entries[] | "| \(.key) | \(.value.open_ms | n(1)) | \(.value.open_noverify_ms | n(1)) | \(.value.ready_cold_ms | n(1)) | \(.value.idle_rss_kb | kb) | \(.value.idle_pss_kb | kb) | \(.value.pressure_rss_kb | kb) | \(.value.disk_kb | kb) | \(.value.lookups_per_s | kb) |"),
"| ADR-003 heap | - | - | - | 486,900 | - | 469,320 | 47 MB | - |",
"| ADR-003 MmapSidecar | - | - | - | 307,552 | - | 171,904 | ~282 MB | - |",
"| ADR-003 MmapMdd (in-place) | - | - | - | 152,780 | - | 118,988 | 242 MB | - |",
"",
"| conversion | seconds | throughput vs xz + sha512sum |",
"|---|---|---|",
"| `xz --format=lzma -dc \\| sha512sum` | \(.convert.xz_sha512_s | n(2)) | 1.00x |",
"| `mdd convert -j1` | \(.convert.j1_s | n(2)) | \(.convert.xz_sha512_s / .convert.j1_s | n(2))x |",
"| `mdd convert -j2` | \(.convert.j2_s | n(2)) | \(.convert.xz_sha512_s / .convert.j2_s | n(2))x |",
"",
"| lookups | per second | heap allocations per lookup |",
"|---|---|---|",
"| indexed | \(.lookup.indexed_per_s | kb) | \(.lookup.allocs_per_lookup // "-") |",
"| naive scan | \(.lookup.naive_per_s | kb) | - |",
"",
"| target | limit | measured | verdict |",
"|---|---|---|---|",
row("inplace / heap idle RSS"; $s.inplace.idle_rss_kb / $s.heap.idle_rss_kb; "le"; 0.05),
row("inplace / heap RSS under pressure"; $s.inplace.pressure_rss_kb / $s.heap.pressure_rss_kb; "le"; 0.01),
row("heap idle RSS / (uncompressed + 4 MB)"; $s.heap.idle_rss_kb * 1024 / ($r.corpus.uncompressed_bytes + 4194304); "le"; 1.05),
row("inplace / heap open with verification and index"; $s.inplace.open_ms / $s.heap.open_ms; "le"; 0.05),
row("inplace / heap open without full verification"; $s.inplace.open_noverify_ms / $s.heap.open_noverify_ms; "le"; 0.01),
row("inplace / heap ready, cold cache, integrity assured"; $s.inplace.ready_cold_ms / $s.heap.ready_cold_ms; "le"; 0.01),
row("convert -j1 / xz + sha512sum throughput"; .convert.xz_sha512_s / .convert.j1_s; "ge"; 0.9),
row("convert -j2 / xz + sha512sum throughput"; .convert.xz_sha512_s / .convert.j2_s; "ge"; 1.6),
row("indexed / naive lookups"; (if .lookup then .lookup.indexed_per_s / .lookup.naive_per_s else null end); "ge"; 20)
' "$json"
