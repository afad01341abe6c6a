# SPDX-License-Identifier: Apache-2.0
# What libmdd.so exports: exactly the functions and data its installed headers declare. A
# linker version script (node MDD_0.1) lists them and hides every other symbol, so the wire
# layer, the cache object and any other helper the library's objects define stay inside.
# docs/libmdd.sym is the reviewed list; the test lib.exports compares the built library with
# it, and make update-symbols (scripts/exports.sh update) rewrites it.
file(GLOB MDD_PUBLIC_HEADERS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/include/mdd/*.h)
set(MDD_VERSION_SCRIPT ${PROJECT_BINARY_DIR}/libmdd.map)
add_custom_command(
  OUTPUT ${MDD_VERSION_SCRIPT}
  COMMAND ${CMAKE_COMMAND} -DHEADER_DIR=${PROJECT_SOURCE_DIR}/include/mdd
          -DLISTER=${PROJECT_SOURCE_DIR}/cmake/public-symbols.sh -DOUT=${MDD_VERSION_SCRIPT}
          -P ${PROJECT_SOURCE_DIR}/cmake/version-script.cmake
  DEPENDS ${MDD_PUBLIC_HEADERS} ${PROJECT_SOURCE_DIR}/cmake/public-symbols.sh
          ${PROJECT_SOURCE_DIR}/cmake/version-script.cmake
  COMMENT "Listing the symbols of the public headers"
  VERBATIM)
add_custom_target(mdd_version_script DEPENDS ${MDD_VERSION_SCRIPT})
add_dependencies(mdd mdd_version_script)
target_link_options(mdd PRIVATE -Wl,--version-script=${MDD_VERSION_SCRIPT})
set_property(TARGET mdd APPEND PROPERTY LINK_DEPENDS ${MDD_VERSION_SCRIPT})
