#!/usr/bin/env bash
# Installs a real Ghost 5 from the npm registry, outside the repo, so the partner contract suite
# (`npm run test:partners`) can run our Ghost adapter against it. Reruns reuse the install.
#   GHOST_HOME     where to install (default ~/.cache/aurumwire-ghost)
#   GHOST_VERSION  the Ghost 5 release (default below)
# Like Ghost-CLI: the package is unpacked, then its production dependencies are installed in it
# (it carries some of its own components as tarballs). sqlite3 has no reachable prebuilt binary
# here, so it is compiled against the running Node's headers (needs g++, make, python3).
set -euo pipefail
GHOST_VERSION="${GHOST_VERSION:-5.130.6}"
GHOST_HOME="${GHOST_HOME:-$HOME/.cache/aurumwire-ghost}"
dir="$GHOST_HOME/$GHOST_VERSION"
if [ -f "$dir/.installed" ]; then
  echo "ghost $GHOST_VERSION already installed in $dir"
  exit 0
fi
# The long step (about 10 minutes) is kept once it has succeeded: a later step that failed is
# tried again without it.
if [ ! -f "$dir/.dependencies-installed" ]; then
  rm -rf "$dir"
  mkdir -p "$dir"
  cd "$GHOST_HOME"
  tarball="$(npm pack --silent "ghost@$GHOST_VERSION")"
  tar -xzf "$tarball" -C "$dir" --strip-components=1
  rm -f "$tarball"
  cd "$dir"
  # Its development dependencies include git tarballs (not reachable here) and are not needed.
  node -e "const f='package.json';const p=require('./'+f);delete p.devDependencies;require('fs').writeFileSync(f,JSON.stringify(p,null,2))"
  nodedir="$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")"
  # Only sqlite3 is built from source (npm_config_build_from_source names it): any other value
  # would make sharp try to build libvips from source too, and fail.
  npm_config_nodedir="$nodedir" npm_config_build_from_source=sqlite3 \
    npm install --no-audit --no-fund --omit=dev --no-package-lock --legacy-peer-deps --loglevel=error
  node -e "require('./node_modules/sqlite3')"
  touch .dependencies-installed
fi
cd "$dir"
# Ghost processes uploaded images with sharp, an optional dependency that the step above may
# skip (it sees npm_config_build_from_source): its prebuilt binaries (@img/sharp-*) come from
# the npm registry, so it is installed here without that setting.
node -e "require('./node_modules/sharp')" 2>/dev/null ||
  env -u npm_config_build_from_source -u npm_config_nodedir \
    npm install --no-audit --no-fund --no-save --no-package-lock --legacy-peer-deps \
    --loglevel=error "sharp@^0.34.2"
node -e "require('./node_modules/sharp')"
touch .installed
echo "ghost $GHOST_VERSION installed in $dir"
