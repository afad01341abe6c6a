#!/bin/sh
# Prints the names a public header declares as library functions or data, one per line,
# sorted: every line at column 0 that declares mdd_NAME( or extern ... mdd_NAME[ / ;, once
# comments are removed. static (inline) functions, typedefs and macros are not library
# symbols and are left out. Usage: public-symbols.sh HEADER...
set -eu
awk '
    # Remove /* */ comments, which may span lines.
    {
        line = $0
        out = ""
        while (length(line) > 0) {
            if (in_comment) {
                end = index(line, "*/")
                if (end == 0) { line = ""; break }
                line = substr(line, end + 2)
                in_comment = 0
            } else {
                start = index(line, "/*")
                if (start == 0) { out = out line; line = ""; break }
                out = out substr(line, 1, start - 1)
                line = substr(line, start + 2)
                in_comment = 1
            }
        }
    }
    out ~ /^(static|typedef|#)/ { next }
    out ~ /^[A-Za-z_]/ && match(out, /[ *]mdd_[A-Za-z0-9_]+[ ]*\(/) {
        name = substr(out, RSTART + 1, RLENGTH - 1)
        sub(/[ ]*\($/, "", name)
        print name
        next
    }
    out ~ /^extern [^"]/ && match(out, /[ *]mdd_[A-Za-z0-9_]+[ ]*[[;]/) {
        name = substr(out, RSTART + 1, RLENGTH - 1)
        sub(/[ ]*[[;]$/, "", name)
        print name
    }
' "$@" | LC_ALL=C sort -u
