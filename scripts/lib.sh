# shellcheck shell=bash
# Shared by scripts/up and scripts/test: install what is missing on a fresh machine.
# Debian/Ubuntu packages via apt-get (as root, or with sudo); Python packages into .venv.
# Every step that installs or builds something prints one line saying what it does.
#
#   PYTHON (default python3)  the interpreter .venv is made with; it must be at least the
#                             version pyproject.toml's requires-python names (3.11)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
# The least Python version, from pyproject.toml's requires-python = ">=3.11".
PYTHON_MIN="$(sed -n 's/^requires-python *= *">= *\([0-9][0-9.]*\)".*/\1/p' "$ROOT/pyproject.toml" 2>/dev/null)"
PYTHON_MIN="${PYTHON_MIN:-3.11}"
APT_UPDATED=""
PYTHON_BIN=""
PYTHON_VERSION=""

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

apt_install() {
    # apt_install <debian package> ...: install the packages (the package lists are updated once)
    if [ -z "$APT_UPDATED" ]; then
        echo "updating the Debian package lists (apt-get update) ..."
        as_root apt-get update -qq
        APT_UPDATED=1
    fi
    echo "installing $* (apt-get install) ..."
    # Through env: sudo does not pass the caller's environment on.
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

ensure_packages() {
    # ensure_packages <command> <debian package> ...: install the package if the command is missing
    local missing=()
    while [ $# -gt 1 ]; do
        command -v "$1" >/dev/null 2>&1 || [ -x "/usr/bin/$1" ] || [ -x "/usr/sbin/$1" ] || missing+=("$2")
        shift 2
    done
    if [ ${#missing[@]} -gt 0 ]; then
        apt_install "${missing[@]}"
    fi
}

version_at_least() {
    # version_at_least <version> <least>: dotted versions, compared by major and minor number
    local have_major have_minor need_major need_minor rest
    IFS=. read -r have_major have_minor rest <<<"$1"
    IFS=. read -r need_major need_minor rest <<<"$2"
    [ "${have_major:-0}" -gt "${need_major:-0}" ] \
        || { [ "${have_major:-0}" -eq "${need_major:-0}" ] && [ "${have_minor:-0}" -ge "${need_minor:-0}" ]; }
}

script_name() {
    # How the user ran us, for messages that say what to type.
    case "$(basename "$0")" in
        up | test) echo "scripts/$(basename "$0")" ;;
        *) echo "scripts/up" ;;
    esac
}

python_version() {
    # python_version <interpreter>: its version as major.minor.micro
    "$1" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])' 2>/dev/null
}

