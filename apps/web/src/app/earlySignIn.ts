/**
 * The sign-in form of /login arrives rendered by the server long before the app's script on a slow link (the script
 * is most of what the page weighs). So that the form works as soon as it shows, the small loader of rendered pages
 * (firstScreenLoader.ts) catches its submit until the app has taken the page over and sends the sign-in itself; the
 * sign-in page (pages/auth/LoginPage.tsx) then takes the answer, or the request still under way, and goes on.
 */
import type { MfaChallenge } from '@portal/shared';
import { ApiError, requestSignInCode } from '../api/http';

/** What was typed in the form before the app had taken it over, and the sign-in sent then, if any. */
export interface EarlySignIn {
  email: string;
  password: string;
  answer?: Promise<MfaChallenge>;
}

interface EarlyState {
  typed: Record<string, string>;
  answer?: Promise<MfaChallenge>;
  stop: () => void;
}
type WithEarly = Window & { __portalEarlySignIn?: EarlyState };

/** The ids antd gives the form named "login" and its fields. */
const FORM_ID = 'login';
const field = (form: HTMLFormElement, name: string) =>
  form.querySelector<HTMLInputElement>(`#${FORM_ID}_${name}`)?.value ?? '';

/** Loader side: from now until the app takes over, a submit of the sign-in form is sent from here. */
export function catchEarlySignIn(): void {
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.id !== FORM_ID) return;
    // Not the browser's own submit (it would reload the page), nor React's (not there yet).
    event.preventDefault();
    event.stopPropagation();
    const email = field(form, 'email').trim();
    const password = field(form, 'password');
    // An empty field is left to the app, which says what is missing once it has arrived.
    if (state.answer || !email || !password) return;
    state.typed = { email, password };
    state.answer = requestSignInCode(email, password);
    state.answer.catch(() => undefined); // taken (and shown) by the page when it arrives
  };
  // What is typed is kept too: the app's form starts empty when it takes the page over.
  const onInput = (event: Event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.form || input.form.id !== FORM_ID || state.answer) return;
    state.typed[input.id.slice(FORM_ID.length + 1)] = input.value;
  };
  const state: EarlyState = {
    typed: {},
    stop: () => {
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('input', onInput, true);
    },
  };
  (window as WithEarly).__portalEarlySignIn = state;
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('input', onInput, true);
  // The page arrives inert (a form the browser sent itself would put the password in the address): with its submit
  // caught here, the sign-in page is usable at once. Other pages stay inert until the app has taken them over.
  if (document.getElementById(FORM_ID) instanceof HTMLFormElement)
    document.getElementById('root')?.removeAttribute('inert');
}

/**
 * App side, when the sign-in page is shown: the page handles its form from now on; what was typed and the sign-in
 * sent meanwhile, if any. A refusal is made this bundle's ApiError (the loader has its own copy of the class).
 */
export function takeEarlySignIn(): EarlySignIn | null {
  const state = (window as WithEarly).__portalEarlySignIn;
  if (!state) return null;
  delete (window as WithEarly).__portalEarlySignIn;
  state.stop();
  const { email = '', password = '' } = state.typed;
  if (!email && !password) return null;
  return {
    email,
    password,
    answer: state.answer?.catch((e: { status: number; message: string; code: string; retryAfter?: number }) => {
      throw new ApiError(e.status, e.message, e.code, e.retryAfter);
    }),
  };
}
