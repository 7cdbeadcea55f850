/** What the sync's parts share within one open service: the engine's settings, the defaults, a way to connect. */
import type { Client } from '../../index.js';
import type { IntegrationRef } from '../integrations/integrations.js';
import type { EngineSettings } from '../engine/engine.js';
import type { SyncSettings } from './sync-policy.js';

export interface SyncEngineSettings extends EngineSettings {
  /** A running run whose heartbeat is older than this is taken over by the next attempt. */
  staleRunSeconds: number;
}

export interface SyncContext {
  readonly engine: SyncEngineSettings;
  readonly defaults: SyncSettings;
  connect(ref: IntegrationRef): Promise<Client>;
  /** Internal errors of background work (the engine's, a run's): reported, never thrown at a caller. */
  onError(error: unknown): void;
}
