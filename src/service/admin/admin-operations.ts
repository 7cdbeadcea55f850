/**
 * The operations the CLI's admin commands (`connector service tenant|token|operator|integration|sync|workflow|profile|review`)
 * may call on a running service, named `<group>.<method>` after the service facade. One list, read
 * by the admin API (which refuses any other name) and by the CLI's client of it.
 */
import type { Service } from '../open-service.js';

export const ADMIN_OPERATIONS = {
  tenants: ['create', 'list', 'get', 'setPlan'],
  tokens: ['create', 'list', 'revoke'],
  operators: ['create', 'list'],
  integrations: ['setActionMany'],
  sync: ['syncNow', 'getRun', 'listRuns', 'status', 'approveRun', 'rejectRun', 'resume', 'configure', 'pendingRemovals', 'listAccounts'],
  workflows: ['startOnboarding', 'startOffboarding', 'startProvisionerAction', 'addUsers', 'list', 'get', 'cancel', 'retryTask'],
  movers: ['listProfiles', 'getProfile', 'createProfile', 'updateProfile', 'personProfiles', 'planMove', 'applyMove', 'assignProfile', 'drift'],
  reviews: ['create', 'list', 'get', 'start', 'items', 'decide', 'decideMany', 'recordRemovedByHand', 'close', 'report', 'reportCsv', 'reportHtml'],
} as const satisfies { [Group in keyof Service]?: readonly (keyof Service[Group])[] };

export type AdminGroup = keyof typeof ADMIN_OPERATIONS;

/** The group and method of an operation's name, if the list has it. */
export function parseAdminOperation(name: string): { group: AdminGroup; method: string } | undefined {
  const [group, method, ...rest] = name.split('.');
  if (rest.length > 0 || group === undefined || method === undefined || !Object.hasOwn(ADMIN_OPERATIONS, group)) return undefined;
  const methods: readonly string[] = ADMIN_OPERATIONS[group as AdminGroup];
  return methods.includes(method) ? { group: group as AdminGroup, method } : undefined;
}

/** Calls a listed operation with its input, as the CLI would on an open service. */
export async function callAdminOperation(service: Service, operation: { group: AdminGroup; method: string }, input: unknown): Promise<unknown> {
  const group = service[operation.group] as unknown as Record<string, (input: unknown) => Promise<unknown>>;
  return group[operation.method]!.call(group, input);
}
