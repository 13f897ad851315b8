/** Two editors of one CMS entry: the second save of the same reading is a conflict, not an overwrite. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { ERROR_CATALOGUE } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { auditLogs } from '../../db/schema/index.js';

let t: TestApp;
let first: { token: string; email: string };
let second: { token: string; email: string };
beforeAll(async () => {
  t = await startTestApp();
  first = await userWithToken(t, { role: 'AFRICAN_UNION' });
  second = await userWithToken(t, { role: 'ADMIN' });
});
afterAll(() => t.close());

const entry = (title: string, over: object = {}) => ({
  type: 'EVENT',
  eventDate: '2026-12-08',
  text: { title, summary: '', body: '<p>Agenda</p>' },
  ...over,
});

async function created(title: string) {
  const res = await call(t, 'POST', '/v2/cms?lng=en', { token: first.token, body: entry(title) });
  expect(res.status).toBe(200);
  return res.body.payload as { id: string; updatedAt: string };
}

describe('PUT /v2/cms/:id with the revision read', () => {
  it('takes the first save and refuses the second of the same reading with 409 CMS_CONFLICT, keeping the first', async () => {
    const read = await created('Round');
    const mine = await call(t, 'PUT', `/v2/cms/${read.id}?lng=en`, {
      token: first.token,
      body: entry('Round (first editor)', { updatedAt: read.updatedAt }),
    });
    expect(mine.status).toBe(200);
    const theirs = await call(t, 'PUT', `/v2/cms/${read.id}?lng=en`, {
      token: second.token,
      body: entry('Round (second editor)', { updatedAt: read.updatedAt }),
    });
    expect(theirs).toMatchObject({
      status: 409,
      body: { code: 'CMS_CONFLICT', message: ERROR_CATALOGUE.CMS_CONFLICT.message },
    });
    const stored = await call(t, 'GET', `/v2/cms/${read.id}?lng=en`, { token: first.token });
    expect(stored.body.payload.text.title).toBe('Round (first editor)');
    // Read again, the second editor saves.
    const again = await call(t, 'PUT', `/v2/cms/${read.id}?lng=en`, {
      token: second.token,
      body: entry('Round (second editor)', { updatedAt: stored.body.payload.updatedAt }),
    });
    expect(again.status).toBe(200);
  });

  it('of two saves of one reading at once, takes exactly one', async () => {
    const read = await created('Simultaneous');
    const answers = await Promise.all(
      [first, second].map((editor, i) =>
        call(t, 'PUT', `/v2/cms/${read.id}?lng=en`, {
          token: editor.token,
          body: entry(`Editor ${i}`, { updatedAt: read.updatedAt }),
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('refuses a revision that is not a date with 400', async () => {
    const read = await created('Bad revision');
    const res = await call(t, 'PUT', `/v2/cms/${read.id}?lng=en`, {
      token: first.token,
      body: entry('x', { updatedAt: 'yesterday' }),
    });
    expect(res.status).toBe(400);
  });
});

describe('DELETE /v2/cms/:id', () => {
  it('keeps the deleted entry title in the audit row', async () => {
    const read = await created('Entry to remove');
    expect((await call(t, 'DELETE', `/v2/cms/${read.id}`, { token: second.token })).status).toBe(200);
    const [row] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'CMS_DELETED'))
      .orderBy(desc(auditLogs.createdAt))
      .limit(1);
    expect(row).toMatchObject({
      logUser: second.email,
      value: { id: read.id, type: 'EVENT', title: 'Entry to remove' },
    });
  });
});
