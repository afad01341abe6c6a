# SPDX-License-Identifier: Apache-2.0
# 64-bit IBM Z Linux (Debian s390x), the big-endian target, with gcc-s390x-linux-gnu; see
# toolchain-debian-cross.cmake.
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(MDD_CROSS_TRIPLET s390x-linux-gnu)
set(MDD_CROSS_QEMU_NAME qemu-s390x)
include(${CMAKE_CURRENT_LIST_DIR}/toolchain-debian-cross.cmake)
