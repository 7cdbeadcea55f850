/**
 * Reading credentials from operator inputs. Every failure names the input and the auth type,
 * never the value: these messages reach operators and logs as they are.
 */
import type { AuthDescriptor } from '../../auth-types/index.js';
import type { InputValues } from '../../connector.js';
import { ConnectorError } from '../errors.js';
import { urlEncodedSpellings } from './redact-secrets.js';

export interface InputRef {
  inputs: InputValues;
  /** The input's name, e.g. `token` or `clientSecret`. */
  name: string;
  /** The auth type reading it, for the message (`bearer`, `oauth2 client_credentials`, ...). */
  authType: string;
}

// CR, LF and NUL would split or end a header line (request smuggling); refuse them outright.
const UNSAFE_HEADER_CHARACTERS = /[\r\n\0]/;

/** Returns the input's value, or throws CONFIG naming the input when it is missing or empty. */
export function readRequiredInput(ref: InputRef): string {
  const value = ref.inputs[ref.name];
  if (value === undefined || value === '') {
    throw new ConnectorError('CONFIG', `${ref.authType} auth needs the input \`${ref.name}\`, which is empty.`, {
      action: 'auth',
      hint: `Fill in \`${ref.name}\` in the connection settings.`,
    });
  }
  return value;
}

/** Returns the input's value, or undefined when missing or empty. */
export function readOptionalInput(ref: InputRef): string | undefined {
  const value = ref.inputs[ref.name];
  return value === undefined || value === '' ? undefined : value;
}

/** The values of an auth's inputs by role; each required one present, as its descriptor says. */
export type AuthInputValues<Required extends string, Optional extends string> = Record<Required, string> & Partial<Record<Optional, string>>;

/**
 * Reads every input the descriptor lists, in its order, so the first missing one is reported
 * (CONFIG naming it and the auth type). An input needed `unless` another is given is required
 * only when that other one is empty.
 */
export function readAuthInputs<Required extends string, Optional extends string>(
  descriptor: AuthDescriptor<Required, Optional>,
  inputs: InputValues,
): AuthInputValues<Required, Optional> {
  const values: Partial<Record<string, string>> = {};
  const nameOf = new Map(descriptor.inputs.map((input) => [input.role as string, input.name]));
  for (const input of descriptor.inputs) {
    const ref = { inputs, name: input.name, authType: descriptor.label };
    const { need } = input;
    const required =
      need === 'required' || (typeof need === 'object' && readOptionalInput({ ...ref, name: nameOf.get(need.unless) ?? need.unless }) === undefined);
    values[input.role] = required ? readRequiredInput(ref) : readOptionalInput(ref);
  }
  return values as AuthInputValues<Required, Optional>;
}

/** Registers the value of every secret input for redaction, in each spelling the descriptor says it is printed in. */
export function registerInputSecrets(input: {
  descriptor: AuthDescriptor;
  values: Partial<Record<string, string>>;
  registerSecret: (value: string) => void;
}): void {
  for (const { role, secret } of input.descriptor.inputs) {
    const value = input.values[role];
    if (!secret || value === undefined) continue;
    input.registerSecret(value);
    if (input.descriptor.redaction.queryEncodings) for (const encoded of urlEncodedSpellings(value)) input.registerSecret(encoded);
  }
}

/** Throws CONFIG when a value that goes into a header holds a line break or NUL. */
export function assertHeaderSafe(value: string, ref: Omit<InputRef, 'inputs'>): void {
  if (UNSAFE_HEADER_CHARACTERS.test(value)) {
    throw new ConnectorError(
      'CONFIG',
      `${ref.authType} auth: the input \`${ref.name}\` contains a line break or NUL character, which cannot be sent in a header.`,
      { action: 'auth', hint: `Paste \`${ref.name}\` again without surrounding line breaks.` },
    );
  }
}

/** Sets a header, replacing any same-named header regardless of case (HTTP field names are case-insensitive, RFC 9110 §5.1). */
export function setHeader(headers: Record<string, string>, name: string, value: string): void {
  const lower = name.toLowerCase();
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() === lower) delete headers[key];
  }
  headers[name] = value;
}
