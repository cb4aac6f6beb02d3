#!/usr/bin/env bash
# The installed package as a programmer outside this tree meets it: configures the library alone
# (CHESS960_LIBRARY_ONLY), builds it, installs it to a temporary prefix, then builds examples/
# from outside the tree twice and runs the programs:
#   - with find_package(chess960) (static library), compiled for generic x86-64 without BMI2
#     against the library built as this build is (-march=native by default);
#   - with pkg-config (shared library), compiled with -march=native.
#
# usage: install_test.sh SOURCE_DIR WORK_DIR BUILD_TYPE CXX_COMPILER [COMPILER_LAUNCHER
#                        [LIBRARY_CMAKE_ARGS...]]
# WORK_DIR is emptied first. A launcher (ccache) keeps the rebuilds of the library cheap.
# LIBRARY_CMAKE_ARGS configure the library, e.g. -DCHESS960_NATIVE=OFF for a generic library
# used by the -march=native examples (the reverse case).
set -euo pipefail

source_dir=$1
work=$2
build_type=$3
cxx=$4
launcher=${5:-}
library_args=("${@:6}")

fail() {
    echo "install_test: $*" >&2
    exit 1
}
step() { echo "== $*"; }

rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
launcher_args=()
[[ -n $launcher ]] && launcher_args=(-DCMAKE_CXX_COMPILER_LAUNCHER="$launcher")

step "configure the library alone"
cmake -S "$source_dir" -B "$work/build" -DCHESS960_LIBRARY_ONLY=ON \
    -DCMAKE_BUILD_TYPE="$build_type" -DCMAKE_CXX_COMPILER="$cxx" "${launcher_args[@]}" \
    -DCMAKE_INSTALL_PREFIX="$prefix" "${library_args[@]}" >"$work/configure.log" || {
    cat "$work/configure.log"
    fail "configure failed"
}
step "build the library's targets"
cmake --build "$work/build" -j2 >"$work/build.log" || {
    cat "$work/build.log"
    fail "build failed"
}
step "install to $prefix"
cmake --install "$work/build" --component library >"$work/install.log"

libdir=$(dirname "$(find "$prefix" -name chess960.pc -path '*/pkgconfig/*' | head -1)")/..
libdir=$(cd "$libdir" && pwd)
for f in include/chess960/chess960.hpp include/chess960/version.hpp include/chess960/config.hpp \
    include/chess960/position.hpp include/chess960/fen.hpp include/chess960/game.hpp; do
    [[ -f $prefix/$f ]] || fail "$f is not installed"
done
for layer in core notation game; do
    [[ -f $libdir/libchess960_$layer.a ]] || fail "libchess960_$layer.a is not installed"
    [[ -e $libdir/libchess960_$layer.so ]] || fail "libchess960_$layer.so is not installed"
done
for f in chess960Config.cmake chess960ConfigVersion.cmake chess960Targets.cmake; do
    [[ -f $libdir/cmake/chess960/$f ]] || fail "cmake/chess960/$f is not installed"
done
grep -q "#define CHESS960_VERSION_STRING \"" "$prefix/include/chess960/version.hpp" ||
    fail "version.hpp has no version"
# Nothing of the build tree leaks into the package.
if grep -rq "$source_dir" "$prefix"; then
    grep -rl "$source_dir" "$prefix" >&2
    fail "installed files name the source tree"
fi

# Runs the three examples from directory $1 and checks what they print against facts
# (perft of the start position, the FEN forms, the games in the shared PGN file).
run_examples() {
    local bin=$1
    local out
    out=$("$bin/legal_moves" 518 4)
    grep -qx "20 legal moves" <<<"$out" || fail "$bin/legal_moves: not 20 legal moves"
    grep -qx "perft 4 197281" <<<"$out" || fail "$bin/legal_moves: perft 4 is not 197281"
    # The first position of the shared perft suite, with its depth-3 count from the file.
    local line fen d3
    line=$(head -1 "$source_dir/tests/data/chess960_perft.epd")
    fen=${line%% ;*}
    d3=$(grep -o ';D3 [0-9]*' <<<"$line" | cut -d' ' -f2)
    out=$("$bin/legal_moves" "$fen" 3)
    grep -qx "perft 3 $d3" <<<"$out" || fail "$bin/legal_moves: perft 3 of $fen is not $d3"
    # A rook on a slider ray: the lookups the example compiles in must be the library's.
    out=$("$bin/legal_moves" '4k3/8/8/8/P7/8/8/R3K3 w Q - 0 1')
    grep -qx "a1a3 Ra3" <<<"$out" || fail "$bin/legal_moves: no Ra3"
    if grep -q "^a1a[5-8] " <<<"$out"; then fail "$bin/legal_moves: the rook jumps over a4"; fi

    out=$("$bin/convert_fen" 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')
    grep -qx "Shredder-FEN:   rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha - 0 1" <<<"$out" ||
        fail "$bin/convert_fen: wrong Shredder-FEN"
    grep -qx "double-step ep: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" \
        <<<"$out" || fail "$bin/convert_fen: wrong en passant form"
    if "$bin/convert_fen" '8/8/8/8/8/8/8/8 w - - 0 1' 2>"$work/err.txt"; then
        fail "$bin/convert_fen accepted a board without kings"
    fi
    grep -q "king is missing" "$work/err.txt" || fail "$bin/convert_fen: no clear message"

    out=$("$bin/pgn_results" "$source_dir/tests/data/pgn/games_chess960_mainz2009_rapid_wch.pgn")
    grep -Eq "^all +20 " <<<"$out" || fail "$bin/pgn_results: not 20 games"
    grep -qx "1692 moves replayed" <<<"$out" || fail "$bin/pgn_results: not 1692 moves"
}

step "examples with find_package, generic x86-64 (static library)"
generic_flags=""
[[ $(uname -m) == x86_64 ]] && generic_flags="-march=x86-64 -mtune=generic -mno-bmi2"
cmake -S "$source_dir/examples" -B "$work/examples-cmake" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$cxx" "${launcher_args[@]}" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_CXX_FLAGS="$generic_flags" >"$work/examples-configure.log" || {
    cat "$work/examples-configure.log"
    fail "examples: configure failed"
}
cmake --build "$work/examples-cmake" -j2 >"$work/examples-build.log" || {
    cat "$work/examples-build.log"
    fail "examples: build failed"
}
run_examples "$work/examples-cmake"

step "examples with pkg-config, -march=native (shared library)"
export PKG_CONFIG_PATH=$libdir/pkgconfig
cflags=$(pkg-config --cflags chess960)
libs=$(pkg-config --libs chess960)
[[ $(pkg-config --modversion chess960) =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "pkg-config: no version"
mkdir -p "$work/examples-pkg-config"
for example in legal_moves pgn_results convert_fen; do
    # shellcheck disable=SC2086
    $launcher "$cxx" -std=c++23 -O2 -march=native $cflags "$source_dir/examples/$example.cpp" \
        -o "$work/examples-pkg-config/$example" $libs || fail "pkg-config: $example does not build"
done
export LD_LIBRARY_PATH=$libdir
# Captured first: with pipefail, grep -q leaving early can fail the pipeline on ldd's SIGPIPE.
linked=$(ldd "$work/examples-pkg-config/legal_moves")
grep -q "$libdir/libchess960_core.so" <<<"$linked" ||
    fail "pkg-config: legal_moves does not use the installed shared library"
run_examples "$work/examples-pkg-config"

echo "install_test: the installed package builds and runs the examples both ways"
rm -rf "$work"
