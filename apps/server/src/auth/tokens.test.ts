import { describe, expect, it } from 'vitest';
import { TokenSigner } from './tokens.js';

const claims = { userId: 'u1', role: 'SERVICE_FOCAL_POINT' as const, sessionId: 's1' };

describe('access tokens, remembered once verified', () => {
  it('accepts a good token again and again, and refuses it once expired even though it was remembered', async () => {
    const signer = new TokenSigner('a'.repeat(32), 1);
    const token = await signer.sign(claims);
    const verified = await signer.verify(token);
    expect(verified).toMatchObject(claims);
    // Its expiry comes with it (a live connection closes then): a JWT's second, rounded down.
    expect(verified!.expiresAt).toBeGreaterThan(Date.now() - 1000);
    expect(verified!.expiresAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await signer.verify(token)).toMatchObject(claims);
    await new Promise((r) => setTimeout(r, 2100));
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses a token altered after a good one was remembered, and one signed with another key', async () => {
    const signer = new TokenSigner('a'.repeat(32), 60);
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toMatchObject(claims);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'u2', role: 'ADMIN', sid: 's1', exp: 9e9 })).toString('base64url');
    expect(await signer.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await signer.verify(await new TokenSigner('b'.repeat(32), 60).sign(claims))).toBeNull();
  });
});
