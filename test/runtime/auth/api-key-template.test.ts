import { describe, expect, it } from 'vitest';
import { renderKeyTemplate } from '../../../src/runtime/auth/api-key-auth.js';

describe('renderKeyTemplate replaces {{ .Key }} and nothing else', () => {
  it.each([
    { given: 'Token token={{ .Key }}', key: 'abc', want: 'Token token=abc' },
    { given: 'Token token={{.Key}}', key: 'abc', want: 'Token token=abc' },
    { given: '{{   .Key\t}}', key: 'abc', want: 'abc' },
    { given: 'a {{ .Key }} b {{.Key}}', key: 'k', want: 'a k b k' },
    // Go templates are case-sensitive; a differently spelled field is not the placeholder.
    { given: '{{ .key }}', key: 'k', want: '{{ .key }}' },
    // Replacement patterns in the key are literal, never interpreted.
    { given: 'Token token={{ .Key }}', key: '$&$1$$x', want: 'Token token=$&$1$$x' },
    { given: 'Token token={{ .Key }}', key: "$'$`", want: "Token token=$'$`" },
    // A key that looks like the placeholder is inserted as text, not expanded again.
    { given: 'Token token={{ .Key }}', key: '{{ .Key }}', want: 'Token token={{ .Key }}' },
    { given: '{{ .Key }}', key: '{{{{ .Key }}}}', want: '{{{{ .Key }}}}' },
  ])('$given with $key', ({ given, key, want }) => {
    expect(renderKeyTemplate(given, key)).toBe(want);
  });
});
