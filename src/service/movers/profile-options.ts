/**
 * The per-application options of an access profile (one place): which exist, how they are checked,
 * and whether a connector can honour them. Today there is one, `admin`: the account is created as
 * an admin. A connector "has" it when its Create User sends the person's admin flag (a template of
 * createUser or of one of its steps reads `user.admin`, as the incident platform's role does); the
 * flag of an existing account is known when the import maps `admin`. No action of the connector
 * language changes an existing account's admin flag, so a move that would flip it lists a manual
 * step instead of claiming it was done.
 */
import type { ConnectorSpec } from '../../../generated/spec-types.js';
import { listRequestSites, stringEntries } from '../../compiler/rules/spec-walk.js';
import { analyzeTemplate } from '../../template/analyze.js';
import { ServiceError } from '../service-error.js';

/** The options a profile's application may carry, with their type. */
export const PROFILE_OPTIONS = { admin: 'boolean' } as const;

export type ProfileOptions = { admin?: boolean };

/** What a connector can do with the options. */
export interface OptionSupport {
  /** Create User sends `user.admin`. */
  createsAdmin: boolean;
  /** The import maps `admin`, so an account's flag in the Accounts list is the target's. */
  readsAdmin: boolean;
}

const readsUserAdmin = (text: string, kind: 'json' | 'plain') =>
  analyzeTemplate(text, kind).references.some((reference) => reference.parts[0] === 'user' && reference.parts[1] === 'admin');

export function optionSupport(spec: ConnectorSpec): OptionSupport {
  const createsAdmin = listRequestSites(spec)
    .filter((site) => site.kind === 'createUser')
    .some(
      (site) =>
        (typeof site.action.body === 'string' && readsUserAdmin(site.action.body, 'json')) ||
        (typeof site.action.path === 'string' && site.action.path.includes('{user.admin}')) ||
        [...stringEntries(site.action.query), ...stringEntries(site.action.headers)].some(([, text]) => readsUserAdmin(text, 'plain')),
    );
  const mapping = (spec.actions.importUsers as { mapping?: Record<string, unknown> } | undefined)?.mapping;
  return { createsAdmin, readsAdmin: typeof mapping?.admin === 'string' };
}

/** A profile application's options, checked: only the known ones, each of its type. */
export function requireOptions(place: string, value: unknown): ProfileOptions {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ServiceError('INVALID_INPUT', `${place}.options must be an object`, { hint: 'e.g. {"admin": true}' });
  const options: ProfileOptions = {};
  for (const [name, item] of Object.entries(value)) {
    if (!Object.hasOwn(PROFILE_OPTIONS, name))
      throw new ServiceError('INVALID_INPUT', `${place}.options.${name} is not an option of an access profile`, {
        hint: `the options are: ${Object.keys(PROFILE_OPTIONS).join(', ')}`,
      });
    if (typeof item !== PROFILE_OPTIONS[name as keyof typeof PROFILE_OPTIONS])
      throw new ServiceError('INVALID_INPUT', `${place}.options.${name} must be true or false`, { hint: `e.g. {"${name}": true}` });
    options[name as keyof ProfileOptions] = item as boolean;
  }
  return options;
}

/** Refuses an option the connector cannot honour (an admin flag its Create User never sends). */
export function requireSupported(input: { place: string; integrationName: string; options: ProfileOptions; support: OptionSupport }): void {
  if (input.options.admin === true && !input.support.createsAdmin)
    throw new ServiceError(
      'PROFILE_OPTION_NOT_SUPPORTED',
      `${input.place}: ${input.integrationName} cannot create an admin account (its connector's Create User does not send the admin flag: no template reads user.admin)`,
      { hint: `leave admin off for ${input.integrationName}, or use a connector whose Create User sets the role from user.admin` },
    );
}
