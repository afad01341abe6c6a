#!/bin/sh
# Installs the Debian packages libmdd needs to build, test, fuzz and benchmark, when any is
# missing and we are root. Without root it only reports what is missing.
set -e
PKGS="build-essential cmake pkg-config liblzma-dev libssl-dev libcmocka-dev xz-utils openssl
      clang libclang-rt-14-dev jq protobuf-compiler flatbuffers-compiler time
      liburing-dev libevent-dev curl python3"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
    echo "libmdd: missing packages:$missing (install them as root)" >&2
    exit 1
fi
echo "libmdd: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq $missing >/dev/null
