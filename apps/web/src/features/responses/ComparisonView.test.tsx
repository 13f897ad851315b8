import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { OfferDocument, Sector } from '@portal/shared';
import { stubAntdBrowserApis } from '../profile/testing';
import { blankOfferDocument, blankSector } from '../offers/contract';
import { ComparisonView } from './ComparisonView';
import { stepChange } from './changeNavigation';
import { comparisonPdfPath } from './ComparisonPdfButton';
import { itemAt } from '../../test/itemAt';

beforeEach(() => {
  stubAntdBrowserApis();
  // Jumps scroll after the highlight is painted.
  vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => {
    f(0);
    return 0;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function sector(id: string, code: string, title: string, mode3 = 'Unbound*'): Sector {
  const s = { ...blankSector(id), services: [{ title, value: code, key: `W120:${code}` }] };
  s.sectorCommitement.limitationsMA.commercialPresence.value = mode3;
  return s;
}
const doc = (sectors: Sector[]): OfferDocument => ({ ...blankOfferDocument(), sectors });

const v1 = doc([
  sector('a', '1.A.a', 'Legal services', 'Foreign law firms must partner with a local firm.'),
  sector('b', '1.A.b', 'Accounting services', 'None'),
  sector('c', '2.B', 'Courier services', 'Unbound'),
]);
// Reordered, one word changed, one level changed, one sector dropped, one added: 4 changes.
const v2 = doc([
  sector('b2', '1.A.b', 'Accounting services', 'Unbound'),
  sector('a2', '1.A.a', 'Legal services', 'Foreign law firms may partner with a local firm.'),
  sector('d', '9.A', 'Hotels and restaurants', 'None'),
]);

const count = () => screen.getByRole('status').textContent?.replace(/\s+/g, ' ').trim();
const current = () => document.querySelector('.compare-row-current');

function renderView() {
  return render(<ComparisonView before={v1} after={v2} beforeTitle="Version 1" afterTitle="Version 2" />);
}

describe('change list navigation', () => {
  it('steps within the list without wrapping', () => {
    expect(stepChange(0, 4, -1)).toBe(0);
    expect(stepChange(2, 4, 1)).toBe(3);
    expect(stepChange(3, 4, 1)).toBe(3);
    expect(stepChange(0, 0, 1)).toBe(0);
  });

  it('counts the changes, jumps with the buttons, the keyboard and the list, and highlights the change shown', () => {
    renderView();
    expect(count()).toBe('Change 1 / 4');
    const nav = screen.getByRole('navigation', { name: 'Changes' });
    expect(within(nav).getAllByRole('listitem')).toHaveLength(4);
    expect(within(nav).getByRole('button', { name: /Previous/ })).toHaveProperty('disabled', true);

    fireEvent.click(within(nav).getByRole('button', { name: /Next/ }));
    expect(count()).toBe('Change 2 / 4');
    // The row of the change shown is focused (the screen reader reads it) and highlighted.
    expect(document.activeElement).toBe(current());

    act(() => void fireEvent.keyDown(window, { key: 'n' }));
    expect(count()).toBe('Change 3 / 4');
    act(() => void fireEvent.keyDown(window, { key: 'j' }));
    expect(count()).toBe('Change 4 / 4');
    expect(within(nav).getByRole('button', { name: /Next/ })).toHaveProperty('disabled', true);
    act(() => void fireEvent.keyDown(window, { key: 'n' }));
    expect(count()).toBe('Change 4 / 4');
    act(() => void fireEvent.keyDown(window, { key: 'p' }));
    expect(count()).toBe('Change 3 / 4');

    const items = within(nav)
      .getAllByRole('button')
      .filter((b) => b.classList.contains('change-nav-item'));
    const first = itemAt(items, 0);
    fireEvent.click(first);
    expect(count()).toBe('Change 1 / 4');
    expect(first.getAttribute('aria-current')).toBe('step');
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(count()).toBe('Change 2 / 4');
  });

  it('marks the changed word inside the cell, with a non-colour cue and a spoken label', () => {
    renderView();
    const nav = screen.getByRole('navigation', { name: 'Changes' });
    const legal = within(nav)
      .getAllByRole('button')
      .findIndex((b) => b.textContent?.includes('Legal services'));
    expect(legal).toBeGreaterThanOrEqual(0);
    fireEvent.click(itemAt(within(nav).getAllByRole('button'), legal));
    const row = current()!;
    expect(row.querySelector('th')?.textContent).toContain('Limitations on market access — 3) Commercial presence');
    expect(row.querySelector('del')?.textContent).toBe('deleted: must');
    expect(row.querySelector('ins')?.textContent).toBe('inserted: may');
    // Only the word changed: the rest of the sentence is plain text in both columns.
    expect(row.querySelectorAll('td')[1]?.textContent).toContain('partner with a local firm.');
  });

  it('keeps keys typed in a text field for the field', () => {
    renderView();
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    fireEvent.keyDown(input, { key: 'n' });
    expect(count()).toBe('Change 1 / 4');
    input.remove();
  });

  it('says so when nothing changed', () => {
    render(<ComparisonView before={v1} after={v1} beforeTitle="Version 1" afterTitle="Version 2" />);
    expect(screen.getByText('No change between these two documents.')).toBeTruthy();
    expect(screen.getByText('The two documents are identical.')).toBeTruthy();
  });
});

describe('comparison PDF', () => {
  it('asks the server for two versions or for a counter offer, in the interface language', () => {
    expect(comparisonPdfPath('o 1', { from: 1, to: 2 }, 'fr')).toBe(
      '/offers/o%201/compare/export?format=pdf&lang=fr&from=1&to=2',
    );
    expect(comparisonPdfPath('o1', { responseId: 'r1' }, 'ar')).toBe(
      '/offers/o1/compare/export?format=pdf&lang=ar&responseId=r1',
    );
  });
});
