#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Plots of a bench/run result with gnuplot, as SVG and PNG beside the JSON: RSS idle and under
# pressure per strategy, open time per strategy, and RSS while the parent reclaims the child's
# memory step by step (from the .pressure.txt trace). The PNGs are copied to docs/images when
# the result is bench/results/latest.json.
#
#   bench/plot.sh RESULT.json
#
# gnuplot is installed (gnuplot-nox) when missing and the user is root; otherwise the plots
# are skipped with a message.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
set -euo pipefail
export LC_ALL=C
json=${1:?usage: bench/plot.sh RESULT.json}
here=$(cd "$(dirname "$0")" && pwd)
base=${json%.json}

if ! command -v gnuplot >/dev/null; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        apt-get install -y -qq gnuplot-nox >/dev/null || { apt-get update -qq && apt-get install -y -qq gnuplot-nox >/dev/null; }
    else
        echo "plot.sh: gnuplot not installed; skipping the plots" >&2
        exit 0
    fi
fi

data=$(mktemp)
trap 'rm -f "$data"' EXIT
jq -r '.strategies | to_entries[] |
    "\(.key) \(.value.idle_rss_kb / 1024) \(.value.pressure_rss_kb / 1024) \(.value.open_ms) \(.value.open_noverify_ms)"' \
    "$json" >"$data"
title=$(jq -r '"\(.profile) corpus: \(.corpus.files) files, \(.corpus.uncompressed_bytes / 1e6 | floor) MB uncompressed"' "$json")

plot() { # plot NAME GNUPLOT_COMMANDS
    local name=$1 body=$2
    gnuplot -e "set terminal svg size 720,420 dynamic noenhanced; set output '$base.$name.svg'; $body"
    gnuplot -e "set terminal pngcairo size 720,420 noenhanced; set output '$base.$name.png'; $body" 2>/dev/null ||
        gnuplot -e "set terminal png size 720,420 noenhanced; set output '$base.$name.png'; $body"
}

bars="set style data histograms; set style histogram clustered gap 1; set style fill solid 0.8 border -1;
      set key top right; set grid ytics; set yrange [0:*]"
plot rss "$bars; set title '$title'; set ylabel 'RSS (MiB)';
          plot '$data' using 2:xtic(1) title 'idle', '' using 3 title 'under pressure (MADV_PAGEOUT)'"
plot open "$bars; set title '$title'; set ylabel 'open all files (ms)';
           plot '$data' using 4:xtic(1) title 'verify + index + 10k lookups', '' using 5 title 'no verification'"
trace=$base.pressure.txt
if [ -s "$trace" ]; then
    strategies=$(cut -d' ' -f1 "$trace" | uniq | tr '\n' ' ')
    plot pressure "set title 'RSS while the parent pages the child out in steps'; set xlabel 'ms since the first step';
                   set ylabel 'RSS (MiB)'; set grid; set key top right; set yrange [0:*];
                   plot for [s in '$strategies'] '< grep \"^'.s.' \" $trace' using 3:(\$4/1024) with linespoints title s"
fi

if [ "$(realpath -m "$json")" = "$(realpath -m "$here/results/latest.json")" ]; then
    mkdir -p "$here/../docs/images"
    for name in rss open pressure; do
        [ -e "$base.$name.png" ] && cp "$base.$name.png" "$here/../docs/images/bench-$name.png"
    done
fi
echo "plot.sh: plots written to $base.{rss,open,pressure}.{svg,png}"
