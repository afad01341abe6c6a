#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The names a cross build uses for a Debian architecture, one table for the scripts and the
# Makefile. Usage: cross-target.sh triplet|qemu ARCH; fails on an architecture it does not know.
set -e
what=${1:?usage: cross-target.sh triplet|qemu ARCH}
arch=${2:?usage: cross-target.sh triplet|qemu ARCH}
case $arch in
arm64) triplet=aarch64-linux-gnu qemu=qemu-aarch64 ;;
s390x) triplet=s390x-linux-gnu qemu=qemu-s390x ;;
*)
    echo "cross-target.sh: unknown architecture '$arch' (arm64 or s390x)" >&2
    exit 2
    ;;
esac
case $what in
triplet) echo "$triplet" ;;
qemu) echo "$qemu" ;;
*)
    echo "cross-target.sh: unknown name '$what' (triplet or qemu)" >&2
    exit 2
    ;;
esac
