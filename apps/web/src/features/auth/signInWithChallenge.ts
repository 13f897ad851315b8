import type { MfaChallenge } from '@portal/shared';
import { ApiError, requestSignInCode } from '../../api/http';
import { publicApi } from '../backoffice/api';

/**
 * Sign-in step 1. After failed sign-ins on an address the server asks for a proof-of-work challenge
 * (SIGN_IN_CHALLENGE): it is fetched and solved in the page (about a second), and the sign-in sent again with it.
 * `onChecking` tells the page to say so meanwhile. `sent`: the first attempt, already sent (app/earlySignIn.ts).
 */
export async function signInWithChallenge(
  email: string,
  password: string,
  onChecking: () => void,
  sent?: Promise<MfaChallenge>,
): Promise<MfaChallenge> {
  try {
    return await (sent ?? requestSignInCode(email, password));
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'SIGN_IN_CHALLENGE') throw error;
    onChecking();
    // The solver is fetched only when a challenge is asked for.
    const [challenge, { captchaResponseHeader, solveChallenge }] = await Promise.all([
      publicApi.captchaChallenge(),
      import('../captcha/solver'),
    ]);
    const number = await solveChallenge(challenge);
    if (number === null) throw error;
    return requestSignInCode(email, password, captchaResponseHeader(challenge, number));
  }
}
