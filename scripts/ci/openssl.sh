# Debian's openssl command for the tests that run a real time-stamping authority (`openssl ts`) and
# OCSP responder (`openssl ocsp`) on loopback. Sourced by .ci/run as root under `set -euo pipefail`.
if ! command -v openssl >/dev/null 2>&1; then
  apt-get update
  apt-get install -y --no-install-recommends openssl
fi
