/**
 * What a write action settles before its first request: the values it `requires` (a request the
 * target would refuse is never sent; Microsoft Graph refuses a user without a userPrincipalName it
 * can verify) and the secrets it `generate`s (a one-time password for a target that sends no
 * welcome email), which are registered with the redactor before anything can log them.
 */
import { randomInt } from 'node:crypto';
import type { CompiledRequest } from '../compile-connector.js';
import { ConnectorError } from '../errors.js';

/** The variables of `requires` entries that are missing or empty in `context`. */
export function missingRequired(requires: readonly string[], context: Record<string, unknown>): string[] {
  return requires.filter((path) => {
    let value: unknown = context;
    for (const part of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  });
}

export function checkRequired(request: CompiledRequest, context: Record<string, unknown>): void {
  const missing = missingRequired(request.requires ?? [], context);
  if (missing.length === 0) return;
  const action = request.name;
  throw new ConnectorError(
    'CONFIG',
    `${action}: needs ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} missing or empty; nothing was sent`,
    {
      action,
      hint: missing.some((path) => path.startsWith('inputs.'))
        ? `Set ${missing
            .filter((path) => path.startsWith('inputs.'))
            .map((path) => path.slice('inputs.'.length))
            .join(', ')} in the connection's inputs.`
        : `Give the ${missing
            .map((path) => path.split('.')[0])
            .filter((root, index, all) => all.indexOf(root) === index)
            .join(' and ')} these fields.`,
    },
  );
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!#%+-.:=?@_';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

/**
 * A password of `length` characters from a CSPRNG with at least one of each class, which meets
 * Microsoft Entra's complexity rule (three of four classes, 8 to 256 characters).
 */
export function generatePassword(length: number): string {
  const pick = (alphabet: string): string => alphabet.charAt(randomInt(alphabet.length));
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(ALL));
  // Fisher-Yates, so the guaranteed classes are not always first.
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join('');
}

/** Generates an action's secrets and registers each with the connection's redactor. */
export function generateSecrets(request: CompiledRequest, register: (secret: string) => void): Record<string, string> | undefined {
  if (!request.generate) return undefined;
  const secrets: Record<string, string> = {};
  for (const [name, rule] of Object.entries(request.generate)) {
    secrets[name] = generatePassword(rule.length);
    register(secrets[name]);
  }
  return secrets;
}
