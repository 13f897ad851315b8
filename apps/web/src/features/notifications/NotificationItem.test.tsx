import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { Notification } from '@portal/shared';
import { i18n } from '../../i18n';
import { NotificationItem } from './NotificationItem';

const notification = (subject: string, text: string): Notification => ({
  id: 'n1',
  subject,
  text,
  createdAtNotification: '2026-11-28T10:05:00Z',
  read: true,
  kind: 'offer.submitted',
  link: null,
  count: 1,
});

afterEach(() => i18n.changeLanguage('en'));

describe('NotificationItem', () => {
  it('gives the subject and text the direction of the subject, codes left to right, the date apart', async () => {
    await i18n.changeLanguage('ar');
    const text = 'Mauritius submitted Mauritius Conditional Initial Offer (version 2).';
    const { container } = render(<NotificationItem notification={notification('Offer submitted', text)} />);
    // One isolate taking the direction of its first letter: the subject's, which holds no name or title.
    const body = container.querySelector('.notification-body');
    expect(body?.getAttribute('dir')).toBe('auto');
    expect(body?.firstElementChild?.textContent).toBe('Offer submitted');
    expect(body?.querySelector('.notification-text')?.textContent).toBe(text);
    expect(body?.querySelector('.notification-text')?.hasAttribute('dir')).toBe(false);
    expect([...(body?.querySelectorAll('bdi') ?? [])].map((b) => [b.getAttribute('dir'), b.textContent])).toEqual([
      ['ltr', '2'],
    ]);
    // The date is written in the interface's language and keeps its direction.
    const when = container.querySelector('time');
    expect(body?.contains(when)).toBe(false);
    expect(when?.closest('[dir]')).toBeNull();
  });
});
