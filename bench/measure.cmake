# SPDX-License-Identifier: Apache-2.0
# The load-strategy measurement, one implementation behind both `mdd bench strategies` (the
# installed tool) and bench/bench_strategies: bench/strategies/*.c on the helpers of
# bench/common, which every benchmark program links too.
file(GLOB MDD_BENCH_COMMON_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/common/*.c)
add_library(mdd_bench_common STATIC ${MDD_BENCH_COMMON_SOURCES})
target_include_directories(mdd_bench_common PUBLIC ${CMAKE_CURRENT_LIST_DIR}/common)
target_link_libraries(mdd_bench_common PUBLIC mdd_internal)

file(GLOB MDD_MEASURE_STRATEGIES_SOURCES CONFIGURE_DEPENDS
     ${CMAKE_CURRENT_LIST_DIR}/strategies/*.c)
add_library(mdd_measure_strategies STATIC ${MDD_MEASURE_STRATEGIES_SOURCES})
target_include_directories(mdd_measure_strategies PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(mdd_measure_strategies PUBLIC mdd_bench_common Threads::Threads)
