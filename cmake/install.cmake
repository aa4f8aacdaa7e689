# Installation (issue 31): `cmake --install build [--prefix DIR]` puts under
# the prefix
#   bin/          wavecc, wavecc-run, wavecc-opt
#   lib/          libwavecc.so (LLVM linked in statically, only the public
#                 API exported) and libwavecc.a (wavecc's own objects; LLVM's
#                 static libraries come from pkg-config --static or the CMake
#                 package's wavecc::wavecc_static)
#   include/wavecc/*.h, lib/pkgconfig/wavecc.pc, lib/cmake/wavecc/ (for
#   find_package(wavecc)), share/man/man1/wavecc.1 and wavecc-run.1 (made
#   at build time from the tools' --help text by scripts/gen-man.py).
# `make package` / `cpack -G DEB` packs the same tree as a Debian package
# (cmake/package.cmake).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# One set of objects for the tools, the static and the shared library: the
# layer libraries are compiled position-independent (without semantic
# interposition, so calls inside a file still inline as before).
set(WAVECC_LIB_LAYERS wavecc wavecc_target wavecc_util wavecc_emu)
set_target_properties(${WAVECC_LIB_LAYERS} PROPERTIES POSITION_INDEPENDENT_CODE ON)
foreach(layer ${WAVECC_LIB_LAYERS})
  target_compile_options(${layer} PRIVATE -fno-semantic-interposition)
  list(APPEND WAVECC_LIB_OBJECTS $<TARGET_OBJECTS:${layer}>)
endforeach()

add_library(wavecc_shared SHARED ${WAVECC_LIB_OBJECTS})
set_target_properties(wavecc_shared PROPERTIES OUTPUT_NAME wavecc LINKER_LANGUAGE CXX
                      VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}
                      LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib)
target_link_libraries(wavecc_shared PRIVATE ${WAVECC_LLVM_LIBS} m)
# Only wavecc_* and wemu_* (include/wavecc/*.h) are exported; LLVM's
# symbols stay inside, so a program may use another LLVM next to it.
target_link_options(wavecc_shared PRIVATE -Wl,--version-script=${CMAKE_SOURCE_DIR}/cmake/libwavecc.map
                    -Wl,--exclude-libs,ALL)
if(NOT WAVECC_SANITIZE)
  target_link_options(wavecc_shared PRIVATE -Wl,--no-undefined)
endif()
add_library(wavecc_static STATIC ${WAVECC_LIB_OBJECTS})
set_target_properties(wavecc_static PROPERTIES OUTPUT_NAME wavecc ARCHIVE_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib)

install(TARGETS wavecc-bin wavecc-run wavecc-opt RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# libwavecc-clang.so, the OpenCL C front end (src/driver/clang_frontend.h):
# the tools and libraries look for it beside themselves and in ../lib.
install(TARGETS wavecc_clang LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
# libclc pre-split (src/driver/libclc_split.h), read from beside it.
install(FILES ${CMAKE_BINARY_DIR}/lib/wavecc-libclc.split DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS wavecc_shared wavecc_static LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/wavecc DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")

# pkg-config: Libs.private are the LLVM component libraries the static
# library needs, as llvm-config-19 names them.
find_program(WAVECC_LLVM_CONFIG llvm-config-19 llvm-config HINTS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)
execute_process(COMMAND ${WAVECC_LLVM_CONFIG} --link-static --ldflags --libs core bitreader irreader analysis
                        transformutils ipo passes --system-libs
                OUTPUT_VARIABLE WAVECC_LLVM_STATIC_LIBS OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
string(REPLACE "\n" " " WAVECC_LLVM_STATIC_LIBS "${WAVECC_LLVM_STATIC_LIBS}")
configure_file(${CMAKE_SOURCE_DIR}/cmake/wavecc.pc.in ${CMAKE_BINARY_DIR}/wavecc.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/wavecc.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# CMake package: imported targets wavecc::wavecc (shared) and
# wavecc::wavecc_static, found relative to the config file (relocatable).
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/wavecc-config.cmake.in
                              ${CMAKE_BINARY_DIR}/wavecc-config.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/wavecc
                              PATH_VARS CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/wavecc-config-version.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/wavecc-config.cmake ${CMAKE_BINARY_DIR}/wavecc-config-version.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/wavecc)

# Man pages from the --help text of the built tools: one text, no drift.
foreach(tool wavecc wavecc-run)
  set(target ${tool})
  if(tool STREQUAL "wavecc")
    set(target wavecc-bin)
  endif()
  add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/man/${tool}.1
                     COMMAND /usr/bin/python3 ${CMAKE_SOURCE_DIR}/scripts/gen-man.py $<TARGET_FILE:${target}>
                             ${tool} ${PROJECT_VERSION} ${CMAKE_BINARY_DIR}/man/${tool}.1
                     DEPENDS ${target} ${CMAKE_SOURCE_DIR}/scripts/gen-man.py
                     COMMENT "man page ${tool}.1 from ${tool} --help")
  list(APPEND WAVECC_MAN_PAGES ${CMAKE_BINARY_DIR}/man/${tool}.1)
endforeach()
add_custom_target(man-pages ALL DEPENDS ${WAVECC_MAN_PAGES})
install(FILES ${WAVECC_MAN_PAGES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
