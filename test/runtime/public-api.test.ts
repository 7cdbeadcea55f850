/** The package entry point offers the runtime, the compiler and the OAuth 2.0 consent URL. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';

describe('package entry point', () => {
  it('exports the compiler API: validate, compile and load specs', async () => {
    const compiled = await api.compileSpecFile('specs/examples/bearer-cursor.yaml');
    expect(compiled.spec.auth.type).toBe('bearer');
    const loaded = await api.loadSpecFile('specs/examples/bearer-cursor.yaml');
    const again = await api.compileSpecText({ text: loaded.text ?? '', file: loaded.file });
    expect(again.spec.actions.importUsers).toBeDefined();
    const bad = await api.validateSpecText({ text: 'id: x\n', file: 'bad.yaml' });
    const first: api.Diagnostic | undefined = bad.diagnostics[0];
    expect(first?.file).toBe('bad.yaml');
    await expect(api.compileSpecText({ text: 'id: x\n', file: 'bad.yaml' })).rejects.toBeInstanceOf(api.SpecValidationError);
  });

  it('exports buildAuthorizationUrl and secretInputNames', () => {
    const auth = {
      type: 'oauth2',
      grant: 'authorization_code',
      authorizationUrl: 'https://idp.example/authorize',
      tokenUrl: 'https://idp.example/token',
    } as const;
    const built = api.buildAuthorizationUrl({ auth, inputs: { clientId: 'client-1' }, redirectUri: 'https://app.example/cb' });
    expect(new URL(built.url).searchParams.get('client_id')).toBe('client-1');
    expect(api.secretInputNames({ auth: { type: 'bearer' }, inputs: {} })).toContain('token');
  });

  it('still exports connect and ConnectorError', () => {
    expect(typeof api.connect).toBe('function');
    expect(new api.ConnectorError('CONFIG', 'x').name).toBe('ConnectorError');
  });
});

describe('package name', () => {
  // Data, not resolution: dist/ exists only after a build. test/package/pack-install.test.ts builds,
  // installs the packed tarball and imports each of these by name.
  it('maps `lifecycle-connectors` and its compiler to the build of src/index.ts and src/compiler/index.ts, with types', async () => {
    const manifest = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> };
    expect(manifest.exports['.']).toEqual({ types: './dist/src/index.d.ts', default: './dist/src/index.js' });
    expect(manifest.exports['./compiler']).toEqual({ types: './dist/src/compiler/index.d.ts', default: './dist/src/compiler/index.js' });
    expect(manifest.exports['./connectors/*']).toEqual({ types: './dist/generated/*.d.ts', default: './dist/generated/*.js' });
  });
});
