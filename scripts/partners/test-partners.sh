#!/usr/bin/env bash
# `npm run test:partners`: installs a real WordPress (Debian) and a real Ghost 5 (npm registry,
# into ~/.cache/aurumwire-ghost, reused on later runs), then runs the partner contract suites.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/partners/install-wordpress.sh
bash scripts/partners/install-ghost.sh
exec npx vitest run --config vitest.partners.config.ts "$@"
