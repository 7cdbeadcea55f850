/**
 * The API's authentication hook (on the /v1 plugin only): every route but the public ones needs
 * `Authorization: Bearer <token>` of a live tenant token; admin routes need an admin token, reviewer
 * routes a reviewer or admin token. Runs
 * before body validation, so an unauthenticated caller learns nothing about the request schema.
 */
import type { FastifyRequest } from 'fastify';
import type { TokenOperations } from '../tokens/api-tokens.js';
import { admits } from '../http/access.js';
import { HttpError } from '../http/http-error.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function authenticate(tokens: TokenOperations) {
  return async (request: FastifyRequest): Promise<void> => {
    const access = request.routeOptions.config.access;
    // Unmatched URLs reach the not-found handler (access undefined); public routes need no token.
    if (access === undefined || access === 'public') return;
    const presented = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const caller = presented === undefined ? undefined : await tokens.verify(presented);
    if (!caller) {
      throw new HttpError('UNAUTHORIZED', presented === undefined ? 'this request needs an API token' : 'the API token is not valid', {
        hint: 'send Authorization: Bearer <token>; an operator creates tokens with `connector service token create`',
      });
    }
    if (!admits(access, caller.role)) {
      throw new HttpError(
        'FORBIDDEN',
        access === 'reviewer'
          ? `a ${caller.role} token may only read; deciding review items needs a reviewer or admin token`
          : `a ${caller.role} token may only read; this request changes configuration`,
        { hint: access === 'reviewer' ? 'use a reviewer token named in the campaign, or an admin token of the tenant' : 'use an admin token of the tenant' },
      );
    }
    request.caller = caller;
  };
}
