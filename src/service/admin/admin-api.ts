/**
 * The admin API of a service on the embedded database: what lets `connector service
 * <ADMIN_SUBCOMMANDS>` (src/cli/commands/service/admin-subcommands.ts) work while the service holds the data directory. Its own
 * small Fastify app on a loopback port (never the public listener), one route per listed operation
 * (`POST /admin/v1/operations/<group>.<method>`, body `{ input }`), behind a credential made at
 * start and written to the data directory's admin.json (mode 0600). Answers are `{ result }`, or
 * `{ error }` with the service error's code, message and hint, which the CLI prints as if it had
 * opened the storage itself.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import type { Service } from '../open-service.js';
import { isServiceError } from '../service-error.js';
import { callAdminOperation, parseAdminOperation } from './admin-operations.js';
import { newAdminCredential, removeAdminFile, writeAdminFile } from './admin-file.js';

export const ADMIN_PATH = '/admin/v1/operations/';

export interface AdminApi {
  url: string;
  close(): Promise<void>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** HTTP status of a service error's code (the same families the API uses). */
function statusOf(code: string): number {
  if (code === 'NOT_FOUND') return 404;
  if (code === 'PLAN_REQUIRED') return 402;
  if (code === 'INVALID_INPUT' || code === 'INVALID_SPEC') return 400;
  return 409;
}

export async function startAdminApi(input: { service: Service; dataDir: string }): Promise<AdminApi> {
  const credential = newAdminCredential();
  const expected = digest(`Bearer ${credential}`);
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  app.addHook('onRequest', async (request, reply) => {
    const given = request.headers.authorization;
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      return reply.code(401).send({
        error: { code: 'UNAUTHORIZED', message: 'the admin credential is missing or wrong', hint: `the CLI reads it from the data directory's admin.json` },
      });
    }
  });
  app.post<{ Params: { name: string }; Body: { input?: unknown } }>(`${ADMIN_PATH}:name`, async (request, reply) => {
    const operation = parseAdminOperation(request.params.name);
    if (!operation) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `no admin operation ${request.params.name}` } });
    try {
      return { result: (await callAdminOperation(input.service, operation, request.body?.input ?? {})) ?? null };
    } catch (error) {
      if (isServiceError(error)) return reply.code(statusOf(error.code)).send({ error: error.toJSON() });
      return reply.code(500).send({ error: { code: 'INTERNAL_ERROR', message: 'the service failed on this operation; see its log' } });
    }
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    await writeAdminFile(input.dataDir, { url, credential, pid: process.pid });
  } catch (error) {
    await app.close();
    throw error;
  }
  return {
    url,
    async close() {
      await removeAdminFile(input.dataDir, credential);
      await app.close();
    },
  };
}
