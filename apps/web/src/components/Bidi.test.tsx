import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Code, isolateHtml, splitCodes, TextWithCodes, UserText } from './Bidi';

/** The isolates rendered: each <bdi> with its direction and text. */
const isolates = (root: ParentNode) =>
  [...root.querySelectorAll('bdi')].map((b) => ({ dir: b.getAttribute('dir'), text: b.textContent }));

describe('Bidi: codes and user text isolated in one place', () => {
  it('a code is a left-to-right isolate', () => {
    const { container } = render(<Code>1.A.a</Code>);
    expect(isolates(container)).toEqual([{ dir: 'ltr', text: '1.A.a' }]);
  });

  it('wraps every code of a text and leaves the words around them', () => {
    const { container } = render(
      <p>
        <TextWithCodes text="1.A.a خدمات قانونية (CPC 861, 862)" />
      </p>,
    );
    expect(isolates(container)).toEqual([
      { dir: 'ltr', text: '1.A.a' },
      { dir: 'ltr', text: '861' },
      { dir: 'ltr', text: '862' },
    ]);
    expect(container.textContent).toBe('1.A.a خدمات قانونية (CPC 861, 862)');
  });

  it('keeps the number of a mode with its bracket at the start of a line, not a bracket of the sentence', () => {
    expect(splitCodes('3) Acquisition of land')).toEqual([
      { text: '3)', code: true },
      { text: ' Acquisition of land', code: false },
    ]);
    expect(splitCodes('لا يوجد (انظر 7)')).toEqual([
      { text: 'لا يوجد (انظر ', code: false },
      { text: '7', code: true },
      { text: ')', code: false },
    ]);
    expect(splitCodes('(see 1.B')).toEqual([
      { text: '(see ', code: false },
      { text: '1.B', code: true },
    ]);
    expect(splitCodes('Unbound')).toEqual([{ text: 'Unbound', code: false }]);
  });

  it('user text takes its own direction (dir="auto"), inline or as the block asked for', () => {
    const { container } = render(
      <>
        <UserText text="Hello from Lagos" />
        <UserText as="p" className="note" text="مرحبا 1.A.a" />
      </>,
    );
    const inline = container.querySelector('bdi[dir="auto"]');
    expect(inline?.textContent).toBe('Hello from Lagos');
    const block = container.querySelector('p.note');
    expect(block?.getAttribute('dir')).toBe('auto');
    expect(isolates(block!)).toEqual([{ dir: 'ltr', text: '1.A.a' }]);
  });

  it('rich text: every paragraph dir="auto", codes isolated, existing markup kept', () => {
    const html = isolateHtml('<p>Sector <strong>1.A.a</strong> only</p><ul><li>CPC 862</li></ul><p dir="rtl">نص</p>');
    const box = document.createElement('div');
    box.innerHTML = html;
    expect([...box.querySelectorAll('p, li')].map((e) => e.getAttribute('dir'))).toEqual(['auto', 'auto', 'rtl']);
    expect(isolates(box)).toEqual([
      { dir: 'ltr', text: '1.A.a' },
      { dir: 'ltr', text: '862' },
    ]);
    expect(box.querySelector('strong bdi')?.textContent).toBe('1.A.a');
    expect(box.textContent).toBe('Sector 1.A.a onlyCPC 862نص');
  });
});
