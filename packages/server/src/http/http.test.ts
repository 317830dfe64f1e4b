/** The HTTP shell: web app served with reload-safe routes, JSON errors, security headers. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openTestDatabase, type TestDatabase } from '../test/harness.js';

describe('http shell', () => {
  let built: BuiltApp;
  let testDb: TestDatabase;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Switchboard</title>');
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    testDb = await openTestDatabase();
    built = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: webDist, PORT: '0' }),
      database: testDb.database,
      secrets: { jwtSecret: randomBytes(32).toString('hex'), jwtRefreshSecret: randomBytes(32).toString('hex') },
      webDist,
    });
  });
  afterAll(async () => {
    await built?.close();
    await testDb?.drop();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers every client route with index.html so a reload works', async () => {
    for (const url of ['/', '/login', '/tickets/12', '/users', '/settings?x=1', '/index.html']) {
      const res = await built.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Switchboard</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/immutable/);
  });

  it('never answers an unknown API call with the web app', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['POST', '/tickets'],
    ] as const) {
      const res = await built.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toBe('ERR_NOT_FOUND');
    }
  });

  it('serves the /api instructions screen (a client route) while /api/… stays the API', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/api' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers health with 200 once ready', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('sets nosniff and frame headers on every answer', async () => {
    for (const url of ['/api/health', '/login', '/api/nope']) {
      const res = await built.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('answers malformed bodies with 4xx JSON errors, not 500', async () => {
    const badJson = await built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toBe('ERR_VALIDATION');
    const wrongType = await built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error).toBe('ERR_VALIDATION');
    const arrayBody = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: [1, 2] as unknown as object });
    expect(arrayBody.statusCode).toBe(400);
  });
});
