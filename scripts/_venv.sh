# Sourced by scripts/bot and scripts/test: create or reuse .venv and install the project into it,
# with the exact versions of a lock file (scripts/lock refreshes them).
# Arguments: the install's name (its stamp), the extras ("" or "[test]"), the lock file.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
    if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        echo "Shiftcord needs Python 3.11 or newer as python3 (or set PYTHON=/path/to/python)." >&2
        exit 1
    fi
    "$python" -m venv "$venv"
fi
stamp="$venv/.installed-$1"
lock="$root/$3"
if [ ! -f "$stamp" ] || [ "$root/pyproject.toml" -nt "$stamp" ] || [ "$lock" -nt "$stamp" ]; then
    echo "Installing Shiftcord and what it needs into .venv (log: .venv/install.log)..." >&2
    if ! "$venv/bin/python" -m pip install -c "$lock" -e "$root$2" > "$venv/install.log" 2>&1; then
        cat "$venv/install.log" >&2
        exit 1
    fi
    touch "$stamp"
fi
cd "$root"
