import { useCallback, useEffect, useRef } from 'react';
import { App } from 'antd';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isSignedIn } from '../../../api/http';
import { SIGN_IN_PATH } from '../../session/useSession';
import { isDraftFinished, type DraftId } from './draft';

interface Options {
  /** True while there is unsaved work. */
  dirty: boolean;
  /** The local draft of the editing session: once finished (saved or discarded) leaving is not asked about. */
  draftId: DraftId;
  /** What the confirmation says (the work stays in the local draft, so it is not lost). */
  content: string;
  /** The confirming button's label. */
  okText: string;
}

/**
 * A forced exit is never held: the session has ended (idle logout, refused refresh, deactivated country), or the move
 * is to the sign-in page the session code sends to. Asking there would keep the offer on an unattended screen.
 */
const forcedExit = (pathname: string) => !isSignedIn() || pathname === SIGN_IN_PATH;

/**
 * Asks before leaving an editor with unsaved work (the offer editor and the counter-offer editor): a link or the
 * browser's back button (the app's router blocks the move until the user answers), and closing or reloading the tab
 * (the browser's own beforeunload prompt). Never when the session has ended or the move is to sign in.
 * `allowLeaving()` lets one deliberate move through (a confirmed Chat, for instance).
 */
export function useLeaveGuard({ dirty, draftId, content, okText }: Options) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const allowed = useRef(false);
  const guarded = dirty && !allowed.current;

  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        dirty &&
        !allowed.current &&
        !isDraftFinished(draftId) &&
        !forcedExit(nextLocation.pathname) &&
        currentLocation.pathname !== nextLocation.pathname,
      [dirty, draftId],
    ),
  );

  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return undefined;
    const confirm = modal.confirm({
      title: t('offers.editor.discardTitle'),
      content,
      okText,
      cancelText: t('offers.editor.keepEditing'),
      onOk: () => blockerRef.current.proceed?.(),
      onCancel: () => blockerRef.current.reset?.(),
    });
    // A forced exit while the question is open (idle logout) goes through: the question goes with the editor.
    return () => confirm.destroy();
  }, [blocker.state, modal, t, content, okText]);

  useEffect(() => {
    if (!guarded) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current || isDraftFinished(draftId) || !isSignedIn()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [guarded, draftId]);

  return {
    allowLeaving: useCallback(() => {
      allowed.current = true;
    }, []),
  };
}
