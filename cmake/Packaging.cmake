# `cpack` (after a build) makes build/torchlint_<version>_<arch>.deb: the
# binaries, the plugin, the runtime library with its headers and CMake package
# files, and the docs, installed under /usr. Package dependencies come from the
# binaries' shared libraries (dpkg-shlibdeps: LLVM 19, clang 19, yaml-cpp,
# libtorch for the runtime) plus what they need at run time without linking it
# (clang's built-in headers, libtorch's headers for find_package consumers).
# tests/package/deb.sh checks the package and lints it with lintian.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME torchlint)
set(CPACK_PACKAGE_VENDOR "torchlint maintainers")
set(CPACK_PACKAGE_CONTACT "torchlint maintainers <maintainers@users.noreply.a-seed-a8c02f2d.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "linter for device misuse in libtorch (PyTorch C++) code")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
"torchlint finds tensors and modules that end up on different devices in
code written against libtorch, the PyTorch C++ API: the bugs that stop a
run with 'Expected all tensors to be on the same device' or copy data
every step. It ships a clang-tidy with the torch-* checks (torchlint), a
driver for whole projects (torchlint-run), a clangd with the checks
(torchlint-clangd), a plugin for clang-tidy-19, and the runtime library
that some fixes call.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The checks parse the user's code as clang-19 does: clang's own headers and
# the C and C++ standard library headers (what clang-19 itself depends on).
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libclang-common-19-dev, libstdc++-12-dev | libstdc++-dev, libc6-dev, libtorch-dev")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "clang-tidy-19, clang-tools-19")
set(CPACK_STRIP_FILES ON)
# Runs the install step of the whole build: a package holds every component.
set(CPACK_DEB_COMPONENT_INSTALL OFF)
include(CPack)

# Debian's copyright file and changelog (compressed as Debian wants it),
# where lintian looks for them.
add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/changelog.gz
  COMMAND gzip -9n -c ${PROJECT_SOURCE_DIR}/packaging/changelog > ${PROJECT_BINARY_DIR}/changelog.gz
  DEPENDS ${PROJECT_SOURCE_DIR}/packaging/changelog VERBATIM)
add_custom_target(torchlint_changelog ALL DEPENDS ${PROJECT_BINARY_DIR}/changelog.gz)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/copyright ${PROJECT_BINARY_DIR}/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/torchlint)
