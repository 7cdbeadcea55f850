/**
 * Dates in UTC: gmtime, mktime, strftime, strptime, todate, fromdate, now (jq manual "Dates").
 * "Broken down time" is [year, month (0-11), day, hours, minutes, seconds, weekday, yearday].
 * Local-time builtins (localtime, strflocaltime) stay refused: they depend on the host's zone.
 */
import { definePure, defineWithArgs } from './builtin-helpers.js';
import { describeValue, fail, type Json } from './values.js';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function gmtime(seconds: number): number[] {
  const whole = Math.floor(seconds);
  const date = new Date(whole * 1000);
  if (Number.isNaN(date.getTime())) return fail('gmtime() requires a valid time');
  const year = date.getUTCFullYear();
  const yday = Math.floor((Date.UTC(year, date.getUTCMonth(), date.getUTCDate()) - Date.UTC(year, 0, 1)) / 86_400_000);
  return [
    year,
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds() + (seconds - whole),
    date.getUTCDay(),
    yday,
  ];
}

function brokenDown(value: Json, what: string): number[] {
  if (!Array.isArray(value) || value.length < 6 || value.some((v) => typeof v !== 'number')) {
    return fail(`${what} requires parsed datetime inputs`);
  }
  return value as number[];
}

function timegm(tm: number[]): number {
  const [year, month, day, hours, minutes, seconds] = tm as [number, number, number, number, number, number];
  return Math.floor(Date.UTC(year, month, day, hours, minutes, Math.floor(seconds)) / 1000);
}

function normalized(tm: number[]): number[] {
  return gmtime(timegm(tm));
}

const pad = (n: number, width = 2, fill = '0'): string => String(Math.trunc(n)).padStart(width, fill);

function formatTime(tm: number[], format: string): string {
  const [year, month, day, hours, minutes, seconds, wday, yday] = normalized(tm) as number[];
  return format.replace(/%([a-zA-Z%])/gu, (whole, code: string) => {
    switch (code) {
      case 'Y':
        return String(year);
      case 'C':
        return pad(Math.floor(year! / 100));
      case 'y':
        return pad(year! % 100);
      case 'm':
        return pad(month! + 1);
      case 'd':
        return pad(day!);
      case 'e':
        return pad(day!, 2, ' ');
      case 'H':
        return pad(hours!);
      case 'I':
        return pad(hours! % 12 === 0 ? 12 : hours! % 12);
      case 'M':
        return pad(minutes!);
      case 'S':
        return pad(seconds!);
      case 'j':
        return pad(yday! + 1, 3);
      case 'Z':
        return 'UTC';
      case 'z':
        return '+0000';
      case 'a':
        return DAYS[wday!]!.slice(0, 3);
      case 'A':
        return DAYS[wday!]!;
      case 'b':
      case 'h':
        return MONTHS[month!]!.slice(0, 3);
      case 'B':
        return MONTHS[month!]!;
      case 'p':
        return hours! < 12 ? 'AM' : 'PM';
      case 'u':
        return String(wday === 0 ? 7 : wday);
      case 'w':
        return String(wday);
      case 's':
        return String(timegm(tm));
      case 'T':
        return `${pad(hours!)}:${pad(minutes!)}:${pad(seconds!)}`;
      case 'R':
        return `${pad(hours!)}:${pad(minutes!)}`;
      case 'D':
        return `${pad(month! + 1)}/${pad(day!)}/${pad(year! % 100)}`;
      case 'F':
        return `${year}-${pad(month! + 1)}-${pad(day!)}`;
      case 'c':
        return `${DAYS[wday!]!.slice(0, 3)} ${MONTHS[month!]!.slice(0, 3)} ${pad(day!, 2, ' ')} ${pad(hours!)}:${pad(minutes!)}:${pad(seconds!)} ${year}`;
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case '%':
        return '%';
      default:
        return fail(`strftime/1: unsupported conversion ${whole}`);
    }
  });
}

