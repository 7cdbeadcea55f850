import { describe, expect, it } from 'vitest';
import { isEmailShaped } from '../../src/generate/email-shape.js';
import { formatJqPath, normalizeKey } from '../../src/generate/jq-path.js';

describe('formatJqPath', () => {
  it.each([
    { given: [], want: '.' },
    { given: ['users'], want: '.users' },
    { given: ['data', 'users'], want: '.data.users' },
    { given: ['user-list'], want: '."user-list"' },
    { given: ['profile', 'status', '.tag'], want: '.profile.status.".tag"' },
    { given: ['@odata.context'], want: '."@odata.context"' },
    { given: ['2fa'], want: '."2fa"' },
    { given: ['say "hi"'], want: '."say \\"hi\\""' },
  ])('$given -> $want', ({ given, want }) => {
    expect(formatJqPath(given)).toBe(want);
  });
});

describe('normalizeKey', () => {
  it.each([
    ['user_id', 'userid'],
    ['userId', 'userid'],
    ['User-ID', 'userid'],
    ['.tag', 'tag'],
  ])('%s -> %s', (given, want) => {
    expect(normalizeKey(given)).toBe(want);
  });
});

describe('isEmailShaped', () => {
  it.each([
    { given: 'ann@example.com', want: true },
    { given: '125.greenholt.earline@graham.name', want: true },
    { given: 'glenda@south.oz.coven', want: true },
    { given: 'ann@localhost', want: false },
    { given: 'Ann Lee <ann@example.com>', want: false },
    { given: 'ann lee@example.com', want: false },
    { given: '@example.com', want: false },
    { given: 42, want: false },
    { given: null, want: false },
  ])('$given -> $want', ({ given, want }) => {
    expect(isEmailShaped(given)).toBe(want);
  });
});
