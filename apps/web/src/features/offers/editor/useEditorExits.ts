import { useCallback } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { finishDraft, type DraftId } from './draft';
import { offerKeys } from '../queries';

type Modal = ReturnType<typeof App.useApp>['modal'];

/**
 * Leaves at once when nothing is unsaved; otherwise asks first, as both schedule editors (offer and request) do on
 * cancel: the unsaved changes are discarded only once the user confirms.
 */
export function leaveOrConfirmDiscard(dirty: boolean, leave: () => unknown, modal: Modal, t: TFunction): void {
  if (!dirty) {
    void leave();
    return;
  }
  modal.confirm({
    title: t('offers.editor.discardTitle'),
    content: t('offers.editor.discard'),
    okText: t('offers.editor.discardOk'),
    okButtonProps: { danger: true },
    cancelText: t('offers.editor.keepEditing'),
    onOk: leave,
  });
}

/**
 * How the editor is left: after a successful save (the local draft is cleared, the lists refreshed, the message
 * shown, then /offers), or on cancel (unsaved changes are discarded after a confirmation).
 */
export function useEditorExits(draftId: DraftId, release: () => Promise<void>) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const afterSave = useCallback(
    async (submitted: boolean) => {
      finishDraft(draftId);
      await release();
      await queryClient.invalidateQueries({ queryKey: offerKeys.all });
      void message.success(submitted ? t('offers.messages.submitted') : t('offers.messages.saved'));
      await navigate('/offers');
    },
    [draftId, release, queryClient, message, t, navigate],
  );

  const cancel = useCallback(
    (dirty: boolean) => {
      const leave = async () => {
        finishDraft(draftId);
        await release();
        await navigate('/offers');
      };
      leaveOrConfirmDiscard(dirty, leave, modal, t);
    },
    [draftId, release, navigate, modal, t],
  );

  return { afterSave, cancel };
}
