#!/bin/sh
# Every C++ file of the repository (git ls-files '*.cpp' '*.hpp') is as clang-format writes it
# with the repository's .clang-format: `make format` rewrites them; this only reads them.
#   format_check.sh CLANG_FORMAT SOURCE_DIR
clang_format=$1
cd "$2" || exit 1
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    echo "format skipped: $2 is not a git checkout (the files to check are git's)"
    exit 0
fi
"$clang_format" --version
# -z and xargs -0: any file name; --dry-run -Werror: a file that would change fails the test,
# and clang-format names the file, the line and the column.
git ls-files -z '*.cpp' '*.hpp' | xargs -0 "$clang_format" --dry-run -Werror
