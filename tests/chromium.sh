#!/bin/sh
# Installs Debian's chromium for the browser tests (tests/test_render.py, tests/test_visible.py) when it is
# missing: Playwright drives it, and never downloads a browser of its own. Without
# root (or password-less sudo) it says so and goes on: those tests then skip, except
# under CI, where a missing browser is a failure.
set -e
if command -v chromium >/dev/null 2>&1 || [ -n "$WEBFOLD_CHROMIUM" ]; then
    exit 0
fi
if [ "$(id -u)" = 0 ]; then
    as_root=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root="sudo -n"
else
    echo "tests/chromium.sh: chromium is missing and this user cannot install it" \
         "(apt-get install chromium): the browser tests will skip" >&2
    [ -z "$CI" ] && exit 0
    exit 1
fi
echo "tests/chromium.sh: installing Debian's chromium for the browser tests" >&2
$as_root apt-get update -qq
DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y -qq chromium >/dev/null
