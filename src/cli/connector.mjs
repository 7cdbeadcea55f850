#!/usr/bin/env node
// The package's `bin`: runs the TypeScript CLI through tsx's ESM loader, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
process.env.CONNECTOR_CLI_MAIN = '1';
await import('./main.ts');
