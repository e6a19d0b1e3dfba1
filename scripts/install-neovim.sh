#!/usr/bin/env bash
# Installs Debian's neovim (0.7 or later) when it is missing: its built-in LSP client is the second,
# independent client the language server's tests drive (test/unit/server/neovim.test.ts).
set -euo pipefail
command -v nvim >/dev/null 2>&1 && exit 0
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "[install-neovim] neovim is missing; run as root or install it: apt-get install -y neovim" >&2
    exit 1
  fi
fi
echo "[install-neovim] installing Debian's neovim" >&2
$SUDO apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq neovim >&2