const FIELDS: Record<string, string> = {
  Y: '([+-]?\\d{1,4})',
  m: '(\\d{1,2})',
  d: '(\\d{1,2})',
  e: ' ?(\\d{1,2})',
  H: '(\\d{1,2})',
  M: '(\\d{1,2})',
  S: '(\\d{1,2})',
  j: '(\\d{1,3})',
  Z: '([A-Za-z]+)',
  z: '([+-]\\d{4}|Z)',
  y: '(\\d{2})',
};

function parseTime(text: string, format: string): Json[] {
  const names: string[] = [];
  const expanded = format.replace(/%T/gu, '%H:%M:%S').replace(/%F/gu, '%Y-%m-%d');
  let source = '';
  for (let i = 0; i < expanded.length; i++) {
    const c = expanded[i]!;
    if (c === '%' && i + 1 < expanded.length) {
      const code = expanded[++i]!;
      if (code === '%') source += '%';
      else if (FIELDS[code]) {
        names.push(code);
        source += FIELDS[code];
      } else return fail(`strptime/1: unsupported conversion %${code}`);
    } else if (/\s/u.test(c)) source += '\\s*';
    else source += c.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  }
  const match = new RegExp(`^${source}$`, 'u').exec(text);
  if (!match) return fail(`date "${text}" does not match format "${format}"`);
  const tm = [1900, 0, 1, 0, 0, 0];
  names.forEach((name, i) => {
    const value = match[i + 1]!;
    const n = Number(value);
    switch (name) {
      case 'Y':
        tm[0] = n;
        break;
      case 'y':
        tm[0] = n < 69 ? 2000 + n : 1900 + n;
        break;
      case 'm':
        tm[1] = n - 1;
        break;
      case 'd':
      case 'e':
        tm[2] = n;
        break;
      case 'H':
        tm[3] = n;
        break;
      case 'M':
        tm[4] = n;
        break;
      case 'S':
        tm[5] = n;
        break;
      default:
        break;
    }
  });
  return normalized(tm);
}

definePure('gmtime', (v) => {
  if (typeof v !== 'number') return fail('gmtime() requires a number');
  return gmtime(v);
});
definePure('mktime', (v) => {
  if (!Array.isArray(v)) return fail('mktime requires array of 6 numbers');
  return timegm(brokenDown(v.length < 6 ? [...v, 0, 0, 0, 0, 0, 0].slice(0, 6) : v, 'mktime'));
});
definePure('now', () => Date.now() / 1000);

function toBrokenDown(v: Json, what: string): number[] {
  if (typeof v === 'number') return gmtime(v) as number[];
  if (Array.isArray(v) && v.length < 6 && v.every((x) => typeof x === 'number')) return [...(v as number[]), 0, 0, 0, 0, 0, 0].slice(0, 6);
  return brokenDown(v, what);
}

defineWithArgs('strftime', 1, (v, format) => {
  if (typeof format !== 'string') return fail('strftime/1 requires a string format');
  return formatTime(toBrokenDown(v, 'strftime/1'), format);
});
defineWithArgs('strptime', 1, (v, format) => {
  if (typeof v !== 'string') return fail(`strptime/1 requires string inputs and arguments, not ${describeValue(v)}`);
  if (typeof format !== 'string') return fail('strptime/1 requires a string format');
  return parseTime(v, format);
});
const ISO = '%Y-%m-%dT%H:%M:%SZ';
for (const name of ['todate', 'todateiso8601', 'date']) definePure(name, (v) => formatTime(toBrokenDown(v, 'strftime/1'), ISO));
for (const name of ['fromdate', 'fromdateiso8601']) {
  definePure(name, (v) => {
    if (typeof v !== 'string') return fail(`strptime/1 requires string inputs and arguments, not ${describeValue(v)}`);
    return timegm(parseTime(v, ISO) as number[]);
  });
}
defineWithArgs('dateadd', 2, (v, _unit, n) => {
  if (typeof v !== 'number' || typeof n !== 'number') return fail('dateadd requires numbers');
  return v + n;
});
defineWithArgs('datesub', 2, (v, _unit, n) => {
  if (typeof v !== 'number' || typeof n !== 'number') return fail('datesub requires numbers');
  return v - n;
});
