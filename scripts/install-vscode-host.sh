#!/usr/bin/env bash
# Installs a real VS Code (code-server 4.100.3 = VS Code 1.100.3) plus headless Chromium, once per
# machine, into a cache folder outside the clone. Offline-safe recipe from shared design.md:
# code-server's own postinstall downloads ripgrep and needs libkrb5-dev, so we skip its scripts,
# install its inner node_modules ourselves, use Debian's ripgrep and rebuild the native modules.
# Prints the install folder on stdout as its last line. Idempotent: a finished install leaves a
# marker file and later runs return at once.
set -euo pipefail

CODE_SERVER_VERSION=4.100.3
CACHE_ROOT="${SCAN_TARGETS_VSCODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/scan-target-settings}"
DEST="$CACHE_ROOT/code-server-$CODE_SERVER_VERSION"
MARKER="$DEST/.install-complete"

log() { echo "[install-vscode-host] $*" >&2; }

if [ -f "$MARKER" ]; then
  echo "$DEST"
  exit 0
fi

# 1. Debian packages, only those missing.
need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v rg >/dev/null 2>&1 || need_apt+=(ripgrep)
dpkg -s libkrb5-dev >/dev/null 2>&1 || need_apt+=(libkrb5-dev)
command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
if [ ${#need_apt[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
      log "missing Debian packages: ${need_apt[*]}; run as root or install them: apt-get install -y ${need_apt[*]}"
      exit 1
    fi
  fi
  log "installing Debian packages: ${need_apt[*]}"
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >&2
fi

# 2. code-server from the npm registry, without its (network-bound) install scripts.
rm -rf "$DEST"
mkdir -p "$DEST"
cd "$DEST"
echo '{"name":"vscode-host-cache","private":true}' > package.json
log "installing code-server@$CODE_SERVER_VERSION into $DEST (a few minutes, once per machine)"
npm install --no-audit --no-fund --ignore-scripts "code-server@$CODE_SERVER_VERSION" >&2

VSCODE_DIR="$DEST/node_modules/code-server/lib/vscode"
for dir in "$VSCODE_DIR" "$VSCODE_DIR/extensions"; do
  log "installing dependencies in ${dir#$DEST/}"
  (cd "$dir" && npm install --omit=dev --ignore-scripts --no-audit --no-fund >&2)
done

# Debian's ripgrep where @vscode/ripgrep would have downloaded its own.
RG_BIN_DIR="$VSCODE_DIR/node_modules/@vscode/ripgrep/bin"
mkdir -p "$RG_BIN_DIR"
ln -sf "$(command -v rg)" "$RG_BIN_DIR/rg"

for dir in "$VSCODE_DIR" "$VSCODE_DIR/extensions"; do
  log "rebuilding native modules in ${dir#$DEST/}"
  (cd "$dir" && npm_config_yes=true npm rebuild >&2)
done
ln -sfn node_modules "$VSCODE_DIR/node_modules.asar"
# argon2 (code-server's password hashing) is hoisted to the top node_modules.
(cd "$DEST" && npm rebuild argon2 >&2)

"$DEST/node_modules/.bin/code-server" --version >&2
touch "$MARKER"
log "done"
echo "$DEST"
