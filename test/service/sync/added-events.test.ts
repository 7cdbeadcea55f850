/** A sync-added account's `added` event kept in its row, on the embedded database (the cases: added-events.cases.ts). */
import { describe } from 'vitest';
import { embeddedStorage } from '../helpers/service-fixture.js';
import { describeAddedEvents } from './added-events.cases.js';

describe('added events of sync-added accounts (embedded)', () => describeAddedEvents(embeddedStorage('added-events')));
