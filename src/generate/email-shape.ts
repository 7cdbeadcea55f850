/**
 * Whether a value looks like an email address. Deliberately loose (one `@`, a dot in the domain,
 * no spaces): we are ranking candidate fields, not validating addresses.
 */
const EMAIL_SHAPE = /^[^\s@"<>]+@[^\s@"<>]+\.[^\s@"<>.]+$/u;

export function isEmailShaped(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 320 && EMAIL_SHAPE.test(value);
}
