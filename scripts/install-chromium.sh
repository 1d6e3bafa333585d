#!/usr/bin/env bash
# Installs Debian's chromium for the browser tests of the explorer
# (server/browser_test.go) when it is missing. Idempotent and quiet on
# success; needs root (as CI has) or passwordless sudo. Exits non-zero with a
# one-line message when it cannot install, and the browser test then skips
# saying why.
set -euo pipefail

if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
	exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		sudo="sudo -n"
	else
		echo "install-chromium: chromium is missing and this user cannot install packages (not root, no sudo)" >&2
		exit 1
	fi
fi

if ! command -v apt-get >/dev/null 2>&1; then
	echo "install-chromium: chromium is missing and apt-get is not available on this system" >&2
	exit 1
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
if ! { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core; } >"$log" 2>&1; then
	echo "install-chromium: apt-get could not install chromium; its last lines:" >&2
	tail -n 5 "$log" >&2
	exit 1
fi
if [ ! -x /usr/bin/chromium ]; then
	echo "install-chromium: apt-get finished but /usr/bin/chromium is missing" >&2
	exit 1
fi
