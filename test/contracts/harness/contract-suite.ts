/**
 * The contract test of one connector, in a few lines: start its simulator, run every action (every
 * step, every page, the token request) through the connector, and judge every request the
 * simulator received against the vendor's contract; then show, by mutations, that the contract
 * test fails for requests the description does not allow. A new connector adds its fixture
 * (test/contracts/fixtures/<connector>.json) and a test file calling `describeContract`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../src/simulators/serve-handlers.js';
import { checkRequest } from './check-request.js';
import { loadContract, type Contract } from './load-contract.js';
import { mutationsOf, type Mutation } from './mutations.js';

export interface ContractTarget {
  /** Every request received, in order (a simulator's `server.requests`). */
  requests(): RecordedRequest[];
  close(): Promise<void>;
}

export interface ContractSuite<Target extends ContractTarget> {
  connector: string;
  fixture: string;
  start(): Promise<Target>;
  /** Runs every action of the connector against the target (each page, each step). */
  exercise(target: Target): Promise<void>;
  /** Operations of the fixture the exercise must reach: each one the connector uses. */
  operations: string[];
  /**
   * The mutations the suite must show refused; by default all three. A vendor whose list declares
   * no page size (Sentry's members list takes only a cursor) has no "page size over the limit".
   */
  mutationKinds?: Array<Mutation['kind']>;
}

const ALL_MUTATION_KINDS: Array<Mutation['kind']> = ['wrong path', 'misspelt body property', 'page size over the limit'];

export function describeContract<Target extends ContractTarget>(suite: ContractSuite<Target>): void {
  describe(`${suite.connector} against ${suite.fixture}`, () => {
    let contract: Contract;
    let sent: RecordedRequest[] = [];
    beforeAll(async () => {
      contract = loadContract(suite.fixture);
      const target = await suite.start();
      try {
        await suite.exercise(target);
        sent = [...target.requests()];
      } finally {
        await target.close();
      }
    });

    it('every request the connector sends is one the vendor describes, as described', () => {
      const verdicts = sent.map((request) => ({ request: `${request.method} ${request.url}`, ...checkRequest(contract, request) }));
      expect(verdicts.filter((verdict) => verdict.violations.length > 0)).toEqual([]);
      const reached = new Set(verdicts.map((verdict) => verdict.operationId));
      expect([...suite.operations].filter((operation) => !reached.has(operation))).toEqual([]);
      expect([...reached].sort()).toEqual([...suite.operations].sort());
    });

    const mutationKinds = suite.mutationKinds ?? ALL_MUTATION_KINDS;
    it(`fails for each mutation: ${mutationKinds.join(', ')}`, () => {
      const mutations: Mutation[] = sent.flatMap((request) => mutationsOf(contract, request));
      const unseen = mutations.filter((mutation) => checkRequest(contract, mutation.request).violations.length === 0);
      expect(unseen.map((mutation) => `${mutation.kind}: ${mutation.request.method} ${mutation.request.url} ${mutation.request.body}`)).toEqual([]);
      const kinds = new Set(mutations.map((mutation) => mutation.kind));
      for (const kind of mutationKinds) expect(kinds).toContain(kind);
    });
  });
}
