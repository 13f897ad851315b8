import { useCallback, useEffect, useRef, useState } from 'react';
import type { CaptchaChallenge } from '@portal/shared';
import { publicApi } from '../backoffice/api';

/** The solver is fetched when first needed: every page's newsletter box uses this hook, few visitors subscribe. */
const loadSolver = () => import('./solver');
type Solver = Awaited<ReturnType<typeof loadSolver>>;

type CaptchaState =
  | { status: 'idle' }
  | { status: 'solving'; progress: number }
  | { status: 'solved'; response: string }
  | { status: 'failed' };

/** Fetches a challenge and solves it in the page; `response` is the captcha-response header once solved. */
export function useCaptcha() {
  const [state, setState] = useState<CaptchaState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  const reset = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState({ status: 'idle' });
  }, []);

  const start = useCallback(async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'solving', progress: 0 });
    let solver: Solver | null = null;
    try {
      const [challenge, loaded]: [CaptchaChallenge, Solver] = await Promise.all([
        publicApi.captchaChallenge(controller.signal),
        loadSolver(),
      ]);
      solver = loaded;
      const { captchaResponseHeader, solveChallenge } = loaded;
      const number = await solveChallenge(challenge, {
        signal: controller.signal,
        onProgress: (progress) => setState({ status: 'solving', progress }),
      });
      if (controller.signal.aborted) return;
      setState(
        number === null
          ? { status: 'failed' }
          : { status: 'solved', response: captchaResponseHeader(challenge, number) },
      );
    } catch (error) {
      if ((solver && error instanceof solver.CaptchaAbortedError) || controller.signal.aborted) return;
      setState({ status: 'failed' });
    }
  }, []);

  // Leaving the page stops the search.
  useEffect(() => () => running.current?.abort(), []);

  return { state, start, reset };
}
