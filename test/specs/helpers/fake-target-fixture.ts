/**
 * Set-up shared by the contract tests of the build-your-own examples: a fake target (msw handlers
 * over a state object) served on 127.0.0.1, its state reset before each test, and the example
 * spec connected to it.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { RequestHandler } from 'msw';
import { connect } from '../../../src/index.js';
import type { CompiledConnector } from '../../../src/connector.js';
import { serveHandlers, type HandlerServer, type RecordedRequest } from '../../../src/simulators/serve-handlers.js';
import { pathOf } from './assertions.js';
import { loadSpec } from './load-spec.js';
import { ALLOW_LOOPBACK } from '../../../src/runtime/http/egress-policy.js';

export interface FakeTargetFixture<State> {
  state: State;
  server: HandlerServer;
  connector: CompiledConnector;
  connectTo(inputs: Record<string, string | undefined>, options?: Parameters<typeof connect>[2]): ReturnType<typeof connect>;
  requestsTo(method: string, pathname: string): RecordedRequest[];
}

export interface FakeTargetOptions<State extends object> {
  specFile: string;
  createState: () => State;
  handlers: (state: State) => RequestHandler[];
  /** Path of the spec's baseUrl, kept when the base URL is pointed at the fake target (e.g. `/api/v1`). */
  basePath?: string;
}

export function useFakeTarget<State extends object>(options: FakeTargetOptions<State>): FakeTargetFixture<State> {
  const fixture = { state: options.createState() } as FakeTargetFixture<State>;
  beforeAll(async () => {
    fixture.server = await serveHandlers(...options.handlers(fixture.state));
    fixture.connector = await loadSpec(options.specFile);
    fixture.connectTo = (inputs, connectOptions = {}) =>
      connect(fixture.connector, inputs, {
        egress: ALLOW_LOOPBACK,
        baseUrl: `${fixture.server.origin}${options.basePath ?? ''}`,
        retry: { maxAttempts: 1 },
        ...connectOptions,
      });
    fixture.requestsTo = (method, pathname) => fixture.server.requests.filter((request) => request.method === method && pathOf(request) === pathname);
  });
  afterAll(() => fixture.server.close());
  beforeEach(() => {
    // The handlers hold this very object, so it is refilled in place.
    Object.assign(fixture.state, options.createState());
    fixture.server.reset();
  });
  return fixture;
}
