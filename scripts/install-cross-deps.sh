#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Gets what `make cross-check ARCH=...` needs on Debian: as root, the cross compiler for ARCH
# and qemu-user (installed when missing); then the target's libraries, Debian's packages for
# ARCH unpacked into DIR (DIR/root/usr/lib/TRIPLET, DIR/root/usr/include), which the
# toolchain file (cmake/toolchain-ARCH.cmake, MDD_CROSS_LIBS=DIR/root) builds against.
# The libraries are unpacked rather than installed as multiarch packages because multiarch
# needs the same version on both architectures: it would upgrade or remove the host's own
# packages (libevent-dev is not co-installable), and fails outright where the security archive
# does not carry the target (s390x in Debian 12). Usage: install-cross-deps.sh ARCH DIR
set -e
arch=${1:?usage: install-cross-deps.sh ARCH DIR}
dir=${2:?usage: install-cross-deps.sh ARCH DIR}
here=$(dirname "$0")
triplet=$(sh "$here/cross-target.sh" triplet "$arch")
qemu=$(sh "$here/cross-target.sh" qemu "$arch")

# The libraries of the default configuration but libevent (mdd serve then reports that it is
# missing and its tests skip); liburing is there so that the io_uring backend is built on the
# target too, and its fallback tested under qemu-user, which has no io_uring.
LIBS="liblzma5 liblzma-dev libssl3 libssl-dev libcmocka0 libcmocka-dev liburing2 liburing-dev"
TOOLS="gcc-$triplet libc6-dev-$arch-cross qemu-user"

missing=""
for p in $TOOLS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
need_index=0
dpkg --print-foreign-architectures | grep -qx "$arch" || need_index=1
if [ -n "$missing" ] || [ "$need_index" = 1 ]; then
    if [ "$(id -u)" != 0 ]; then
        echo "libmdd: cross build for $arch: missing Debian packages:$missing" >&2
        [ "$need_index" = 0 ] || echo "libmdd: and dpkg does not know the architecture $arch" >&2
        echo "libmdd: run make cross-deps ARCH=$arch as root" >&2
        exit 1
    fi
    echo "libmdd: preparing the cross build for $arch:$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt="apt-get -o DPkg::Lock::Timeout=600 -y -qq"
    [ "$need_index" = 0 ] || dpkg --add-architecture "$arch"
    $apt update
    # shellcheck disable=SC2086 # the list is meant to split
    [ -z "$missing" ] || $apt install $missing >/dev/null
fi
command -v "$qemu" >/dev/null || { echo "libmdd: $qemu not found after installing qemu-user" >&2; exit 1; }

# Unpacked once per list of packages: the stamp names what DIR/root holds.
stamp="$dir/root/.packages"
[ "$(cat "$stamp" 2>/dev/null)" = "$LIBS" ] && exit 0
rm -rf "$dir"
mkdir -p "$dir/debs" "$dir/root"
targets=$(for p in $LIBS; do printf '%s:%s ' "$p" "$arch"; done)
# apt-get download writes to the current folder; its sandbox user may not reach it.
# shellcheck disable=SC2086
(cd "$dir/debs" && apt-get -o APT::Sandbox::User=root -qq download $targets)
for deb in "$dir"/debs/*.deb; do
    dpkg-deb -x "$deb" "$dir/root"
done
# Some runtime packages install into /lib (before the /usr merge) and their -dev symlinks are
# absolute: both are brought into the one folder the build searches.
libdir=$dir/root/usr/lib/$triplet
if [ -d "$dir/root/lib/$triplet" ]; then
    mv "$dir/root/lib/$triplet"/* "$libdir/"
fi
for link in "$libdir"/*; do
    target=$(readlink "$link") || continue
    case $target in /*) ln -sf "$(basename "$target")" "$link" ;; esac
done
[ -f "$dir/root/usr/lib/$triplet/liblzma.so" ] || { echo "libmdd: no liblzma.so for $arch in $dir" >&2; exit 1; }
echo "$LIBS" >"$stamp"
