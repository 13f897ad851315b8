import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Input, Popover, Space, Tag } from 'antd';
import { CheckOutlined, CloseOutlined, MessageOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EntryDecision as Decision, ResponseEntry } from '@portal/shared';
import { slot, WithUserValues } from '../../components/Bidi';
import { formatDay } from '../../i18n/dates';
import { useDecide } from './useEntryDecisions';
import { EntryHistoryButton } from './EntryHistoryButton';

const TAG_COLOUR: Record<Decision, string> = { OPEN: 'default', ACCEPTED: 'success', DECLINED: 'error' };

/**
 * What was decided on an entry, by whom and when (name and date isolated: "Aïssatou Ndiaye، 28/11/2026" keeps its
 * order in Arabic); the reason of a decline. Both sides read it.
 */
export function DecisionState({ entry }: { entry: ResponseEntry }) {
  const { t, i18n } = useTranslation();
  const label = entry.notTakenUp
    ? t('responses.decisions.notTakenUp')
    : t(`responses.decisions.state.${entry.decision}`);
  return (
    <div className="entry-decision-state" data-decision={entry.decision}>
      <Tag color={TAG_COLOUR[entry.decision]}>{label}</Tag>
      {entry.decidedBy && entry.decidedAt && (
        <span className="entry-decision-by">
          <WithUserValues
            text={t('responses.decisions.by', { name: slot(0), date: slot(1) })}
            values={[entry.decidedBy, formatDay(entry.decidedAt, i18n.language)]}
          />
        </span>
      )}
      {entry.note && (
        <q className="entry-decision-note" dir="auto">
          {entry.note}
        </q>
      )}
    </div>
  );
}

/**
 * The decision cell of one entry in the comparison: its state for everyone; Accept, Decline (with an optional reason)
 * and Reopen for the answering country; Discuss for both sides (the negotiation room, a message anchored to it).
 */
export function EntryDecision({
  responseId,
  offerId,
  offerCountryName,
  entry,
  mayDecide,
}: {
  responseId: string;
  offerId: string;
  offerCountryName: string;
  entry: ResponseEntry;
  mayDecide: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const decide = useDecide(responseId, offerId);
  const [reasonOpen, setReasonOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [discussing, setDiscussing] = useState(false);
  const busy = decide.isPending;
  const where = entry.sectorCodes.join(', ') || entry.sectorTitle;

  const discuss = async () => {
    setDiscussing(true);
    try {
      const { roomId } = await decide.discuss(entry.key);
      await navigate(`/chat/${roomId}/0`);
    } catch (error) {
      setDiscussing(false);
      void message.error(decide.errorText(error), 8);
    }
  };
  const send = (decision: Decision, note?: string) =>
    decide.mutate({ key: entry.key, decision, note, expected: entry.decision });

  return (
    <div className="entry-decision">
      <DecisionState entry={entry} />
      <Space wrap size={4}>
        {mayDecide && entry.decision !== 'ACCEPTED' && (
          <Button
            size="small"
            icon={<CheckOutlined />}
            loading={busy}
            onClick={() => send('ACCEPTED')}
            aria-label={t('responses.decisions.acceptEntry', { where })}
          >
            {t('responses.decisions.accept')}
          </Button>
        )}
        {mayDecide && entry.decision !== 'DECLINED' && (
          <Popover
            trigger="click"
            open={reasonOpen}
            onOpenChange={setReasonOpen}
            title={t('responses.decisions.reasonTitle')}
            content={
              <form
                className="entry-decision-reason"
                onSubmit={(e) => {
                  e.preventDefault();
                  setReasonOpen(false);
                  send('DECLINED', reason.trim() || undefined);
                }}
              >
                <Input.TextArea
                  autoFocus
                  value={reason}
                  maxLength={2000}
                  rows={3}
                  aria-label={t('responses.decisions.reasonLabel')}
                  placeholder={t('responses.decisions.reasonPlaceholder')}
                  onChange={(e) => setReason(e.target.value)}
                />
                <Button type="primary" danger htmlType="submit" size="small">
                  {t('responses.decisions.confirmDecline')}
                </Button>
              </form>
            }
          >
            <Button
              size="small"
              icon={<CloseOutlined />}
              loading={busy}
              aria-label={t('responses.decisions.declineEntry', { where })}
            >
              {t('responses.decisions.decline')}
            </Button>
          </Popover>
        )}
        {mayDecide && entry.decision !== 'OPEN' && (
          <Button size="small" icon={<UndoOutlined />} loading={busy} onClick={() => send('OPEN')}>
            {t('responses.decisions.reopen')}
          </Button>
        )}
        <Button
          size="small"
          type="text"
          icon={<MessageOutlined />}
          loading={discussing}
          onClick={() => void discuss()}
          aria-label={t('responses.decisions.discussEntry', { where })}
        >
          {t('responses.decisions.discuss')}
        </Button>
        {/* A sector entry's key is the answered offer's own: its history is the offer's. */}
        {entry.part === 'SECTOR' && entry.field !== 'whole' && !entry.key.startsWith('s.n') && (
          <EntryHistoryButton offerId={offerId} entryKey={entry.key} label={where} ownerName={offerCountryName} />
        )}
      </Space>
    </div>
  );
}

/** "Accept all" and "Decline all" of a sector's open entries, for the answering country. */
export function SectorDecisions({
  responseId,
  offerId,
  entries,
}: {
  responseId: string;
  offerId?: string;
  entries: ResponseEntry[];
}) {
  const { t } = useTranslation();
  const decide = useDecide(responseId, offerId);
  const [busy, setBusy] = useState<Decision | null>(null);
  const open = entries.filter((e) => e.decision === 'OPEN');
  if (open.length === 0) return null;
  const all = async (decision: Decision) => {
    setBusy(decision);
    await decide.decideAll(open, decision);
    setBusy(null);
  };
  return (
    <Space size={4} className="sector-decisions">
      <Button size="small" loading={busy === 'ACCEPTED'} disabled={busy !== null} onClick={() => void all('ACCEPTED')}>
        {t('responses.decisions.acceptAll', { count: open.length })}
      </Button>
      <Button size="small" loading={busy === 'DECLINED'} disabled={busy !== null} onClick={() => void all('DECLINED')}>
        {t('responses.decisions.declineAll', { count: open.length })}
      </Button>
    </Space>
  );
}
