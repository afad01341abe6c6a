# SPDX-License-Identifier: Apache-2.0
# The load-strategy measurement, one implementation behind both `mdd bench strategies` (the
# tool's) and bench/bench_strategies: the tool's own code (mdd_measure_strategies), on the
# helpers of bench_*.c here (mdd_bench_common), which every benchmark program links too.
file(GLOB MDD_BENCH_COMMON_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/bench_*.c)
add_library(mdd_bench_common STATIC ${MDD_BENCH_COMMON_SOURCES})
target_include_directories(mdd_bench_common PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(mdd_bench_common PUBLIC mdd_internal)

file(GLOB MDD_MEASURE_STRATEGIES_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.c)
list(REMOVE_ITEM MDD_MEASURE_STRATEGIES_SOURCES ${MDD_BENCH_COMMON_SOURCES})
add_library(mdd_measure_strategies STATIC ${MDD_MEASURE_STRATEGIES_SOURCES})
target_include_directories(mdd_measure_strategies PUBLIC ${CMAKE_CURRENT_LIST_DIR}/..)
target_link_libraries(mdd_measure_strategies PUBLIC mdd_bench_common Threads::Threads)
