/**
 * Reading credentials from operator inputs. Every failure names the input and the auth type,
 * never the value: these messages reach operators and logs as they are.
 */
import type { InputValues } from '../../connector.js';
import { ConnectorError } from '../errors.js';

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
