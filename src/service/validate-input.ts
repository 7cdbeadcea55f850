/** Checks of caller-given values that every operation shares; each names the field it refuses. */
import { ServiceError } from './service-error.js';

export function requireText(field: string, value: unknown, options: { max?: number } = {}): string {
  const max = options.max ?? 200;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ServiceError('INVALID_INPUT', `${field} must be a non-empty string`, { hint: `give ${field}` });
  }
  if (value.length > max) throw new ServiceError('INVALID_INPUT', `${field} is longer than ${max} characters`, { hint: `shorten ${field}` });
  return value;
}

/** Who made a change, recorded in the audit log: an operator's email, a token name, `cli`. */
export function requireActor(value: unknown): string {
  return requireText('actor', value);
}
