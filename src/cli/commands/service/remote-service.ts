/**
 * The CLI's admin commands beside a running service on the embedded database: when the data
 * directory's lock is held by a live service that wrote its admin.json, the commands call that
 * service's admin API (service/admin/) instead of opening the storage, which only one process may
 * hold. The client has exactly the operations of ADMIN_OPERATIONS, each sent as
 * `POST <url>/admin/v1/operations/<group>.<method>`; a refusal comes back as the same
 * ServiceError the command would have met on the storage, so it prints the same.
 */
import { ADMIN_OPERATIONS } from '../../../service/admin/admin-operations.js';
import { ADMIN_PATH } from '../../../service/admin/admin-api.js';
import { readAdminFile, type AdminAccess } from '../../../service/admin/admin-file.js';
import type { Service } from '../../../service/index.js';
import { ServiceError, type ServiceErrorCode } from '../../../service/service-error.js';
import { liveDataDirHolder } from '../../../service/store/data-dir-lock.js';

/** The running service on this data directory as a client of its admin API, or undefined when none runs. */
export async function runningService(dataDir: string): Promise<Service | undefined> {
  const holder = await liveDataDirHolder(dataDir);
  if (holder === undefined) return undefined;
  const access = await readAdminFile(dataDir);
  // A lock without a matching admin.json: a service starting, or a process that is no service (rotate-key).
  if (access === undefined || access.pid !== holder.pid) return undefined;
  return remoteService(access, dataDir);
}

function remoteService(access: AdminAccess, dataDir: string): Service {
  const call = async (name: string, input: unknown): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(`${access.url}${ADMIN_PATH}${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access.credential}`, 'content-type': 'application/json' },
        body: JSON.stringify({ input: input ?? {} }),
      });
    } catch (error) {
      throw new ServiceError('DATA_DIR_LOCKED', `the service running on ${dataDir} (pid ${access.pid}) did not answer at ${access.url}`, {
        hint: 'wait until it has started, or stop it to run the command on the storage',
        cause: error,
      });
    }
    const body = (await response.json().catch(() => ({}))) as {
      result?: unknown;
      error?: { code?: string; message?: string; hint?: string; requiredPlan?: string; diagnostics?: never; failure?: Record<string, unknown> };
    };
    if (response.ok) return body.result;
    const error = body.error ?? {};
    if (response.status === 401)
      throw new ServiceError('DATA_DIR_LOCKED', `the service running on ${dataDir} (pid ${access.pid}) refused the credential of its admin.json`, {
        hint: 'restart the service, then run the command again',
      });
    if (response.status >= 500) throw new Error(`the service running on ${dataDir} failed: ${error.message ?? response.statusText}`);
    throw new ServiceError((error.code ?? 'INVALID_INPUT') as ServiceErrorCode, error.message ?? 'refused', {
      hint: error.hint,
      requiredPlan: error.requiredPlan,
      diagnostics: error.diagnostics,
      failure: error.failure,
    });
  };
  const groups = Object.fromEntries(
    Object.entries(ADMIN_OPERATIONS).map(([group, methods]) => [
      group,
      Object.fromEntries(methods.map((method) => [method, (input: unknown) => call(`${group}.${method}`, input)])),
    ]),
  );
  // Only the listed operations exist; the workers are the running service's.
  const client = { ...groups, storage: 'embedded', startWorkers: async () => undefined, stopWorkers: async () => undefined, close: async () => undefined };
  return client as unknown as Service;
}
