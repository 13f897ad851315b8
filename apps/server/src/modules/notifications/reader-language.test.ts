import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { countries, notifications } from '../../db/schema/index.js';
import { notify } from './write.js';
import { until } from '../../../test/until.js';
import { only } from '../../lib/only.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const my = (token: string) => call(t, 'GET', '/notifications/my', { token }).then((r) => r.body.payload);
const setLanguage = async (token: string, language: string) =>
  expect((await call(t, 'PUT', '/profile/language', { token, body: { language } })).status).toBe(200);
const countryId = async (code: string) =>
  only(await t.ctx.db.select().from(countries).where(eq(countries.code, code))).id;

describe("notifications in the reader's language", () => {
  it('are shown in the language the reader has now, with what a user wrote unchanged', async () => {
    const au = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    const offer = { offerId: '22222222-2222-4222-8222-222222222222', offerName: 'Ghana Offer', countryId: 0 };
    offer.countryId = await countryId('GH');
    t.ctx.events.emit('offer.submitted', { ...offer, actorId: chief.id, versionNumber: 2, status: 'REVISED_OFFER' });
    t.ctx.events.emit('offer.returned', { ...offer, actorId: au.id, versionNumber: 2, comment: 'Add mode 4, please.' });

    const english = await until(
      () => my(chief.token),
      (p) => p.unread === 1,
    );
    expect(english.notifications[0]).toMatchObject({
      subject: 'Offer sent back',
      text: 'The secretariat sent back Ghana Offer: Add mode 4, please.',
    });
    const inEnglish = await until(
      () => my(au.token),
      (p) => p.notifications.some((n: { kind: string }) => n.kind === 'offer.submitted'),
    );
    expect(inEnglish.notifications[0].text).toBe('Ghana submitted Ghana Offer (version 2).');
    // Read twice: the second answer is the kept one, which must not outlive the change of language.
    expect(await my(chief.token)).toEqual(english);

    await setLanguage(chief.token, 'fr');
    const french = await my(chief.token);
    expect(french.notifications[0]).toMatchObject({
      id: english.notifications[0].id,
      subject: 'Offre renvoyée',
      text: 'Le secrétariat a renvoyé Ghana Offer : Add mode 4, please.',
    });
    const page = (await call(t, 'GET', '/notifications?page=0&size=5', { token: chief.token })).body.payload;
    expect(page.content[0]).toMatchObject({ subject: 'Offre renvoyée' });
    const one = await call(t, 'GET', `/notifications/${english.notifications[0].id}`, { token: chief.token });
    expect(one.body.payload).toMatchObject({ subject: 'Offre renvoyée' });

    // A country's name is in the reader's language too.
    await setLanguage(au.token, 'ar');
    const arabic = (await my(au.token)).notifications.find((n: { kind: string }) => n.kind === 'offer.submitted');
    expect(arabic).toMatchObject({ subject: 'تم تقديم عرض', text: 'قدّمت غانا \u2068Ghana Offer\u2069 (الإصدار 2).' });

    // And back: the French page kept meanwhile is not given to an English read.
    await setLanguage(chief.token, 'en');
    expect((await my(chief.token)).notifications[0]).toMatchObject({ subject: 'Offer sent back' });
  });

  it("shows a row written without parameters as stored, and a batch counted up in the reader's language", async () => {
    const me = await userWithToken(t, { country: 'SN', language: 'fr' });
    const [old] = await t.ctx.db
      .insert(notifications)
      .values({
        recipientId: me.id,
        kind: 'offer.validated',
        subject: 'Offer validated',
        text: 'The secretariat validated Old Offer.',
        data: { offerId: '33333333-3333-4333-8333-333333333333' },
        createdAt: new Date(Date.now() - 60_000),
      })
      .returning();
    expect((await my(me.token)).notifications[0]).toMatchObject({
      id: old!.id,
      subject: 'Offer validated',
      text: 'The secretariat validated Old Offer.',
    });
    expect((await call(t, 'GET', `/notifications/${old!.id}`, { token: me.token })).body.payload).toMatchObject({
      text: 'The secretariat validated Old Offer.',
    });

    const messages = (increment: number) =>
      notify(t.ctx, {
        recipientIds: [me.id],
        kind: 'chat.message',
        params: () => ({ title: 'Été à Dakar' }),
        batchKey: 'room:reader-language',
        data: { roomId: 'reader-language' },
        increment,
      });
    await messages(2);
    expect((await my(me.token)).notifications[0]).toMatchObject({
      text: '2 nouveaux messages dans « Été à Dakar ».',
    });
    await setLanguage(me.token, 'en');
    await messages(1);
    const batched = await my(me.token);
    expect(batched.unread).toBe(2);
    expect(batched.notifications[0]).toMatchObject({ count: 3, text: '3 new messages in “Été à Dakar”.' });
    expect(batched.notifications[1]).toMatchObject({ id: old!.id, text: 'The secretariat validated Old Offer.' });
  });
});
