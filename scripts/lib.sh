# Shared by scripts/up and scripts/test: install what is missing on a fresh machine.
# Debian/Ubuntu packages via apt-get (as root, or with sudo); Python packages into .venv.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

ensure_packages() {
    # ensure_packages <command> <debian package> ...: install the package if the command is missing
    local missing=()
    while [ $# -gt 1 ]; do
        command -v "$1" >/dev/null 2>&1 || [ -x "/usr/bin/$1" ] || [ -x "/usr/sbin/$1" ] || missing+=("$2")
        shift 2
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "installing ${missing[*]} ..."
        as_root apt-get update -qq
        DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
}

ensure_venv() {
    # ensure_venv <extras>: a virtualenv with the project installed (editable)
    local extras="$1"
    if [ ! -x "$VENV/bin/python" ]; then
        python3 -m venv "$VENV"
    fi
    local stamp="$VENV/.installed$extras"
    # The compiled solver (an unmatched glob stays as it is and does not exist).
    local compiled=("$ROOT"/ai_worker/search/solver.*.so)
    if [ ! -f "$stamp" ] || [ "$ROOT/pyproject.toml" -nt "$stamp" ] || [ ! -e "${compiled[0]}" ] \
        || [ "$ROOT/ai_worker/search/solver.py" -nt "${compiled[0]}" ] \
        || [ "$ROOT/ai_worker/search/solver.pxd" -nt "${compiled[0]}" ]; then
        "$VENV/bin/pip" install -q --disable-pip-version-check -e "$ROOT$extras"
        touch "$stamp"
    fi
}
