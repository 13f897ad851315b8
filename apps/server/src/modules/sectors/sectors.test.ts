import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, sectorWith } from '../../../test/offer-factory.js';
import { auditLogs } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { SECTOR_RULE_MESSAGES, type Role } from '@portal/shared';

let t: TestApp;
let focal: string;
let chief: string;
let advisor: string;
let au: string;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  const tokenOf = async (role: Role) => (await userWithToken(t, { role })).token;
  [focal, chief, advisor, au, admin] = await Promise.all([
    tokenOf('SERVICE_FOCAL_POINT'),
    tokenOf('CHIEF_NEGOTIATOR'),
    tokenOf('REGIONAL_ADVISOR'),
    tokenOf('AFRICAN_UNION'),
    tokenOf('ADMIN'),
  ]);
});
afterAll(() => t.close());

type Node = {
  title: string;
  value: string;
  key: string;
  children: Node[];
  cpcCodes: string[];
  provisionalCodes: string[];
};
const find = (nodes: Node[], value: string): Node | undefined => {
  for (const n of nodes) {
    if (n.value === value) return n;
    const hit = find(n.children, value);
    if (hit) return hit;
  }
};

describe('GET /arrays', () => {
  it('requires authentication', async () => {
    expect((await call(t, 'GET', '/arrays')).status).toBe(401);
  });

  it('answers the W/120 tree by default, to every role', async () => {
    for (const token of [focal, chief, advisor, au, admin]) {
      const res = await call(t, 'GET', '/arrays', { token });
      expect(res.status).toBe(200);
      const tree = res.body.payload as Node[];
      expect(tree).toHaveLength(12);
      expect(find(tree, '1.A.a')).toMatchObject({
        title: 'Legal Services',
        key: 'W120:1.A.a',
        provisionalCodes: ['861'],
        cpcCodes: ['821'],
        children: [],
      });
    }
  });

  it('answers the other schemes and languages', async () => {
    const fr = (await call(t, 'GET', '/arrays?lang=fr', { token: focal })).body.payload as Node[];
    expect(fr[0]?.title).toBe('SERVICES FOURNIS AUX ENTREPRISES');
    const ar = (await call(t, 'GET', '/arrays?lang=ar&scheme=W_120', { token: focal })).body.payload as Node[];
    expect(ar[10]?.title).toBe('خدمات النقل');
    const prov = (await call(t, 'GET', '/arrays?scheme=CPC_PROV', { token: focal })).body.payload as Node[];
    expect(find(prov, '8671')).toMatchObject({ key: 'CPC_PROV:8671', cpcCodes: ['8321'] });
    const cpc21 = (await call(t, 'GET', '/arrays?sectorType=CPC21', { token: focal })).body.payload as Node[];
    expect(find(cpc21, '821')).toMatchObject({ title: 'Legal services', provisionalCodes: ['861'] });
  });

  it('refuses an unknown scheme or language with 400', async () => {
    const scheme = await call(t, 'GET', '/arrays?scheme=ISIC', { token: focal });
    expect(scheme.status).toBe(400);
    expect(scheme.body).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('Unknown scheme') });
    expect((await call(t, 'GET', '/arrays?lang=de', { token: focal })).status).toBe(400);
  });
});

describe('GET /arrays-filter', () => {
  it('requires authentication', async () => {
    expect((await call(t, 'GET', '/arrays-filter?services=legal')).status).toBe(401);
  });
  it('finds by words (case and accent insensitive) and by code, with ancestors', async () => {
    const legal = (await call(t, 'GET', `/arrays-filter?services=${encodeURIComponent('LEGAL')}`, { token: focal }))
      .body.payload as Node[];
    expect(legal.map((n) => n.value)).toEqual(['1']);
    expect(legal[0]?.children.map((n) => n.value)).toEqual(['1.A']);
    const fr = (
      await call(t, 'GET', `/arrays-filter?lang=fr&services=${encodeURIComponent('reassurance')}`, { token: focal })
    ).body.payload as Node[];
    expect(find(fr, '7.A.c')).toBeDefined();
    const code = (await call(t, 'GET', '/arrays-filter?services=83107', { token: focal })).body.payload as Node[];
    expect(find(code, '1.E.d')).toBeDefined();
  });
  it('treats metacharacters as plain text and answers an empty list', async () => {
    for (const s of ['.*', "'; drop table gats_commitments; --", '%', '(?']) {
      const res = await call(t, 'GET', `/arrays-filter?services=${encodeURIComponent(s)}`, { token: focal });
      expect(res.status, s).toBe(200);
      expect(res.body.payload, s).toEqual([]);
    }
  });
});

