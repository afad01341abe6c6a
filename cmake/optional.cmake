# SPDX-License-Identifier: Apache-2.0
# Optional dependencies found through pkg-config. Each has a cache variable taking AUTO (use it
# when found), ON (fail the configuration when it is missing) or OFF (never use it).

# mdd_optional_package(OPTION PREFIX MODULE): sets PREFIX_FOUND (and the PkgConfig::PREFIX
# target) according to OPTION. A macro, so that pkg_check_modules' results reach the caller.
macro(mdd_optional_package option prefix module)
  set_property(CACHE ${option} PROPERTY STRINGS AUTO ON OFF)
  string(TOUPPER "${${option}}" _mdd_want)
  # CMake's other spellings of true and false mean ON and OFF.
  if(_mdd_want MATCHES "^(1|YES|Y|TRUE)$")
    set(_mdd_want ON)
  elseif(_mdd_want MATCHES "^(0|NO|N|FALSE)$")
    set(_mdd_want OFF)
  endif()
  if(NOT _mdd_want MATCHES "^(AUTO|ON|OFF)$")
    message(FATAL_ERROR "${option} is '${${option}}'; it takes AUTO, ON or OFF")
  endif()
  set(${prefix}_FOUND FALSE)
  if(NOT _mdd_want STREQUAL "OFF")
    pkg_check_modules(${prefix} QUIET IMPORTED_TARGET ${module})
    if(_mdd_want STREQUAL "ON" AND NOT ${prefix}_FOUND)
      message(FATAL_ERROR "${option}=ON but pkg-config does not find ${module}")
    endif()
  endif()
endmacro()

# mdd_summary_line(WHAT FOUND VERSION MISSING): one line of the configuration summary: the
# version found, or what MISSING means for the build.
function(mdd_summary_line what found version missing)
  if(found)
    message(STATUS "  ${what}: yes (${version})")
  else()
    message(STATUS "  ${what}: no: ${missing}")
  endif()
endfunction()
