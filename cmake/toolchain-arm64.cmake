# SPDX-License-Identifier: Apache-2.0
# 64-bit ARM Linux (Debian arm64) with gcc-aarch64-linux-gnu; see toolchain-debian-cross.cmake.
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(MDD_CROSS_TRIPLET aarch64-linux-gnu)
set(MDD_CROSS_QEMU_NAME qemu-aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/toolchain-debian-cross.cmake)
