# SPDX-License-Identifier: Apache-2.0
# The common part of the toolchain files for Debian's cross compilers: toolchain-ARCH.cmake
# sets MDD_CROSS_TRIPLET, MDD_CROSS_QEMU_NAME and CMAKE_SYSTEM_PROCESSOR, then includes this
# file. The C library is the cross compiler's own (libc6-dev-ARCH-cross, in /usr/TRIPLET); the
# other libraries are the target's Debian packages unpacked into MDD_CROSS_LIBS (a cache
# variable, scripts/install-cross-deps.sh fills it). The target's programs (unit tests, the
# tool in the CLI tests) run under qemu-user.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${MDD_CROSS_TRIPLET}-gcc)
set(CMAKE_LIBRARY_ARCHITECTURE ${MDD_CROSS_TRIPLET})
if(NOT MDD_CROSS_LIBS)
  message(FATAL_ERROR "MDD_CROSS_LIBS is not set: the folder where scripts/install-cross-deps.sh "
                      "unpacked the target's libraries (make cross-check does both)")
endif()
# CMake's own test projects read this file again and need the folder too.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES MDD_CROSS_LIBS)

set(CMAKE_FIND_ROOT_PATH ${MDD_CROSS_LIBS} /usr/${MDD_CROSS_TRIPLET})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(ENV{PKG_CONFIG_LIBDIR} "${MDD_CROSS_LIBS}/usr/lib/${MDD_CROSS_TRIPLET}/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "${MDD_CROSS_LIBS}")

# pkg-config leaves out /usr/include as a system folder, and Debian keeps some headers
# (OpenSSL's configuration) in the triplet's folder; the libraries' own dependencies
# (libcrypto behind libssl) are found at link time through -rpath-link.
set(_mdd_libdir "${MDD_CROSS_LIBS}/usr/lib/${MDD_CROSS_TRIPLET}")
set(CMAKE_C_FLAGS_INIT "-isystem ${MDD_CROSS_LIBS}/usr/include/${MDD_CROSS_TRIPLET} -isystem ${MDD_CROSS_LIBS}/usr/include")
foreach(kind EXE SHARED MODULE)
  set(CMAKE_${kind}_LINKER_FLAGS_INIT "-L${_mdd_libdir} -Wl,-rpath-link,${_mdd_libdir}")
endforeach()

# The programs in the build tree find the unpacked libraries through their RPATH, and
# qemu-user the target's dynamic loader in the cross compiler's folder (-L). The C library
# is in the RPATH too: qemu-user looks a path up on the host when the folder given by -L does
# not have it, and the loader searches /lib/TRIPLET before /lib, so a host with the target's
# multiarch libc6 would pair the cross compiler's loader with that other build of libc.so.6,
# whose private structures differ (ADR 0017: threads never start).
set(CMAKE_BUILD_RPATH ${_mdd_libdir} /usr/${MDD_CROSS_TRIPLET}/lib)
find_program(MDD_CROSS_QEMU NAMES ${MDD_CROSS_QEMU_NAME} REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${MDD_CROSS_QEMU} -L /usr/${MDD_CROSS_TRIPLET})
