/**
 * Deviations real SCIM service providers show on the wire (RFC 7644 clients must tolerate them),
 * applied to the JSON the SCIMMY routers send. Each can be switched on per test.
 */
import type { Request, Response, NextFunction } from 'express';

export interface ScimQuirks {
  /** totalResults, startIndex and itemsPerPage sent as strings ("345"). */
  stringNumbers: boolean;
  /** `active` sent as the strings "True" / "False". */
  stringBooleans: boolean;
  /** `Resources` left out of an empty list response. */
  omitEmptyResources: boolean;
  /** `itemsPerPage` echoes the requested `count` although fewer users were returned. */
  echoRequestedCount: boolean;
  /**
   * A creation (POST /Users) is carried out, and its answer is lost: `reset` destroys the
   * connection instead of answering, `hang` never answers (the socket closes with the server).
   */
  loseCreateAnswer?: 'reset' | 'hang';
}

export const NO_QUIRKS: ScimQuirks = { stringNumbers: false, stringBooleans: false, omitEmptyResources: false, echoRequestedCount: false };

function applyToUser(user: Record<string, unknown>, quirks: ScimQuirks): Record<string, unknown> {
  if (quirks.stringBooleans && typeof user.active === 'boolean') return { ...user, active: user.active ? 'True' : 'False' };
  return user;
}

function applyQuirks(body: unknown, quirks: ScimQuirks, requestedCount: string | undefined): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const message = { ...(body as Record<string, unknown>) };
  if (!Array.isArray(message.Resources)) return applyToUser(message, quirks);
  message.Resources = message.Resources.map((user: Record<string, unknown>) => applyToUser(user, quirks));
  if (quirks.echoRequestedCount && requestedCount !== undefined) message.itemsPerPage = Number(requestedCount);
  if (quirks.omitEmptyResources && (message.Resources as unknown[]).length === 0) delete message.Resources;
  if (quirks.stringNumbers) {
    for (const field of ['totalResults', 'startIndex', 'itemsPerPage']) {
      if (typeof message[field] === 'number') message[field] = String(message[field]);
    }
  }
  return message;
}

/** Express middleware rewriting every JSON response through the switched-on quirks. */
export function quirksMiddleware(quirks: ScimQuirks) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const count = typeof request.query.count === 'string' ? request.query.count : undefined;
    const send = response.json.bind(response);
    response.json = (body: unknown) => send(applyQuirks(body, quirks, count));
    const lose = quirks.loseCreateAnswer;
    if (lose !== undefined && request.method === 'POST' && /\/Users\/?$/.test(request.path)) {
      // Every answer ends in end(): the user is stored by then, and nothing is written.
      response.end = (() => {
        if (lose === 'reset') request.socket.destroy();
        return response;
      }) as typeof response.end;
    }
    next();
  };
}
