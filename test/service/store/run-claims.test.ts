/** Claims of sync runs from their table, on the embedded database (the cases: run-claims.cases.ts). */
import { describe } from 'vitest';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { describeRunClaims } from './run-claims.cases.js';

describe('claims of sync runs (embedded)', () => describeRunClaims(embeddedStorage('run-claims')));
