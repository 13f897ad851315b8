/** The web tests' CMS entry: a published English "About" entry with a title only; `over` changes it. */
import type { CmsEntry } from '@portal/shared';

export const testCmsEntry = (over: Partial<CmsEntry> = {}): CmsEntry => ({
  id: 'x',
  type: 'ABOUT',
  position: 0,
  image: null,
  link: null,
  eventDate: null,
  countryCode: null,
  document: null,
  published: true,
  lang: 'en',
  text: { title: 'About', summary: '', body: '' },
  languages: ['en'],
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
