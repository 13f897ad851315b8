/**
 * The first screen as HTML: the server renders the sign-in page and the public home ahead of the script,
 * in the visitor's language, and the web app hydrates that HTML instead of drawing the page again. This is what the
 * two sides agree on.
 */
import type { Language } from './constants.js';

/** The pages whose first screen the server sends rendered. */
export const FIRST_SCREEN_PATHS = ['/', '/login'] as const;
export type FirstScreenPath = (typeof FIRST_SCREEN_PATHS)[number];

/** The id of the `<script type="application/json">` holding what the HTML was rendered from. */
export const FIRST_SCREEN_STATE_ID = 'portal-first-screen';

/** A render not finished by then is given up (and stopped): the page is sent as index.html, rendered in the browser. */
export const FIRST_SCREEN_TIMEOUT_MS = 5_000;

/** A public API read the first screen shows, and the web app's query key for its answer. */
export interface FirstScreenQuery {
  key: readonly unknown[];
  /** Under /api, e.g. `/home`. */
  url: string;
}

/** What a render is made from: the page, the language, the screen's width class, and the answers of its reads. */
export interface FirstScreenInput {
  path: FirstScreenPath;
  language: Language;
  /** Below the 900 px breakpoint (a phone): the layout with the menu in a drawer. */
  narrow: boolean;
  answers: Omit<FirstScreenAnswer, 'updatedAt'>[];
}

/** An answer of a read, as the web app's query cache holds it (`updatedAt`: when the server read it, in ms). */
export interface FirstScreenAnswer {
  key: readonly unknown[];
  data: unknown;
  updatedAt: number;
}

/** The rendered page: the markup of the app's root, the styles it needs, and the state the web app hydrates with. */
export interface FirstScreen {
  html: string;
  /** The page's title in the language (as the web app sets it). */
  title: string;
  /** `<style>` elements (antd's). */
  styles: string;
  state: FirstScreenState;
}

/** Carried in the page (FIRST_SCREEN_STATE_ID) so that the web app's first render is the server's. */
export interface FirstScreenState {
  /** The page it was rendered for (a copy kept offline may be opened at another address). */
  path: FirstScreenPath;
  language: Language;
  narrow: boolean;
  /** The answers it was rendered from, for the web app's query cache. */
  answers: FirstScreenAnswer[];
}

/** The module the web app's server build exports (apps/web/dist-ssr). */
export interface FirstScreenRenderer {
  /** The module of each page, as the web app's build manifest names it (its styles and script are linked). */
  firstScreenModules: Record<FirstScreenPath, string>;
  firstScreenQueries(path: FirstScreenPath, language: Language): FirstScreenQuery[];
  renderFirstScreen(input: FirstScreenInput): Promise<FirstScreen>;
}

export function isFirstScreenPath(path: string): path is FirstScreenPath {
  return (FIRST_SCREEN_PATHS as readonly string[]).includes(path);
}
