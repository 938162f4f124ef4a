import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('has defaults for a first start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: `sqlite:${path.join(REPO_ROOT, 'data', 'balcao.db')}`,
      adminUser: 'admin',
      adminPassword: null,
      appMode: 'production',
      accessTokenTtl: 28_800,
      refreshTokenTtl: 2_592_000,
      webDist: path.join(REPO_ROOT, 'apps', 'web', 'dist'),
      trustProxy: false,
      eventTimeZone: 'America/Sao_Paulo',
      publicUrl: 'http://localhost:8080',
      databasePoolSize: 10,
      development: false,
    });
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    // Only this exact value opens the OpenAPI document without a login (docs/openapi.md).
    expect(loadConfig({ NODE_ENV: 'development' }).development).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).development).toBe(false);
    expect(loadConfig({ NODE_ENV: 'Development' }).development).toBe(false);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://balcao@db/balcao',
      BALCAO_APP_MODE: 'FULL_SGE',
      BALCAO_ADMIN_PASSWORD: 'segredo-123',
      ACCESS_TOKEN_TTL: '60',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://balcao.exemplo.com.br/',
      DATABASE_POOL_SIZE: '4',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://balcao@db/balcao',
      appMode: 'FULL_SGE',
      adminPassword: 'segredo-123',
      accessTokenTtl: 60,
      trustProxy: true,
      publicUrl: 'https://balcao.exemplo.com.br',
      databasePoolSize: 4,
    });
  });

  it('resolves SQLite paths from the repository root and keeps absolute ones', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/b.db' }).databaseUrl).toBe('sqlite:/tmp/b.db');
    expect(loadConfig({ DATABASE_URL: 'sqlite:///tmp/b.db' }).databaseUrl).toBe('sqlite:/tmp/b.db');
    expect(loadConfig({ DATABASE_URL: 'sqlite:x/b.db' }).databaseUrl).toBe(
      `sqlite:${path.join(REPO_ROOT, 'x', 'b.db')}`,
    );
  });

  it('refuses values it cannot use', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ BALCAO_APP_MODE: 'dev' })).toThrow(/BALCAO_APP_MODE/);
    expect(() => loadConfig({ EVENT_TIME_ZONE: 'Lua/Base' })).toThrow(/EVENT_TIME_ZONE/);
    expect(() => loadConfig({ PUBLIC_URL: 'balcao.exemplo' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://balcao.exemplo' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ BALCAO_TOTP_KEY: 'curta' })).toThrow(/BALCAO_TOTP_KEY.*32 bytes/);
    expect(() => loadConfig({ BALCAO_TOTP_PREVIOUS_KEYS: `${'ab'.repeat(32)},curta` })).toThrow(
      /BALCAO_TOTP_PREVIOUS_KEYS.*32 bytes/,
    );
  });

  it('reads the TOTP key and the previous ones it replaced, hex or base64, comma-separated', () => {
    const hex = 'ab'.repeat(32);
    const base64 = Buffer.alloc(32, 7).toString('base64');
    const config = loadConfig({
      BALCAO_TOTP_KEY: hex,
      BALCAO_TOTP_PREVIOUS_KEYS: ` ${base64} , ${'cd'.repeat(32)},`,
    });
    expect(config.totpKey).toEqual(Buffer.from(hex, 'hex'));
    expect(config.totpKeyConfigured).toBe(true);
    expect(config.totpPreviousKeys).toEqual([
      Buffer.alloc(32, 7),
      Buffer.from('cd'.repeat(32), 'hex'),
    ]);
    expect(loadConfig({}).totpPreviousKeys).toEqual([]);
  });
});
