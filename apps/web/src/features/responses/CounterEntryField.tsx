import { memo } from 'react';
import { Button, Tag } from 'antd';
import { MessageOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CommitmentEntry, ModeOfSupply } from '@portal/shared';
import { CommitmentEntryField } from '../offers/editor/CommitmentEntryField';
import { entryState } from './counterEntry';
import { UserText } from '../../components/Bidi';
import { entryText } from './entryText';

interface Props {
  mode: ModeOfSupply;
  entry: CommitmentEntry;
  original: CommitmentEntry;
  blockLabel: string;
  /** Changes after a reset, so the editable field starts again from the original. */
  version: number;
  onChange: (mode: ModeOfSupply, update: (entry: CommitmentEntry) => CommitmentEntry) => void;
  onReset: (mode: ModeOfSupply) => void;
  onChat: () => void;
}

/**
 * One mode of supply in counter-offer mode: the offer editor's field, green once its value is edited (with Reset and
 * Chat, and the original beside it), marked Resolved once answered by a note.
 */
export const CounterEntryField = memo(function CounterEntryField({
  mode,
  entry,
  original,
  blockLabel,
  version,
  onChange,
  onReset,
  onChat,
}: Props) {
  const { t } = useTranslation();
  const state = entryState(entry);
  const label = `${blockLabel}: ${t(`offers.modes.${mode}`)}`;
  return (
    <div className={`counter-entry counter-entry-${state}`} data-state={state}>
      <CommitmentEntryField key={version} mode={mode} entry={entry} blockLabel={blockLabel} onChange={onChange} />
      {state !== 'unchanged' && (
        <div className="counter-entry-tools">
          {state === 'edited' ? (
            <Tag color="green">{t('responses.entry.changed')}</Tag>
          ) : (
            <Tag color="blue">{t('responses.entry.resolved')}</Tag>
          )}
          <span className="counter-entry-original">
            {t('responses.entry.original')}: {entryText(original, t) ? <UserText text={entryText(original, t)} /> : '—'}
          </span>
          <span className="counter-entry-actions">
            <Button
              size="small"
              icon={<UndoOutlined />}
              aria-label={`${t('responses.entry.reset')}: ${label}`}
              onClick={() => onReset(mode)}
            >
              {t('responses.entry.reset')}
            </Button>
            {state === 'edited' && (
              <Button
                size="small"
                icon={<MessageOutlined />}
                aria-label={`${t('responses.entry.chat')}: ${label}`}
                onClick={onChat}
              >
                {t('responses.entry.chat')}
              </Button>
            )}
          </span>
        </div>
      )}
    </div>
  );
});
