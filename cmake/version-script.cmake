# SPDX-License-Identifier: Apache-2.0
# cmake -DHEADER_DIR=include/mdd -DLISTER=public-symbols.sh -DOUT=libmdd.map -P version-script.cmake
# Writes the linker version script that exports the symbols the headers of HEADER_DIR declare.
file(GLOB headers ${HEADER_DIR}/*.h)
execute_process(COMMAND sh ${LISTER} ${headers} OUTPUT_VARIABLE names RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "listing the public symbols failed")
endif()
string(REGEX REPLACE "\n$" "" names "${names}")
string(REPLACE "\n" ";\n        " names "${names}")
file(WRITE ${OUT} "MDD_0.1 {\n    global:\n        ${names};\n    local:\n        *;\n};\n")
