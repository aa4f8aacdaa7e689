# The Debian package (issue 31): `make package` or `cpack -G DEB` in the
# build tree packs what `cmake --install` puts (cmake/install.cmake) under
# /usr. Its dependencies are the Debian packages the project already uses
# (scripts/setup.sh) that the installed commands need at run time: LLVM 19's
# tools (clang-19 for OpenCL C, llvm-mc-19/ld.lld-19 for relocatable
# objects and --assembler=llvm-mc, llc-19 for wavecc-run --compiler=llc),
# libclc-19, PoCL with the OpenCL ICD loader (wavecc-run --compiler=pocl),
# and the C/C++ runtime and compression libraries the LLVM libraries linked
# into wavecc use. llvm-19-dev is only needed to link libwavecc.a.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME wavecc)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "wavecc developers <wavecc@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "AMDGPU kernel compiler (LLVM IR / OpenCL C to gfx900 HSA code objects) and wave emulator")
set(CPACK_PACKAGE_DESCRIPTION "wavecc compiles LLVM 19 IR and OpenCL C to AMDGPU HSA code objects, as a drop-in\nfor llc-19's AMDGPU command line; wavecc-run runs kernels on a strict wave emulator\nand checks them against expected values. Includes libwavecc, its headers, pkg-config\nand CMake package files.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "llvm-19, clang-19, libclang-cpp19, libllvm19, lld-19, libclc-19, pocl-opencl-icd, ocl-icd-libopencl1, libc6, libstdc++6, libgcc-s1, zlib1g, libzstd1")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "llvm-19-dev, pkg-config, cmake")
# shlibs file and the ldconfig trigger for libwavecc.so.N
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
include(CPack)
