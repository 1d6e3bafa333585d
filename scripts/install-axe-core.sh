#!/usr/bin/env bash
# Fetches axe-core (Deque's accessibility engine, the npm package) for the
# explorer's accessibility test (server/axe_test.go), the way
# install-chromium.sh installs the browser: a pinned version, taken with
# npm's own client into a cache directory outside the repository, its
# tarball checked against a pinned sha256 before axe.min.js is unpacked.
# Idempotent and quiet on success; prints the path of axe.min.js.
# Exits non-zero with a one-line message when it cannot fetch or the
# tarball's checksum is wrong (then nothing is left in the cache).
#
# The cache directory is $GRUNDY_AXE_DIR, else
# ${XDG_CACHE_HOME:-$HOME/.cache}/grundy; the test looks in the same place.
set -euo pipefail

version=4.10.3
sha256=0f2b4d7dcdf7d1219df8d1959ad68e565f51d14c3f0d88bb71cd59abeb956292

cache=${GRUNDY_AXE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/grundy}
dest="$cache/axe-core-$version"
if [ -s "$dest/axe.min.js" ]; then
	echo "$dest/axe.min.js"
	exit 0
fi

if ! command -v npm >/dev/null 2>&1; then
	# Debian's npm, as install-chromium.sh installs chromium: as root only.
	if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends npm >/dev/null 2>&1 || true
	fi
	if ! command -v npm >/dev/null 2>&1; then
		echo "install-axe-core: npm is missing and could not be installed (apt-get install npm, as root) to fetch axe-core $version" >&2
		exit 1
	fi
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! (cd "$work" && npm pack --silent "axe-core@$version" >"$work/npm.log" 2>&1); then
	echo "install-axe-core: npm pack axe-core@$version failed; its last lines:" >&2
	tail -n 5 "$work/npm.log" >&2
	exit 1
fi
tgz="$work/axe-core-$version.tgz"
got=$(sha256sum "$tgz" | cut -d' ' -f1)
if [ "$got" != "$sha256" ]; then
	echo "install-axe-core: axe-core-$version.tgz has sha256 $got, want $sha256" >&2
	exit 1
fi
tar -xzf "$tgz" -C "$work" package/axe.min.js package/LICENSE
mkdir -p "$dest"
mv "$work/package/LICENSE" "$dest/LICENSE"
mv "$work/package/axe.min.js" "$dest/axe.min.js.part"
mv "$dest/axe.min.js.part" "$dest/axe.min.js"
echo "$dest/axe.min.js"
