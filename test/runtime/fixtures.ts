/** Small inline specs for runtime tests, lowered by the compiler's lower stage and wrapped as compiled connectors. */
import { lowerSpec } from '../../src/compiler/lower.js';
import type { CompiledConnector, InputValues, StandardActionName } from '../../src/connector.js';
import type { ConnectorSpec, ImportAction } from '../../generated/spec-types.js';

export function makeConnector<I extends InputValues = InputValues, A extends StandardActionName = StandardActionName, X extends string = string>(
  spec: Partial<ConnectorSpec> & { actions: ConnectorSpec['actions'] },
): CompiledConnector<I, A, X> {
  // What the compiler hands the runtime: the spec with every default filled in.
  return {
    spec: lowerSpec({ specVersion: 1, id: 'test-app', name: 'Test app', type: 'custom', auth: { type: 'none' }, ...spec }),
    source: 'test/runtime/inline.yaml',
  };
}

export const usersImport: ImportAction = {
  path: '/users',
  records: '.users',
  mapping: { id: '.id', email: '.email // ""', name: '.name // ""' },
};

/** `count` users named u1..uN. */
export function makeUsers(count: number, from = 1): Array<{ id: string; email: string; name: string }> {
  return Array.from({ length: count }, (_, i) => ({ id: `u${from + i}`, email: `u${from + i}@example.com`, name: `User ${from + i}` }));
}

export const noSleep = async (): Promise<void> => undefined;
