# Sourced by .ci/run (bash, set -euo pipefail): makes a PostgreSQL server available for the server's
# test suite and exports TEST_DATABASE_URL. Installs Debian's postgresql package only when its
# binaries are missing, runs a dedicated cluster under /tmp listening on 127.0.0.1 only, and is
# idempotent: a second run reuses the running cluster.

provenance_pg_setup() {
  local port="${PG_TEST_PORT:-54329}"
  local dir="${PG_TEST_DIR:-/tmp/provenance-pg-test}"
  local user="provenance_test"
  local password="provenance_test_pw"
  local database="provenance_test"
  local bindir

  bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    echo "postgres.sh: installing postgresql from Debian packages"
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
    bindir="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  fi

  # initdb and postgres refuse to run as root: use the postgres system user then.
  local run=()
  if [ "$(id -u)" = "0" ]; then
    id -u postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
    run=(runuser -u postgres --)
  fi

  if ! "$bindir/pg_isready" -q -h 127.0.0.1 -p "$port"; then
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      mkdir -p "$dir"
      [ "$(id -u)" = "0" ] && chown postgres: "$dir"
      "${run[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 >"$dir/initdb.log"
    fi
    "${run[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" start >/dev/null
  fi

  local psql=("${run[@]}" "$bindir/psql" -h "$dir" -p "$port" -U postgres -v ON_ERROR_STOP=1 -qtA)
  "${psql[@]}" -d postgres -c "DO \$\$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$user') THEN
        CREATE ROLE $user LOGIN CREATEDB PASSWORD '$password';
      END IF;
    END \$\$;" >/dev/null
  if [ "$("${psql[@]}" -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$database'")" != "1" ]; then
    "${psql[@]}" -d postgres -c "CREATE DATABASE $database OWNER $user" >/dev/null
  fi

  export TEST_DATABASE_URL="postgres://$user:$password@127.0.0.1:$port/$database"
  echo "postgres.sh: TEST_DATABASE_URL=postgres://$user:***@127.0.0.1:$port/$database"
}

provenance_pg_setup
unset -f provenance_pg_setup
