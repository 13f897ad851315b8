import { App, Button } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContactMessage } from '@portal/shared';
import { backofficeApi, backofficeKeys } from './api';
import { backofficeErrorText } from './messages';

/** Archives a contact-us message (out of the mailbox's default list), or brings an archived one back. */
export function ContactArchiveButton({ mail }: { mail: ContactMessage }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const archived = mail.archivedAt !== null;
  const toggle = useMutation({
    mutationFn: () => backofficeApi.setContactArchived(mail.id, !archived),
    onSuccess: () => {
      void message.success(t(archived ? 'contactMailbox.unarchived' : 'contactMailbox.archived'));
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.contact() });
    },
    onError: (error) => void message.error(backofficeErrorText(error, t)),
  });
  const label = t(archived ? 'contactMailbox.unarchive' : 'contactMailbox.archive');
  return (
    <Button
      size="small"
      loading={toggle.isPending}
      onClick={() => toggle.mutate()}
      aria-label={`${label}: ${mail.subject}`}
    >
      {label}
    </Button>
  );
}