describe('POST /add-services', () => {
  const body = { title: 'Arbitration services', value: '1.A.a.1', sectorType: 'W_120', servicesParent: '1.A.a' };
  it('requires authentication', async () => {
    expect((await call(t, 'POST', '/add-services', { body })).status).toBe(401);
  });
  it('refuses other roles', async () => {
    for (const token of [focal, chief, advisor])
      expect((await call(t, 'POST', '/add-services', { token, body })).status).toBe(403);
  });
  it("requires parent level, title and code ('required')", async () => {
    for (const field of ['title', 'value', 'servicesParent'] as const) {
      const res = await call(t, 'POST', '/add-services', { token: au, body: { ...body, [field]: '  ' } });
      expect(res.status, field).toBe(400);
      expect(res.body, field).toMatchObject({ message: 'required', field });
      const { [field]: _omit, ...without } = body;
      expect((await call(t, 'POST', '/add-services', { token: au, body: without })).body, field).toMatchObject({
        message: 'required',
        field,
      });
    }
  });
  it('adds a service that appears in the tree for everyone, and audits it', async () => {
    const res = await call(t, 'POST', '/add-services', { token: au, body });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('the service has been added successfully');
    const tree = (await call(t, 'GET', '/arrays', { token: focal })).body.payload as Node[];
    expect(find(tree, '1.A.a')!.children).toContainEqual(
      expect.objectContaining({ value: '1.A.a.1', title: 'Arbitration services', key: 'W120:1.A.a.1' }),
    );
    const filtered = (await call(t, 'GET', '/arrays-filter?services=arbitration', { token: chief })).body
      .payload as Node[];
    expect(find(filtered, '1.A.a.1')).toBeDefined();
    const logs = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'SERVICE_ADDED'));
    expect(logs).toHaveLength(1);
    expect(logs[0]?.value).toMatchObject({ value: '1.A.a.1', parent: '1.A.a', scheme: 'W120' });
  });
  it("refuses a duplicate code, an unknown parent and an unknown scheme with 'Somthing went wrong!' and the reason", async () => {
    const dup = await call(t, 'POST', '/add-services', { token: admin, body });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ message: 'Somthing went wrong!', code: 'DUPLICATE_CODE' });
    const existing = await call(t, 'POST', '/add-services', {
      token: admin,
      body: { ...body, value: '8671', sectorType: 'CPC_PROV', servicesParent: '867' },
    });
    expect(existing.body).toEqual({ message: 'Somthing went wrong!', code: 'DUPLICATE_CODE' });
    const parent = await call(t, 'POST', '/add-services', {
      token: admin,
      body: { ...body, value: '99.Z', servicesParent: '99' },
    });
    expect(parent.status).toBe(404);
    expect(parent.body).toEqual({ message: 'Somthing went wrong!', code: 'UNKNOWN_PARENT' });
    const scheme = await call(t, 'POST', '/add-services', {
      token: admin,
      body: { ...body, value: 'x1', sectorType: 'ISIC' },
    });
    expect(scheme.body).toEqual({ message: 'Somthing went wrong!', code: 'UNKNOWN_SCHEME' });
    const code = await call(t, 'POST', '/add-services', { token: admin, body: { ...body, value: '<b>1</b>' } });
    expect(code.body).toEqual({ message: 'Somthing went wrong!', code: 'INVALID_CODE' });
  });
  it("refuses a code that does not begin with its parent's, so the editor (tree) and the save rule (code) agree", async () => {
    for (const [servicesParent, value, sectorType] of [
      ['1.A', '7.X', 'W_120'],
      ['1', '10.Z', 'W_120'],
      ['867', '9999', 'CPC_PROV'],
    ]) {
      const res = await call(t, 'POST', '/add-services', {
        token: admin,
        body: { title: 'Misplaced service', value, sectorType, servicesParent },
      });
      expect(res.status, value).toBe(400);
      expect(res.body, value).toEqual({ message: SECTOR_RULE_MESSAGES.codeUnderParent, code: 'CODE_OUTSIDE_PARENT' });
    }
    const w120 = (await call(t, 'GET', '/arrays', { token: focal })).body.payload as Node[];
    expect(find(w120, '7.X')).toBeUndefined();

    // A service added under 1.A belongs to sector 1 for both: it can share a sector with 1.A.a.
    expect(
      (
        await call(t, 'POST', '/add-services', {
          token: admin,
          body: { title: 'Online legal services', value: '1.A.x', sectorType: 'W_120', servicesParent: '1.A' },
        })
      ).status,
    ).toBe(200);
    const chiefUser = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const services = [
      { title: 'Legal services', value: '1.A.a', key: 'W120:1.A.a' },
      { title: 'Online legal services', value: '1.A.x', key: 'W120:1.A.x' },
    ];
    const res = await call(t, 'POST', '/offers', {
      token: chiefUser.token,
      body: buildOfferDocument(0, { sectors: [sectorWith('1.A.a', 'Legal services', { type: 'W_120', services })] }),
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  });
  it('adds under CPC 2.1 without touching the other schemes', async () => {
    const res = await call(t, 'POST', '/add-services', {
      token: admin,
      body: { title: 'Online dispute resolution', value: '82199', sectorType: 'CPC21', servicesParent: '821' },
    });
    expect(res.status).toBe(200);
    const cpc = (await call(t, 'GET', '/arrays?scheme=CPC21', { token: focal })).body.payload as Node[];
    expect(find(cpc, '82199')).toMatchObject({ key: 'CPC21:82199', cpcCodes: ['82199'] });
    const w120 = (await call(t, 'GET', '/arrays', { token: focal })).body.payload as Node[];
    expect(find(w120, '82199')).toBeUndefined();
  });
});

describe('GET /sector-groups', () => {
  it('answers the groups derived from W/120', async () => {
    const res = await call(t, 'GET', '/sector-groups', { token: focal });
    expect(
      res.body.payload.map((g: { prefix: string; label: string }) => `${g.prefix} ${g.label}`).slice(0, 11),
    ).toEqual([
      '1 Business',
      '2 Communication',
      '3 Construction',
      '4 Distribution',
      '5 Educational',
      '6 Environmental',
      '7 Financial',
      '8 Health',
      '9 Tourism',
      '10 Recreational',
      '11 Transport',
    ]);
  });
});
