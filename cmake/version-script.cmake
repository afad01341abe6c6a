# SPDX-License-Identifier: Apache-2.0
# cmake -DHEADER_DIR=include/mdd -DLISTER=public-symbols.sh -DOUT=libmdd.map -P version-script.cmake
# Writes the linker version script that exports the symbols the headers of HEADER_DIR declare,
# one version node per tier as the lister assigns them: MDD_0.1 for the core API,
# MDD_ADVANCED_0.1 for the advanced one. Everything else is local.
file(GLOB headers ${HEADER_DIR}/*.h)
execute_process(COMMAND sh ${LISTER} ${headers} OUTPUT_VARIABLE lines RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "listing the public symbols failed")
endif()
string(REGEX REPLACE "\n$" "" lines "${lines}")
string(REPLACE "\n" ";" lines "${lines}")
set(core "")
set(advanced "")
foreach(line IN LISTS lines)
  string(REPLACE " " ";" fields "${line}")
  list(GET fields 0 node)
  list(GET fields 1 name)
  if(node STREQUAL "MDD_0.1")
    string(APPEND core "        ${name};\n")
  elseif(node STREQUAL "MDD_ADVANCED_0.1")
    string(APPEND advanced "        ${name};\n")
  else()
    message(FATAL_ERROR "unknown version node ${node} of ${name}")
  endif()
endforeach()
file(WRITE ${OUT} "MDD_0.1 {\n    global:\n${core}    local:\n        *;\n};\n\n"
     "MDD_ADVANCED_0.1 {\n    global:\n${advanced}} MDD_0.1;\n")
