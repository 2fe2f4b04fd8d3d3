#!/usr/bin/env bash
# Installs a real WordPress (Debian's package) and PHP's command line, for the WordPress contract
# suite (apps/server/test/real-partners). Each test run makes its own database on the machine's
# MariaDB (127.0.0.1:3306, root) and serves WordPress with PHP's built-in server on a random port.
set -euo pipefail
if [ -f /usr/share/wordpress/wp-load.php ] && command -v php >/dev/null && php -m | grep -qi mysqli; then
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
for attempt in 1 2 3 4 5 6 7 8 9 10; do
  # Another process may hold the dpkg lock for a while: wait and try again.
  if apt-get update -qq && apt-get install -y -qq wordpress php-cli php-mysql >/dev/null; then
    exit 0
  fi
  echo "apt-get failed (attempt $attempt); retrying in 15 s" >&2
  sleep 15
done
exit 1
