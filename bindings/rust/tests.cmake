# SPDX-License-Identifier: Apache-2.0
# The Rust binding's tests, included by tests/CMakeLists.txt. rust.binding runs cargo test and
# the example against this build's libmdd.so, with cargo's target directory in the build tree;
# it skips without cargo, without the corpus, in a cross build (host cargo cannot load the
# target's library) and in a sanitized build (a sanitized library needs a sanitized program).
# rust.sys_generated checks that mdd-sys's declarations are what bindgen makes of the headers
# (skipped without bindgen or rustfmt).
# A program not found is passed by its name, which the scripts then report missing.
foreach(tool cargo bindgen rustfmt)
  string(TOUPPER ${tool} var)
  find_program(MDD_${var} ${tool})
  if(NOT MDD_${var})
    set(MDD_${var} ${tool})
  endif()
endforeach()
set(MDD_RUST_SKIP "")
if(MDD_SANITIZE)
  set(MDD_RUST_SKIP "sanitized build: the library needs a sanitized program")
endif()
set(MDD_RUST_DIR ${PROJECT_SOURCE_DIR}/bindings/rust)
if(MDD_BUILD_TOOLS)
  add_test(NAME rust.binding
           COMMAND bash ${MDD_RUST_DIR}/test.sh $<TARGET_FILE:mdd_tool> ${CMAKE_CURRENT_BINARY_DIR}
                   ${MDD_TEST_CORPUS_DIR})
  set_tests_properties(rust.binding PROPERTIES SKIP_RETURN_CODE 77 FIXTURES_REQUIRED corpus
    ENVIRONMENT "MDD_CARGO=${MDD_CARGO};MDD_LIB_DIR=$<TARGET_FILE_DIR:mdd>;MDD_RUST_TARGET_DIR=${PROJECT_BINARY_DIR}/rust-target;MDD_RUST_SKIP=${MDD_RUST_SKIP};MDD_TEST_EMULATOR=${MDD_TEST_EMULATOR}")
endif()
add_test(NAME rust.sys_generated COMMAND sh ${MDD_RUST_DIR}/mdd-sys/generate.sh check)
set_tests_properties(rust.sys_generated PROPERTIES SKIP_RETURN_CODE 77
  ENVIRONMENT "BINDGEN=${MDD_BINDGEN};RUSTFMT=${MDD_RUSTFMT}")
