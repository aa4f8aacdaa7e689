#!/usr/bin/env bash
# ctest install (issue 31): `cmake --install` of this build tree into a
# temporary prefix, then what a user of the installed package does: run
# the commands, read the man pages, and build and run examples/capi
# against the prefix through pkg-config and through find_package(wavecc)
# (shared and static library). Usage: test-install.sh BUILD_DIR SOURCE_DIR
# [EXTRA_CFLAGS] (the sanitizer flags when the tree was built with them).
set -euo pipefail
build=$1 src=$2 cflags=${3:-}
cc=${CC:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
fail() { echo "test-install: FAIL: $*" >&2; exit 1; }
# has FILE REGEX: grep on a file (a `cmd | grep -q` would kill cmd by
# SIGPIPE and fail the pipeline under pipefail)
has() { grep -Eq "$2" "$1"; }

cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" || { cat "$tmp/install.log"; fail "cmake --install"; }
for f in bin/wavecc bin/wavecc-run bin/wavecc-opt lib/libwavecc.so lib/libwavecc.a include/wavecc/wavecc.h \
         include/wavecc/emu.h lib/pkgconfig/wavecc.pc lib/cmake/wavecc/wavecc-config.cmake \
         lib/cmake/wavecc/wavecc-config-version.cmake share/man/man1/wavecc.1 share/man/man1/wavecc-run.1; do
  [ -e "$prefix/$f" ] || fail "$f not installed"
done
"$prefix/bin/wavecc" --version > "$tmp/version" && has "$tmp/version" '^wavecc 0\.' || fail "wavecc --version"
"$prefix/bin/wavecc-run" --help > "$tmp/help" && has "$tmp/help" '^usage: wavecc-run' || fail "wavecc-run --help"
# The man pages are the --help text: every option line of --help is in them.
for tool in wavecc wavecc-run; do
  "$prefix/bin/$tool" --help > "$tmp/$tool.help"
  grep -E '^  -' "$tmp/$tool.help" | sed 's/^  //; s/ .*//' | sort -u > "$tmp/$tool.opts"
  sed -n '/^\.nf$/,/^\.fi$/p' "$prefix/share/man/man1/$tool.1" | sed 's/\\-/-/g; s/\\e/\\/g' | grep -E '^  -' |
    sed 's/^  //; s/ .*//' | sort -u > "$tmp/$tool.man"
  [ -s "$tmp/$tool.opts" ] && diff "$tmp/$tool.opts" "$tmp/$tool.man" >/dev/null || fail "$tool.1 differs from --help"
done

# pkg-config (the .pc finds its prefix from its own place: the tree may move)
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
[ "$(pkg-config --modversion wavecc)" = "$(awk '{print $2}' "$tmp/version")" ] || fail "pkg-config version"
# shellcheck disable=SC2046,SC2086
$cc $cflags "$src/examples/capi/main.c" $(pkg-config --cflags --libs wavecc) -o "$tmp/capi-pc" || fail "pkg-config build"
LD_LIBRARY_PATH=$prefix/lib "$tmp/capi-pc" > "$tmp/out-pc" && has "$tmp/out-pc" '^ok: ' || fail "pkg-config build: the example did not run"

# find_package(wavecc): the shared library, then the static one (+ LLVM's)
for static in OFF ON; do
  cmake -S "$src/examples/capi" -B "$tmp/b-$static" -DCMAKE_PREFIX_PATH="$prefix" -DWAVECC_STATIC=$static \
        -DCMAKE_C_FLAGS="$cflags" -DCMAKE_EXE_LINKER_FLAGS="$cflags" >"$tmp/cmake.log" 2>&1 ||
    { cat "$tmp/cmake.log"; fail "find_package configure (static $static)"; }
  cmake --build "$tmp/b-$static" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "find_package build (static $static)"; }
  "$tmp/b-$static/capi" > "$tmp/out-$static" && has "$tmp/out-$static" '^ok: ' || fail "find_package build (static $static): the example did not run"
done
echo "test-install: ok (prefix $prefix: commands, man pages, pkg-config, find_package shared and static)"
