#!/usr/bin/env node
// The package's `bin` (bundled to dist/cli/connector.js): plain JavaScript, no TypeScript loader.
import module from 'node:module';

// Node 22.1+ keeps compiled code on disk between runs (as TypeScript's own tsc does); on Node 20
// the function does not exist and start-up compiles as usual.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { runCli } = await import('./main.js');
await runCli();
