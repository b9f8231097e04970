#!/usr/bin/env bash
# What the test suite needs beyond npm packages, on a Debian machine: Chromium, ffmpeg, poppler and
# headless LibreOffice (slide conversion, issue 25 §1) from Debian's packages, PostgreSQL on
# 127.0.0.1:5432 (trust auth) and Redis on 127.0.0.1:6379. Installs what is missing when it may (root),
# starts the services when they are stopped, and otherwise names the exact command to run. `npm test`
# runs this first; .ci/run calls `npm test`, so the set-up lives here alone.
set -euo pipefail

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo "$@"
  else
    echo "test set-up needs root for: $*" >&2
    echo "run it once yourself (e.g. with sudo), then npm test again" >&2
    exit 1
  fi
}

packages=(chromium fonts-liberation ffmpeg poppler-utils libreoffice-impress-nogui libreoffice-writer-nogui
  postgresql redis-server)
missing=()
for pkg in "${packages[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "test set-up: installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  echo "test set-up: starting PostgreSQL"
  cluster_version="$(ls /etc/postgresql | sort -V | tail -n 1)"
  as_root pg_ctlcluster --skip-systemctl-redirect "$cluster_version" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  pg_isready -h 127.0.0.1 -p 5432 -q || { echo "PostgreSQL did not start on 127.0.0.1:5432" >&2; exit 1; }
fi
# The suites connect as postgres with trust auth over TCP and create a database per suite.
if ! psql -h 127.0.0.1 -U postgres -d postgres -Atc "select 1" >/dev/null 2>&1; then
  echo "PostgreSQL on 127.0.0.1:5432 must trust the postgres user over TCP (pg_hba.conf: host all all 127.0.0.1/32 trust)" >&2
  exit 1
fi

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "test set-up: starting Redis"
  as_root mkdir -p /var/lib/redis /var/log/redis
  as_root redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 1 10); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
fi
