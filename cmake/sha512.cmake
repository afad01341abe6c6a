# SPDX-License-Identifier: Apache-2.0
# The SHA-512 backend (docs/adr/0016-own-sha512.md). MDD_SHA512 takes AUTO (libcrypto when
# pkg-config finds it, else the built-in one), OPENSSL (libcrypto, or fail) or BUILTIN (the
# project's own, no libcrypto). Sets MDD_SHA512_BACKEND (OPENSSL or BUILTIN), CRYPTO_FOUND and
# PkgConfig::CRYPTO when libcrypto is found (the tests compare the two backends then), and
# MDD_SHA512_TARGET: what the library links for its digest ("" for the built-in one).
set_property(CACHE MDD_SHA512 PROPERTY STRINGS AUTO OPENSSL BUILTIN)
string(TOUPPER "${MDD_SHA512}" _mdd_sha512)
if(NOT _mdd_sha512 MATCHES "^(AUTO|OPENSSL|BUILTIN)$")
  message(FATAL_ERROR "MDD_SHA512 is '${MDD_SHA512}'; it takes AUTO, OPENSSL or BUILTIN")
endif()
pkg_check_modules(CRYPTO QUIET IMPORTED_TARGET libcrypto)
if(_mdd_sha512 STREQUAL "OPENSSL" AND NOT CRYPTO_FOUND)
  message(FATAL_ERROR "MDD_SHA512=OPENSSL but pkg-config does not find libcrypto")
endif()
if(_mdd_sha512 STREQUAL "BUILTIN" OR NOT CRYPTO_FOUND)
  set(MDD_SHA512_BACKEND BUILTIN)
  set(MDD_SHA512_TARGET "")
else()
  set(MDD_SHA512_BACKEND OPENSSL)
  set(MDD_SHA512_TARGET PkgConfig::CRYPTO)
endif()
