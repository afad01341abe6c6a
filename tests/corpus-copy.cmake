# SPDX-License-Identifier: Apache-2.0
# Gives the tests a fresh copy of the corpus before every run:
#
#   cmake -DSOURCE=DIR -DDEST=DIR -P corpus-copy.cmake
#
# The tests open real MDD files under every strategy, and the default one converts a file in
# place: run against the source folder, one such open would rewrite the reference files that
# every later run compares with. A source that does not exist leaves DEST absent, so the tests
# skip what needs the corpus.
file(REMOVE_RECURSE "${DEST}")
if(IS_DIRECTORY "${SOURCE}")
  file(GLOB files "${SOURCE}/*.mdd" "${SOURCE}/*.json")
  file(MAKE_DIRECTORY "${DEST}")
  file(COPY ${files} DESTINATION "${DEST}" NO_SOURCE_PERMISSIONS)
endif()