ensure_python() {
    # ensure_python: set PYTHON_BIN and PYTHON_VERSION to an interpreter that can make the venv:
    # $PYTHON (default python3), new enough, with venv support and the headers to compile the
    # solver. On Debian/Ubuntu the missing parts of the system's Python are installed.
    [ -z "$PYTHON_BIN" ] || return 0
    local name="${PYTHON:-python3}" found version how
    if [ -n "${PYTHON:-}" ]; then how="PYTHON=$PYTHON"; else how="python3 on PATH"; fi
    found="$(command -v "$name" 2>/dev/null || true)"
    if [ -z "$found" ] && [ -z "${PYTHON:-}" ]; then
        apt_install python3 python3-venv python3-dev || return 1
        found="$(command -v python3 2>/dev/null || true)"
    fi
    if [ -z "$found" ]; then
        echo "Python not found ($how): speedgamez needs Python $PYTHON_MIN or newer." >&2
        echo "Point the scripts at one with PYTHON, e.g. PYTHON=/usr/bin/python$PYTHON_MIN $(script_name)" >&2
        return 1
    fi
    if ! version="$(python_version "$found")" || [ -z "$version" ]; then
        echo "$found ($how) does not run as a Python interpreter: speedgamez needs Python $PYTHON_MIN or newer." >&2
        echo "Point the scripts at another one with PYTHON, e.g. PYTHON=/usr/bin/python$PYTHON_MIN $(script_name)" >&2
        return 1
    fi
    if ! version_at_least "$version" "$PYTHON_MIN"; then
        echo "$found ($how) is Python $version, but speedgamez needs Python $PYTHON_MIN or newer." >&2
        echo "Install one (Debian/Ubuntu: sudo apt-get install python$PYTHON_MIN python$PYTHON_MIN-venv python$PYTHON_MIN-dev)" >&2
        echo "and point the scripts at it with PYTHON, e.g. PYTHON=/usr/bin/python$PYTHON_MIN $(script_name)" >&2
        return 1
    fi
    # Debian keeps venv support (ensurepip) and the C headers in packages of their own,
    # and the solver needs the C compiler Python was built with.
    local short="${version%.*}" missing=() compiler
    "$found" -c 'import ensurepip' 2>/dev/null || missing+=("python$short-venv")
    "$found" -c 'import os, sys, sysconfig
sys.exit(not os.path.isfile(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null \
        || missing+=("python$short-dev")
    compiler="$("$found" -c 'import sysconfig; print((sysconfig.get_config_var("CC") or "cc").split()[0])' 2>/dev/null)"
    command -v "${compiler:-cc}" >/dev/null 2>&1 || missing+=(build-essential)
    if [ ${#missing[@]} -gt 0 ]; then
        case "$(readlink -f "$found")" in
            /usr/bin/*) apt_install "${missing[@]}" || return 1 ;;
            *)
                echo "$found ($how) lacks what building .venv needs (on Debian/Ubuntu: ${missing[*]})." >&2
                return 1
                ;;
        esac
    fi
    PYTHON_BIN="$found"
    PYTHON_VERSION="$version"
}

venv_complete() {
    # A venv is complete once an install into it has finished: the .installed* stamps are
    # written last. Anything else was left by a setup that failed or was interrupted.
    local stamp version
    for stamp in "$VENV"/.installed*; do
        [ -f "$stamp" ] || continue
        version="$(python_version "$VENV/bin/python")" && version_at_least "$version" "$PYTHON_MIN"
        return
    done
    return 1
}

venv_current() {
    # venv_current <extras>: installed with these extras (none: with any) since pyproject.toml changed
    local stamp
    for stamp in "$VENV/.installed$1" "$VENV"/.installed*; do
        if [ -f "$stamp" ] && [ ! "$ROOT/pyproject.toml" -nt "$stamp" ]; then
            return 0
        fi
        [ -z "$1" ] || return 1
    done
    return 1
}

solver_current() {
    # The compiled solver exists and is newer than its source (an unmatched glob stays as it is
    # and does not exist).
    local compiled=("$ROOT"/ai_worker/search/solver.*.so)
    [ -e "${compiled[0]}" ] && [ ! "$ROOT/ai_worker/search/solver.py" -nt "${compiled[0]}" ] \
        && [ ! "$ROOT/ai_worker/search/solver.pxd" -nt "${compiled[0]}" ]
}

venv_requirements() {
    # venv_requirements <extras>: pyproject.toml's build requirements, dependencies and extras
    "$VENV/bin/python" - "$ROOT/pyproject.toml" "$1" <<'PY'
import sys
import tomllib

with open(sys.argv[1], "rb") as file:
    pyproject = tomllib.load(file)
project = pyproject["project"]
requirements = list(pyproject.get("build-system", {}).get("requires", []))
requirements += project.get("dependencies", [])
for extra in sys.argv[2].strip("[]").split(","):
    if extra.strip():
        requirements += project.get("optional-dependencies", {})[extra.strip()]
print("\n".join(dict.fromkeys(requirements)))
PY
}

ensure_venv() {
    # ensure_venv <extras>: a virtualenv with the project installed (editable), the solver compiled
    local extras="$1" shown="${VENV#"$ROOT"/}"
    if ! venv_complete; then
        ensure_python || return 1
        if [ -e "$VENV" ]; then
            if [ ! -f "$VENV/pyvenv.cfg" ] && [ -n "$(ls -A "$VENV" 2>/dev/null)" ]; then
                echo "$VENV is in the way: it is no Python virtual environment; move it elsewhere" >&2
                return 1
            fi
            echo "$shown is incomplete (a setup failed or was interrupted): removing it to build it again ..."
            rm -rf "$VENV"
        fi
        echo "creating the Python environment $shown with Python $PYTHON_VERSION ($PYTHON_BIN) ..."
        "$PYTHON_BIN" -m venv "$VENV" || return 1
    fi
    local install=""
    venv_current "$extras" || install=1
    if [ -n "$install" ] || ! solver_current; then
        if [ -n "$install" ]; then
            local listed requirements=() names=() requirement
            listed="$(venv_requirements "$extras")" || return 1
            while IFS= read -r requirement; do
                [ -n "$requirement" ] || continue
                requirements+=("$requirement")
                names+=("${requirement%%[!A-Za-z0-9._-]*}")
            done <<<"$listed"
            echo "installing Python packages into $shown (pip): ${names[*]} ..."
            "$VENV/bin/python" -m pip install -q --disable-pip-version-check "${requirements[@]}" || return 1
        fi
        # The build requirements are in the venv now, so the build uses them as they are.
        echo "compiling the solver (Cython) and installing speedgamez into $shown (pip install -e .) ..."
        "$VENV/bin/python" -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation \
            -e "$ROOT" || return 1
        # Last: this stamp marks the venv complete (venv_complete).
        touch "$VENV/.installed$extras"
    fi
}

CHECKOV_VERSION=3.3.30

ensure_checkov() {
    # ensure_checkov: checkov, the policy scan of the Kubernetes manifests, in a virtualenv
    # of its own (.venv-checkov), so that its many pinned packages stay out of .venv
    local venv="$ROOT/.venv-checkov"
    if [ -x "$venv/bin/checkov" ] && [ -f "$venv/.installed-$CHECKOV_VERSION" ]; then
        return 0
    fi
    ensure_python || return 1
    echo "installing checkov $CHECKOV_VERSION into .venv-checkov (pip) ..."
    rm -rf "$venv"
    "$PYTHON_BIN" -m venv "$venv" || return 1
    "$venv/bin/python" -m pip install -q --disable-pip-version-check "checkov==$CHECKOV_VERSION" || return 1
    touch "$venv/.installed-$CHECKOV_VERSION"
}
