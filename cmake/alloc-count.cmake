# SPDX-License-Identifier: Apache-2.0
# mdd_count_allocations(target): makes target count its heap allocations
# (tests/support/alloc_count.h). The counting wrappers are linked in and the linker sends
# every allocation call of the program through them, the library's included. The tests and
# the benchmarks that promise no allocation use it.
add_library(mdd_alloc_count OBJECT ${PROJECT_SOURCE_DIR}/tests/support/alloc_count.c)
function(mdd_count_allocations target)
  target_sources(${target} PRIVATE $<TARGET_OBJECTS:mdd_alloc_count>)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/tests/support)
  target_link_options(${target} PRIVATE -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc
                      -Wl,--wrap=aligned_alloc,--wrap=posix_memalign)
endfunction()
