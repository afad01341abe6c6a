# SPDX-License-Identifier: Apache-2.0
# Installs the libraries, the public headers (include/mdd; the internal ones under
# src/include are not), the mdd tool, its man page, a pkg-config file and a CMake
# package (find_package(libmdd) gives mdd::mdd and mdd::mdd_static).
install(TARGETS mdd mdd_static EXPORT libmddTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(MDD_BUILD_TOOLS)
  install(TARGETS mdd_tool RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(DIRECTORY include/mdd DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES docs/mdd.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 OPTIONAL)

# What a static link needs besides libmdd.a: libcrypto and liburing only when the library was
# built with them.
set(MDD_PC_REQUIRES_PRIVATE "liblzma")
set(MDD_CONFIG_WITH_CRYPTO FALSE)
if(CRYPTO_FOUND)
  string(APPEND MDD_PC_REQUIRES_PRIVATE " libcrypto")
  set(MDD_CONFIG_WITH_CRYPTO TRUE)
endif()
set(MDD_CONFIG_WITH_URING FALSE)
if(URING_FOUND)
  string(APPEND MDD_PC_REQUIRES_PRIVATE " liburing")
  set(MDD_CONFIG_WITH_URING TRUE)
endif()

# The .pc file finds the prefix from its own place: lib/pkgconfig -> ../..
file(RELATIVE_PATH MDD_PC_TO_PREFIX "/p/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/p")
string(REGEX REPLACE "/$" "" MDD_PC_TO_PREFIX "${MDD_PC_TO_PREFIX}")
configure_file(cmake/libmdd.pc.in ${PROJECT_BINARY_DIR}/libmdd.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/libmdd.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

include(CMakePackageConfigHelpers)
install(EXPORT libmddTargets NAMESPACE mdd:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/libmdd)
configure_package_config_file(cmake/libmddConfig.cmake.in
  ${PROJECT_BINARY_DIR}/libmddConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/libmdd)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/libmddConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/libmddConfig.cmake ${PROJECT_BINARY_DIR}/libmddConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/libmdd)
