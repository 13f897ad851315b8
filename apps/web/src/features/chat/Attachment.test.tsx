import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ChatMessage } from '@portal/shared';
import { applyLanguage } from '../../i18n';
import { stubAntdBrowserApis } from '../profile/testing';
import { Attachment, formatFileSize } from './Attachment';
import { testMessage } from '../../test/chat';

const video = testMessage({
  messageType: 'FILE',
  conversation: '',
  file: 'k1.mp4',
  fileName: 'briefing.mp4',
  fileContentType: 'video/mp4',
  fileSize: 9_500_000,
  sender: { userId: 'u2', firstName: 'Amina', lastName: 'Diallo' },
}) as ChatMessage & { file: string };

let urls: string[] = [];
let seeIt: (() => void) | null = null;
beforeEach(async () => {
  stubAntdBrowserApis();
  await applyLanguage('en');
  urls = [];
  seeIt = null;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
      observe() {
        seeIt = () => this.callback([{ isIntersecting: true }]);
      }
      disconnect() {}
    },
  );
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(String(url));
      return String(url).includes('/download/')
        ? new Response(new Blob([new Uint8Array(8)]), { headers: { 'Content-Type': 'video/mp4' } })
        : new Response(JSON.stringify({ payload: {} }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an attachment in a room', () => {
  it('shows its size in the interface language', async () => {
    expect(formatFileSize(9_500_000, 'en')).toBe('9.5 MB');
    expect(formatFileSize(820_000, 'en')).toBe('820 kB');
    expect(formatFileSize(512, 'en')).toBe('512 byte');
    expect(formatFileSize(9_500_000, 'fr')).toBe('9,5\u202fMo');
  });

  it('loads a video preview only once it is scrolled into view, then plays it from its bytes', async () => {
    render(
      <AntApp>
        <Attachment message={video} />
      </AntApp>,
    );
    expect(screen.getByRole('button', { name: /briefing\.mp4/ }).textContent).toContain('(9.5 MB)');
    expect(urls.filter((u) => u.includes('/download/'))).toEqual([]);
    expect(document.querySelector('video')).toBeNull();
    await act(async () => seeIt!());
    const player = await screen.findByLabelText('briefing.mp4', { selector: 'video' });
    expect(urls.filter((u) => u.includes('/download/'))).toEqual(['/api/file/aws/download/k1.mp4']);
    expect([player.getAttribute('src'), player.getAttribute('preload')]).toEqual(['blob:preview', 'metadata']);
  });
});
