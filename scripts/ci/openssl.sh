# Sourced by .ci/run (bash, set -euo pipefail): the engine's timestamp tests run a real RFC 3161
# time-stamping authority, Debian's `openssl ts -reply`, behind a loopback HTTP responder
# (packages/provenance/src/testing/local-tsa.ts). Installs openssl only when it is missing.
if ! command -v openssl >/dev/null 2>&1; then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends openssl >/dev/null
fi
