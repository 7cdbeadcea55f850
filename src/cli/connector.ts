#!/usr/bin/env node
// The package's `bin` (built to dist/src/cli/connector.js): plain JavaScript, no TypeScript loader.
import { runCli } from './main.js';

await runCli();
