import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocalDraft } from './draft';
import { formatDateTime } from '../../../i18n/dates';

interface Props {
  draft: LocalDraft;
  /** The server revision being edited: a draft started from another one says so. */
  baseRevision: number;
  onRestore: (draft: LocalDraft) => void;
  onDiscard: () => void;
}

/** "Unsaved changes from … were found in this browser": Restore or Discard (the offer and counter-offer editors). */
export function DraftRestoreBanner({ draft, baseRevision, onRestore, onDiscard }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      className="restore-banner"
      title={t('offers.draft.found', { date: formatDateTime(draft.savedAt, i18n.language) })}
      description={draft.baseRevision !== baseRevision ? t('offers.draft.olderBase') : undefined}
      action={
        <Space>
          <Button type="primary" size="small" onClick={() => onRestore(draft)}>
            {t('offers.draft.restore')}
          </Button>
          <Button size="small" onClick={onDiscard}>
            {t('offers.draft.discard')}
          </Button>
        </Space>
      }
    />
  );
}
