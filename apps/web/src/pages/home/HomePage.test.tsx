import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { CmsEntry, CmsType } from '@portal/shared';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { testCmsEntry } from '../../test/cms';
import HomePage from './HomePage';
import { testCountry } from '../../test/country';

function renderHome() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

const entry = (type: CmsType, title: string, body = ''): CmsEntry =>
  testCmsEntry({ id: `${type}-${title}`, type, text: { title, summary: '', body } });

/** The API with one entry of each kind of home content and two member states. */
function stubHomeApi() {
  const byType: Partial<Record<CmsType, CmsEntry[]>> = {
    HOME_OBJECTIVES: [entry('HOME_OBJECTIVES', 'Draft schedules together')],
    ABOUT: [entry('ABOUT', 'About the portal', '<p>Where member states <strong>prepare</strong> offers.</p>')],
    HOME_MEMBERS: [entry('HOME_MEMBERS', 'Who takes part')],
    HOME_EVENTS: [],
    HOME_FOOTER: [entry('HOME_FOOTER', 'Trade together')],
  };
  const pages: Partial<Record<CmsType, CmsEntry[]>> = {
    EVENT: [entry('EVENT', 'Negotiating round')],
    INSIGHT: [],
    CONTACT: [entry('CONTACT', 'Trade unit')],
  };
  const payload = (data: unknown) => new Response(JSON.stringify({ payload: data }), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://portal.test');
      const type = /\/v2\/cms\/byType\/(\w+)/.exec(path.pathname)?.[1] as CmsType | undefined;
      if (type) return payload(byType[type] ?? []);
      if (path.pathname === '/api/cms/') {
        const items = pages[path.searchParams.get('type') as CmsType] ?? [];
        return payload({ items, total: items.length, page: 1, size: 3 });
      }
      if (path.pathname === '/api/countries')
        return payload([testCountry(1, 'DZ', 'Algeria'), testCountry(2, 'AO', 'Angola')]);
      return payload([]);
    }),
  );
}

/** An IntersectionObserver the test moves: `scrollNear()` tells every observed element it is near the screen. */
function stubIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; elements: Element[] }>();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private entry: { callback: IntersectionObserverCallback; elements: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, elements: [] };
        observers.add(this.entry);
      }
      observe(element: Element) {
        this.entry.elements.push(element);
      }
      disconnect() {
        observers.delete(this.entry);
      }
    },
  );
  return {
    watching: () => observers.size > 0,
    scrollNear: () =>
      act(() => {
        for (const { callback, elements } of [...observers])
          callback(
            elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
            {} as IntersectionObserver,
          );
      }),
  };
}

const SECTION_HEADINGS = [
  'Our objectives',
  'About the portal',
  'Member states',
  'Latest events',
  'Insights',
  'Our contacts',
];

describe('home page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows every section, in order, with its content once scrolled near, the headings from the start', async () => {
    stubHomeApi();
    const screenObserver = stubIntersectionObserver();
    renderHome();
    expect(await screen.findByRole('heading', { level: 3, name: 'Draft schedules together' })).toBeTruthy();
    const sectionHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sectionHeadings()).toEqual(SECTION_HEADINGS);
    // Below the first screen: headings only until the reader comes near.
    expect(screen.queryByText('Algeria')).toBeNull();
    expect(screen.queryByText('Negotiating round')).toBeNull();
    expect(screenObserver.watching()).toBe(true);

    screenObserver.scrollNear();
    expect(await screen.findByRole('heading', { level: 3, name: 'About the portal' })).toBeTruthy();
    expect((await screen.findByText('prepare')).tagName).toBe('STRONG');
    expect(await screen.findByText('Algeria')).toBeTruthy();
    expect(screen.getByText('Angola')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Who takes part' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Negotiating round' })).toBeTruthy();
    expect(screen.getByText('No insights yet')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Trade unit' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Trade together' })).toBeTruthy();
    expect(sectionHeadings()).toEqual([...SECTION_HEADINGS, 'Trade together']);
  });

  it('says so when GET /home fails (spec: home load failure)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/home'
          ? new Response(JSON.stringify({ message: 'boom', code: 'INTERNAL' }), { status: 500 })
          : new Response(JSON.stringify({ payload: [] }), { status: 200 }),
      ),
    );
    renderHome();
    expect(await screen.findByText('Something is wrong please you network')).toBeTruthy();
  });

  it('shows no failure when the home page loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ payload: [] }), { status: 200 })),
    );
    renderHome();
    await screen.findByRole('heading', { level: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Something is wrong please you network')).toBeNull();
  });
});
