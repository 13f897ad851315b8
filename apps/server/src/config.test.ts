import { describe, expect, it } from 'vitest';
import { listenUrl, loadConfig } from './config.js';

describe('configuration', () => {
  it('has embedded defaults: port 8080, PGlite under ./data, demo data seeded', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.embedded).toBe(true);
    expect(c.seedDemo).toBe(true);
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.oauthClient).toEqual({ id: 'portal-web', secret: 'portal-web-secret' });
  });

  it('never seeds demo data into a PostgreSQL server unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('runs the embedded database in its own thread unless PGLITE_WORKER=false', () => {
    expect(loadConfig({}).pgliteWorker).toBe(true);
    expect(loadConfig({ PGLITE_WORKER: 'true' }).pgliteWorker).toBe(true);
    expect(loadConfig({ PGLITE_WORKER: 'false' }).pgliteWorker).toBe(false);
    expect(() => loadConfig({ PGLITE_WORKER: 'off' })).toThrow(/PGLITE_WORKER/);
  });

  it('gives the embedded database a 32MB buffer cache unless PGLITE_SHARED_BUFFERS says otherwise', () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe('32MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '256MB' }).pgliteSharedBuffers).toBe('256MB');
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '256 MB; drop' })).toThrow(/PGLITE_SHARED_BUFFERS/);
  });

  it('prepares statements on a PostgreSQL server unless DATABASE_PREPARED_STATEMENTS=false', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });

  it('drains 5 s before stopping in production, not in development, and takes 0 or a whole number of seconds', () => {
    expect(loadConfig({}).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production' }).shutdownDrainSeconds).toBe(5);
    expect(loadConfig({ NODE_ENV: 'production', SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '12' }).shutdownDrainSeconds).toBe(12);
    for (const bad of ['-1', '2.5', 'soon', '301'])
      expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: bad })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });

  it('refuses a bad value with a message naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('takes the contact-us addresses alone or with a name, and refuses anything else', () => {
    expect(loadConfig({}).contact).toEqual({ notifyEmail: undefined, replyTo: undefined });
    expect(
      loadConfig({ CONTACT_NOTIFY_EMAIL: 'desk@au.int', CONTACT_REPLY_TO: 'AfCFTA Secretariat <services@au.int>' })
        .contact,
    ).toEqual({ notifyEmail: 'desk@au.int', replyTo: 'AfCFTA Secretariat <services@au.int>' });
    expect(() => loadConfig({ CONTACT_REPLY_TO: 'secretariat' })).toThrow(/CONTACT_REPLY_TO/);
    expect(() => loadConfig({ CONTACT_NOTIFY_EMAIL: 'a@b.org\r\nBcc: x@y.org' })).toThrow(/CONTACT_NOTIFY_EMAIL/);
  });

  it('defaults PUBLIC_URL to the address the server listens on', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9123' }).publicUrl).toBe('http://localhost:9123');
    expect(loadConfig({ HOST: '10.1.2.3', PORT: '80' }).publicUrl).toBe('http://10.1.2.3:80');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.org', PORT: '9123' })).toMatchObject({
      publicUrl: 'https://portal.example.org',
      publicUrlSet: true,
      https: true,
    });
    expect(listenUrl('::', 8080)).toBe('http://localhost:8080');
    expect(listenUrl('fd00::5', 8080)).toBe('http://[fd00::5]:8080');
  });
});
