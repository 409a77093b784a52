import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { describeEachDatabase } from '../../test/support/databases.js';

describeEachDatabase('GET /api/health', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('reports a reachable database and which driver runs it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok', database: 'reachable', driver: ctx.kind } });
  });

  it('answers 503 once the database is gone', async () => {
    await ctx.database.close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ success: false, message: 'Database unreachable' });
  });
});
