# Chromium for the web app's end-to-end tests (Playwright drives Debian's /usr/bin/chromium, since no
# browser download is possible here). Sourced by .ci/run as root under `set -euo pipefail`.
# Fonts are installed too: without them screenshots render text as boxes.
if [ ! -x /usr/bin/chromium ]; then
  apt-get update
  apt-get install -y --no-install-recommends chromium fonts-dejavu-core fonts-liberation
fi
