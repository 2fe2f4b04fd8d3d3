#!/usr/bin/env bash
# Installs a real Ghost 5 from the npm registry, outside the repo, so the partner contract
# suite (`npm run test:partners`) can run our Ghost adapter against it. Reruns reuse the install.
#   GHOST_HOME   where to install (default ~/.cache/aurumwire-ghost)
#   GHOST_VERSION  the Ghost 5 release (default below)
# sqlite3 has no reachable prebuilt binary here, so it is compiled from source against the
# running Node's headers (needs g++, make, python3).
set -euo pipefail
GHOST_VERSION="${GHOST_VERSION:-5.130.6}"
GHOST_HOME="${GHOST_HOME:-$HOME/.cache/aurumwire-ghost}"
dir="$GHOST_HOME/$GHOST_VERSION"
if [ -f "$dir/.installed" ]; then
  echo "ghost $GHOST_VERSION already installed in $dir"
  exit 0
fi
mkdir -p "$dir"
cd "$dir"
[ -f package.json ] || printf '{"name":"aurumwire-ghost-host","private":true}\n' > package.json
nodedir="$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")"
export npm_config_nodedir="$nodedir"
export npm_config_build_from_source=sqlite3
npm install --no-audit --no-fund --omit=dev --loglevel=error "ghost@$GHOST_VERSION"
node -e "require('$dir/node_modules/sqlite3')" || (cd node_modules/sqlite3 && npx --yes node-gyp@10 rebuild --nodedir="$nodedir")
node -e "require('$dir/node_modules/sqlite3')"
touch .installed
echo "ghost $GHOST_VERSION installed in $dir"
