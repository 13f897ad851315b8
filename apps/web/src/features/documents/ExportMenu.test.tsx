import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { ApiError } from '../../api/http';
import { applyLanguage, i18n } from '../../i18n';
import { stubAntdBrowserApis } from '../profile/testing';
import { ExportMenu } from './ExportMenu';
import type { ExportSource } from './api';
import { documentErrorText } from './errors';

configure({ asyncUtilTimeout: 8000 });

type Reply = { status: number; body?: string; headers?: Record<string, string> };
let calls: string[];
let saved: string[];
let reply: () => Promise<Reply>;

beforeEach(async () => {
  stubAntdBrowserApis();
  calls = [];
  saved = [];
  reply = async () => ({
    status: 200,
    body: '%PDF-1.7',
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="Kenya.pdf"; filename*=UTF-8''Kenya-offre-initiale-conditionnelle-v2-ar.pdf`,
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const { status, body, headers } = await reply();
      return new Response(body ?? null, { status, headers });
    }),
  );
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  await applyLanguage('fr');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => applyLanguage('en'));

function renderMenu(source: ExportSource, subject?: string) {
  render(
    <AntApp>
      <ExportMenu source={source} subject={subject} />
    </AntApp>,
  );
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

async function openMenu(name: RegExp | string = 'Télécharger') {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Télécharger le document' });
}

describe('the export menu', () => {
  it('offers PDF, Word and Excel in three languages, the interface language first, focus on the chosen format', async () => {
    renderMenu({ kind: 'offer', offerId: 'o1' });
    const trigger = screen.getByRole('button', { name: 'Télécharger' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await openMenu();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('group', { name: 'Format' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Langue' })).toBeTruthy();
    expect(['PDF', 'Word', 'Excel'].map((f) => radio(f).checked)).toEqual([true, false, false]);
    expect(['English', 'Français', 'العربية'].map((l) => radio(l).checked)).toEqual([false, true, false]);
    await waitFor(() => expect(document.activeElement).toBe(radio('PDF')));
    // Escape closes and gives the focus back to the button.
    fireEvent.keyDown(radio('PDF'), { key: 'Escape' });
    await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(trigger);
    expect(calls).toEqual([]);
  });

  it('downloads the chosen format and language of a version, saved under the name the server gave', async () => {
    let finish: (r: Reply) => void = () => undefined;
    const answer = reply;
    reply = () => new Promise<Reply>((resolve) => (finish = resolve));
    renderMenu({ kind: 'offer', offerId: 'o1', version: 2 }, 'Version 2');
    const dialog = await openMenu('Télécharger : Version 2');
    fireEvent.click(radio('Word'));
    fireEvent.click(radio('العربية'));
    fireEvent.click(screen.getByRole('button', { name: /Télécharger le fichier/ }));

    // While the server works: a spinner and the dialog busy.
    expect(await screen.findByRole('button', { name: /Préparation du document/ })).toBeTruthy();
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    expect(calls).toEqual(['/api/offers/o1/export?format=docx&lang=ar&version=2']);
    finish(await answer());
    await waitFor(() => expect(saved).toEqual(['Kenya-offre-initiale-conditionnelle-v2-ar.pdf']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('downloads a counter offer from its own call', async () => {
    renderMenu({ kind: 'counterOffer', responseId: 'r 1' });
    await openMenu();
    fireEvent.click(radio('Excel'));
    fireEvent.click(radio('English'));
    fireEvent.click(screen.getByRole('button', { name: /Télécharger le fichier/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls).toEqual(['/api/response-offer/r%201/export?format=xlsx&lang=en']);
  });

  it('says the server is busy and when to try again (503 with Retry-After), and saves nothing', async () => {
    reply = async () => ({
      status: 503,
      body: JSON.stringify({ message: 'Too many documents are being made.', code: 'DOCUMENTS_BUSY' }),
      headers: { 'Content-Type': 'application/json', 'Retry-After': '7' },
    });
    renderMenu({ kind: 'offer', offerId: 'o1' });
    await openMenu();
    fireEvent.click(screen.getByRole('button', { name: /Télécharger le fichier/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Le serveur prépare d’autres documents. Réessayez dans 7 s.');
    expect(saved).toEqual([]);
    // The dialog stays open to try again.
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows "Something is wrong" with the reason by its code when the document could not be made', async () => {
    await applyLanguage('en');
    reply = async () => ({
      status: 503,
      body: JSON.stringify({ message: 'The PDF could not be made.', code: 'DOCUMENT_FAILED' }),
      headers: { 'Content-Type': 'application/json' },
    });
    renderMenu({ kind: 'offer', offerId: 'o1' });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    fireEvent.click(await screen.findByRole('button', { name: /Download file/ }));
    const alert = (await screen.findByRole('alert')).textContent;
    expect(alert).toContain('Something is wrong: the document could not be made. Please try again.');
    expect(alert).not.toContain('The PDF could not be made.');
  });

  it('names a document that is too large or not found in words, not codes', async () => {
    await applyLanguage('ar');
    reply = async () => ({
      status: 413,
      body: JSON.stringify({ message: 'Too many sectors', code: 'PAYLOAD_TOO_LARGE' }),
      headers: { 'Content-Type': 'application/json' },
    });
    renderMenu({ kind: 'offer', offerId: 'o1' });
    fireEvent.click(screen.getByRole('button', { name: 'تنزيل' }));
    expect(radio('العربية').checked).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: /تنزيل الملف/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('هذه الوثيقة أكبر من أن يتم إعدادها.');
  });
});

describe('document error texts', () => {
  it('do not repeat a server that only said "Something is wrong"', () => {
    const t = i18n.getFixedT('en');
    expect(documentErrorText(new ApiError(500, 'Something is wrong', 'UPLOAD_FAILED'), t)).toBe('Something is wrong');
    expect(documentErrorText(new ApiError(500, 'HTTP_500', 'HTTP_500'), t)).toBe('Something is wrong');
    expect(documentErrorText(new ApiError(503, 'Typst stopped.', 'DOCUMENT_FAILED'), t)).toBe(
      'Something is wrong: the document could not be made. Please try again.',
    );
    expect(documentErrorText(new ApiError(429, 'Busy', 'TOO_MANY', 2.2), t)).toBe(
      'The server is busy making other documents. Try again in 3 s.',
    );
    expect(documentErrorText(new ApiError(404, 'Not found', 'NOT_FOUND'), t)).toBe(
      'This document does not exist or you cannot see it.',
    );
    expect(documentErrorText(new Error('boom'), t)).toBe('Something is wrong');
  });
});
