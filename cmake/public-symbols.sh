#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Prints the library functions and data that C headers declare, one per line as "NODE name",
# sorted: the mdd_* names of the declarations at file scope that end with ';' (a function's
# name directly before its first parenthesis, or an extern datum's), each with the version
# node of libmdd.so it belongs to: MDD_ADVANCED_0.1 for the headers of the advanced API (those
# that refuse to compile unless MDD_ADVANCED_API is defined: a line `#ifndef MDD_ADVANCED_API`),
# MDD_0.1 for the core. Comments, preprocessor lines and `#ifdef __cplusplus` blocks are left
# out, and so are static and typedef declarations and anything ending in a body (inline
# definitions, struct and enum bodies): none of those is a library symbol.
# Usage: public-symbols.sh HEADER...
set -eu
awk '
    # Ends the file-scope statement s; prints what it declares.
    function declared(s,    name) {
        gsub(/[ \t]+/, " ", s)
        sub(/^ /, "", s)
        if (s ~ /^(static|typedef)[ *]/)
            return
        if (index(s, "(") > 0) {
            if (match(s, /mdd_[A-Za-z0-9_]+ ?\(/) && RSTART + RLENGTH - 1 == index(s, "(")) {
                name = substr(s, RSTART, RLENGTH)
                sub(/ ?\($/, "", name)
                print node " " name
            }
        } else if (s ~ /^extern / && match(s, /mdd_[A-Za-z0-9_]+ ?(\[[^]]*\] ?)*$/)) {
            name = substr(s, RSTART, RLENGTH)
            sub(/[ \[].*$/, "", name)
            print node " " name
        }
    }
    FNR == 1 { node = "MDD_0.1" }
    # Comments, which may span lines, become one space.
    {
        line = $0
        out = ""
        while (length(line) > 0) {
            if (in_comment) {
                end = index(line, "*/")
                if (end == 0)
                    break
                line = substr(line, end + 2)
                in_comment = 0
                out = out " "
            } else {
                start = index(line, "/*")
                if (start == 0) {
                    out = out line
                    break
                }
                out = out substr(line, 1, start - 1)
                line = substr(line, start + 2)
                in_comment = 1
            }
        }
    }
    continued { continued = (out ~ /\\$/); next }
    out ~ /^[ \t]*#/ {
        if (out ~ /^[ \t]*#[ \t]*ifndef[ \t]+MDD_ADVANCED_API/)
            node = "MDD_ADVANCED_0.1"
        else if (out ~ /^[ \t]*#[ \t]*ifdef[ \t]+__cplusplus/)
            in_cplusplus = 1
        else if (out ~ /^[ \t]*#[ \t]*endif/)
            in_cplusplus = 0
        continued = (out ~ /\\$/)
        next
    }
    in_cplusplus { next }
    {
        for (i = 1; i <= length(out); i++) {
            c = substr(out, i, 1)
            if (c == "{") {
                depth++
                statement = ""
            } else if (c == "}") {
                depth--
                statement = ""
            } else if (c == ";") {
                if (depth == 0)
                    declared(statement)
                statement = ""
            } else if (depth == 0) {
                statement = statement c
            }
        }
        statement = statement " "
    }
' "$@" | LC_ALL=C sort -u
