import { afterEach, describe, expect, it } from 'vitest';
import { leaveEarlyStart, routeParams, startCallOf, takeEarlyStart } from './startCalls';

describe("a screen's start call", () => {
  it('matches a route as the router does: parameters decoded, a trailing slash allowed, fixed segments in any case', () => {
    expect(routeParams('/edit-offer/:id', '/edit-offer/a%20b')).toEqual({ id: 'a b' });
    expect(routeParams('/edit-offer/:id', '/Edit-Offer/o1/')).toEqual({ id: 'o1' });
    expect(routeParams('/edit-offer/:id', '/edit-offer/')).toBeNull();
    expect(routeParams('/edit-offer/:id', '/edit-offer/o1/more')).toBeNull();
    expect(routeParams('/edit-offer/:id', '/edit-offer/%E0%A4%A')).toBeNull();
    expect(routeParams('/dashboard', '/dashboard')).toEqual({});
  });

  it("is the editor's start for the editor's address, and none elsewhere", () => {
    expect(startCallOf('/edit-offer/o1')).toBe('/offers/o1/editor');
    expect(startCallOf('/edit-offer/a/b')).toBeUndefined();
    expect(startCallOf('/login')).toBeUndefined();
    expect(startCallOf('/profile')).toBeUndefined();
  });

  it("is the screen's own start call for the dashboard, the offers list, messaging and the workspace", () => {
    expect(startCallOf('/dashboard')).toBe('/dashboard/start');
    expect(startCallOf('/offers')).toBe('/offers/start');
    expect(startCallOf('/chat')).toBe('/chats/start');
    expect(startCallOf('/chat/r1/2')).toBe('/chats/start');
    expect(startCallOf('/workspace')).toBe('/coverage/start');
  });
});

describe('the early start', () => {
  afterEach(() => void takeEarlyStart('', null));

  it('is taken once, and only for the call it was sent for', async () => {
    const answer = Promise.resolve(new Response('{}'));
    leaveEarlyStart('/offers/o1/editor', 't1', answer);
    expect(takeEarlyStart('/offers/o2/editor', 't1')).toBeUndefined();
    leaveEarlyStart('/offers/o1/editor', 't1', answer);
    expect(takeEarlyStart('/offers/o1/editor', 't1')).toBe(answer);
    expect(takeEarlyStart('/offers/o1/editor', 't1')).toBeUndefined();
  });

  it("is never given to another session than the one it was sent in (another user's data)", () => {
    leaveEarlyStart('/dashboard/start', 'first-user', Promise.resolve(new Response('{}')));
    expect(takeEarlyStart('/dashboard/start', 'second-user')).toBeUndefined();
    expect(takeEarlyStart('/dashboard/start', 'first-user')).toBeUndefined();
  });
});
