/**
 * Logs an inactive user out: after the configured idle time a warning counts down, and at zero the session ends.
 * OK resets the timer. Activity is mouse, keyboard, touch, wheel or scroll anywhere in the page.
 * Unsaved editor work is not lost: it was written to the browser's local draft (written within a second of the last
 * change, long before the idle time is over) and is kept by an idle logout. The sign-in page says why the user was
 * signed out and returns them to the page they were on, where the editor offers to restore the draft.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { refreshIfExpiring } from '../../api/http';
import { toLanguage } from '../../i18n';
import { formatDuration } from '../../i18n/dates';
import { useClientConfig, useLogout, useProfile, useSignedIn } from './useSession';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
/** Activity is noticed at most this often, so a moving mouse does not reset the timer hundreds of times. */
const ACTIVITY_THROTTLE_MS = 1_000;
/** Last activity in any tab of the portal, so a user busy in one tab is not logged out by another. */
const LAST_ACTIVITY_KEY = 'portal:last-activity';

function lastActivityInAnyTab(): number {
  return Number(localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
}

export function IdleWatcher() {
  return useSignedIn() ? <ActiveIdleWatcher /> : null;
}

function ActiveIdleWatcher() {
  const { idleTimeoutMs, idleCountdownSeconds } = useClientConfig();
  const [deadline, setDeadline] = useState<number | null>(null);

  useEffect(() => {
    if (deadline !== null) return undefined; // while warning, only OK resets the timer
    let last = Date.now();
    localStorage.setItem(LAST_ACTIVITY_KEY, String(last));
    let timer = window.setTimeout(warn, idleTimeoutMs);
    function warn() {
      const idleFor = Date.now() - Math.max(last, lastActivityInAnyTab());
      if (idleFor < idleTimeoutMs) timer = window.setTimeout(warn, idleTimeoutMs - idleFor);
      else setDeadline(Date.now() + idleCountdownSeconds * 1000);
    }
    function onActivity() {
      const now = Date.now();
      if (now - last < ACTIVITY_THROTTLE_MS) return;
      last = now;
      localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
      refreshIfExpiring();
      window.clearTimeout(timer);
      timer = window.setTimeout(warn, idleTimeoutMs);
    }
    const options = { passive: true, capture: true } as const;
    ACTIVITY_EVENTS.forEach((e) => window.addEventListener(e, onActivity, options));
    return () => {
      window.clearTimeout(timer);
      ACTIVITY_EVENTS.forEach((e) => window.removeEventListener(e, onActivity, options));
    };
  }, [deadline, idleTimeoutMs, idleCountdownSeconds]);

  return deadline === null ? null : (
    <TimeoutWarning deadline={deadline} idleTimeoutMs={idleTimeoutMs} onStay={() => setDeadline(null)} />
  );
}

interface WarningProps {
  deadline: number;
  idleTimeoutMs: number;
  onStay: () => void;
}

function TimeoutWarning({ deadline, idleTimeoutMs, onStay }: WarningProps) {
  const { t, i18n } = useTranslation();
  const logout = useLogout();
  const location = useLocation();
  const userId = useProfile().data?.userId;
  const here = useRef('');
  here.current = location.pathname + location.search + location.hash;
  const secondsLeft = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [remaining, setRemaining] = useState(secondsLeft);

  useEffect(() => {
    const tick = window.setInterval(() => setRemaining(secondsLeft()), 250);
    return () => window.clearInterval(tick);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deadline]);

  useEffect(() => {
    if (remaining === 0) void logout({ reason: 'idle', idleMs: idleTimeoutMs, userId, from: here.current });
  }, [remaining, logout, idleTimeoutMs, userId]);

  return (
    <Modal
      open
      title={t('session.timeoutTitle')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onStay} autoFocus>
          {t('session.stay')}
        </Button>
      }
    >
      <Typography.Paragraph>
        {t('session.timeoutText', { duration: formatDuration(idleTimeoutMs, toLanguage(i18n.language)) })}
      </Typography.Paragraph>
      <Typography.Paragraph>{t('session.draftsKept')}</Typography.Paragraph>
      <Typography.Paragraph strong role="timer" aria-live="off" data-testid="idle-countdown">
        {t('session.countdown', { seconds: remaining })}
      </Typography.Paragraph>
    </Modal>
  );
}
