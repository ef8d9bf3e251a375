# export_source.sh - sourced by the tools/build_*.sh scripts: export_source SRC WORK [PATH ...] puts the
# source of SRC (a checkout, or a git directory without a work tree, as `fetch` leaves it) into WORK, only
# the PATHs if given, and sets $commit to its short commit ("unknown" for a plain directory).
export_source() {
    local src=$1 work=$2 gitdir
    shift 2
    if [ -d "$src/.git" ] || [ -f "$src/HEAD" ]; then
        gitdir=$src
        [ -d "$src/.git" ] && gitdir=$src/.git
        commit=$(git --git-dir="$gitdir" rev-parse --short HEAD)
        git --git-dir="$gitdir" archive HEAD "$@" | tar -x -C "$work"
    else
        commit=unknown
        if [ $# -eq 0 ]; then cp -r "$src"/. "$work"; else (cd "$src" && cp -r --parents "$@" "$work"); fi
    fi
}
