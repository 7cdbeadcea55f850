/** A sync run's finishedAt on the embedded database (the cases: finished-at.cases.ts). */
import { describe } from 'vitest';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { describeFinishedAt } from './finished-at.cases.js';

describe('sync run finishedAt (embedded)', () => describeFinishedAt(embeddedStorage('finished-at')));
