#!/usr/bin/env bash
# install_test.sh - `make install` and `make uninstall` into a scratch DESTDIR: the two engines and the
# man page land under PREFIX, the installed engines run (--version, --help), the man page formats
# without a warning (when groff is installed), and uninstall removes every file it installed and the
# folders it created.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
fail() { echo "install_test: $*" >&2; exit 1; }
release=$(make -n -B release) # whole, before grep: grep -q leaves early, and make's SIGPIPE would fail the pipeline
grep -q -- '-o chariot-chess ' <<<"$release" || fail "make release does not build chariot-chess"
grep -q -- '-o chariot ' <<<"$release" || fail "make release does not build chariot"
make -s install DESTDIR="$dest" PREFIX=/opt/chariot >/dev/null
for f in bin/chariot bin/chariot-chess share/man/man6/chariot.6 share/man/man6/chariot-chess.6; do
    [ -f "$dest/opt/chariot/$f" ] || fail "make install did not install $f"
done
[ -x "$dest/opt/chariot/bin/chariot" ] || fail "the installed chariot is not executable"
"$dest/opt/chariot/bin/chariot" --version | grep -q '^Chariot [0-9]' || fail "chariot --version"
"$dest/opt/chariot/bin/chariot-chess" --version | grep -q 'chess' || fail "chariot-chess --version"
"$dest/opt/chariot/bin/chariot" --help | grep -q 'chariot judge' || fail "chariot --help"
"$dest/opt/chariot/bin/chariot-chess" --help | grep -q 'chariot-chess judge' || fail "chariot-chess --help"
if command -v groff >/dev/null; then
    warnings=$(groff -man -ww -z "$dest/opt/chariot/share/man/man6/chariot.6" 2>&1)
    [ -z "$warnings" ] || fail "the man page has warnings: $warnings"
    groff -man -Tascii -P-cbou "$dest/opt/chariot/share/man/man6/chariot.6" 2>/dev/null | grep -q 'EXIT STATUS' ||
        fail "the man page does not format"
else
    echo "install_test: groff not installed, man page not checked"
fi
make -s uninstall DESTDIR="$dest" PREFIX=/opt/chariot >/dev/null
left=$(find "$dest" -type f)
[ -z "$left" ] || fail "make uninstall left: $left"
left=$(find "$dest" -mindepth 1)
[ -z "$left" ] || fail "make uninstall left the folders it created: $left"
# Without DESTDIR: PREFIX is the user's folder and stays, with what else it holds; the folders install made
# below it go (make uninstall PREFIX=/some/dir once removed /some/dir itself).
prefix="$dest/prefix"
mkdir -p "$prefix/share/doc"
touch "$prefix/share/doc/other"
make -s install PREFIX="$prefix/" >/dev/null
make -s uninstall PREFIX="$prefix/" >/dev/null
left=$(cd "$prefix" && find . -mindepth 1 | sort | tr '\n' ' ')
[ "$left" = "./share ./share/doc ./share/doc/other " ] || fail "make uninstall PREFIX=$prefix/ left '$left'"
rm -rf "$prefix"
make -s install PREFIX="$prefix" >/dev/null
make -s uninstall PREFIX="$prefix" >/dev/null
[ -d "$prefix" ] && [ -z "$(ls -A "$prefix")" ] || fail "make uninstall PREFIX=$prefix removed it, or left files"
echo "install_test: install, --version, --help, man page and uninstall OK"
