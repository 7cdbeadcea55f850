/** A sync-added account's `added` event kept in its row, on the PostgreSQL server (the cases: test/service/sync/added-events.cases.ts). */
import { describe } from 'vitest';
import { describeAddedEvents } from '../service/sync/added-events.cases.js';
import { postgresStorage } from './helpers/postgres-storage.js';

describe('added events of sync-added accounts (PostgreSQL)', () => describeAddedEvents(postgresStorage('added_events')));
