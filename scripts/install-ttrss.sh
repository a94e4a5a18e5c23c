#!/usr/bin/env bash
# Installs Tiny Tiny RSS (Debian 12's tt-rss 21~git20210204 on PHP 8.2 and PostgreSQL 15) for the
# sync tests, which start throwaway instances with Tests/SyncTests/Fixtures/ttrss_harness.py.
# Run as root; idempotent, and a quick no-op when everything is already in place.
#
# Nothing is configured system-wide beyond the packages: no web server, no database, no service.
# /etc/tt-rss/config.php is replaced by Tests/SyncTests/Fixtures/ttrss/config.php, which reads
# every setting from TTRSS_* environment variables, so one install serves any number of instances.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
config="$root/Tests/SyncTests/Fixtures/ttrss/config.php"

# php-cgi/php8.2-cgi keep apt from choosing libapache2-mod-php (and so apache2) for tt-rss's
# "php" dependency; dbconfig-no-thanks keeps it from choosing dbconfig-mysql (and MariaDB).
packages=(tt-rss dbconfig-no-thanks php-cgi php8.2-cgi php-cli php-curl php-pgsql postgresql-15 curl)

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Tiny Tiny RSS for the sync tests: ${missing[*]}"
  # No dbconfig questions, no web-server reconfiguration, whatever the frontend.
  $sudo debconf-set-selections <<'EOF'
tt-rss tt-rss/dbconfig-install boolean false
tt-rss tt-rss/reconfigure-webserver multiselect
tt-rss tt-rss/self_url_path string http://127.0.0.1/
EOF
  export DEBIAN_FRONTEND=noninteractive
  # scripts/ensure-packages.sh says so when it has just refreshed the package lists.
  [ "${LECTERN_APT_UPDATED:-0}" = 1 ] || $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}"
fi

if ! cmp -s "$config" /etc/tt-rss/config.php; then
  $sudo install -m 0644 "$config" /etc/tt-rss/config.php
fi
