/**
 * `describeContract` for a vendor whose list operation declares no page size (Sentry's members
 * list takes only a cursor), so no "page size over the limit" mutation exists: the same two
 * checks, with the mutation kinds the suite must show named by the caller. Additive beside
 * contract-suite.ts, which requires all three kinds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../src/simulators/serve-handlers.js';
import { checkRequest } from './check-request.js';
import type { ContractSuite, ContractTarget } from './contract-suite.js';
import { loadContract, type Contract } from './load-contract.js';
import { mutationsOf, type Mutation } from './mutations.js';

export function describeContractWithKinds<Target extends ContractTarget>(suite: ContractSuite<Target> & { mutationKinds: Array<Mutation['kind']> }): void {
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
      expect([...reached].sort()).toEqual([...suite.operations].sort());
    });

    it(`fails for each mutation: ${suite.mutationKinds.join(', ')}`, () => {
      const mutations: Mutation[] = sent.flatMap((request) => mutationsOf(contract, request));
      const unseen = mutations.filter((mutation) => checkRequest(contract, mutation.request).violations.length === 0);
      expect(unseen.map((mutation) => `${mutation.kind}: ${mutation.request.method} ${mutation.request.url} ${mutation.request.body}`)).toEqual([]);
      const kinds = new Set(mutations.map((mutation) => mutation.kind));
      for (const kind of suite.mutationKinds) expect(kinds).toContain(kind);
    });
  });
}
