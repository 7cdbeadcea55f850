/** jq's `@format` string filters (manual: "Format strings and escaping"). */
import { dumpJson, formatNumber } from './json-text.js';
import { describeValue, fail, type Json } from './values.js';

export function toText(value: Json): string {
  return typeof value === 'string' ? value : dumpJson(value);
}

const HTML: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };

function csvField(value: Json, kind: 'csv' | 'tsv'): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') {
    if (kind === 'csv') return `"${value.replace(/"/gu, '""')}"`;
    return value.replace(/[\\\t\n\r]/gu, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);
  }
  return fail(`${describeValue(value)} is not valid in a ${kind} row`);
}

function shellQuote(value: Json): string {
  if (typeof value === 'string') return `'${value.replace(/'/gu, "'\\''")}'`;
  if (value === null || typeof value !== 'object') return dumpJson(value);
  return fail(`${describeValue(value)} can not be escaped for shell`);
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let buffer = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  while (out.length % 8 !== 0) out += '=';
  return out;
}

function base32Decode(text: string): string {
  const bytes: number[] = [];
  let bits = 0;
  let buffer = 0;
  for (const c of text.replace(/=+$/u, '')) {
    const v = BASE32.indexOf(c);
    if (v < 0) continue;
    buffer = (buffer << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function base64Decode(text: string): string {
  const clean = text.replace(/=+$/u, '');
  if (/[^A-Za-z0-9+/]/u.test(clean) || clean.length % 4 === 1) {
    return fail(`${describeValue(text)} is not valid base64 data`);
  }
  return Buffer.from(clean, 'base64').toString('utf8');
}

export const FORMATS: Record<string, (value: Json) => string> = {
  text: toText,
  json: (value) => dumpJson(value),
  html: (value) => toText(value).replace(/[<>&'"]/gu, (c) => HTML[c]!),
  uri: (value) =>
    Array.from(Buffer.from(toText(value), 'utf8'))
      .map((b) => (/[A-Za-z0-9\-_.~]/u.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
      .join(''),
  urid: (value) => {
    try {
      return decodeURIComponent(toText(value));
    } catch {
      return fail(`${describeValue(value)} is not a valid uri encoding`);
    }
  },
  csv: (value) => {
    if (!Array.isArray(value)) return fail(`${describeValue(value)} cannot be csv-formatted, only an array can be`);
    return value.map((v) => csvField(v, 'csv')).join(',');
  },
  tsv: (value) => {
    if (!Array.isArray(value)) return fail(`${describeValue(value)} cannot be tsv-formatted, only an array can be`);
    return value.map((v) => csvField(v, 'tsv')).join('\t');
  },
  sh: (value) => (Array.isArray(value) ? value.map(shellQuote).join(' ') : shellQuote(value)),
  base64: (value) => Buffer.from(toText(value), 'utf8').toString('base64'),
  base64d: (value) => base64Decode(toText(value)),
  base32: (value) => base32Encode(Buffer.from(toText(value), 'utf8')),
  base32d: (value) => base32Decode(toText(value)),
};
