/**
 * What a translated copy of an offer is made of (the server's `translation` note): for reading
 * only, which texts a machine translated (marked as machine translation), how many were left as written, and when
 * the offer was already in the asked language.
 */
import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationNote } from '@portal/shared';

export function TranslationNotice({ note }: { note: TranslationNote }) {
  const { t } = useTranslation();
  const machine = note.machineTranslated ?? 0;
  const sameLanguage = note.sourceLanguage === note.language && note.untranslated === 0 && machine === 0;
  const lines = [
    machine > 0 && (
      <p key="machine">
        <Tag color="purple">{t('chat.translation.machine')}</Tag> {t('offers.preview.machine', { count: machine })}
      </p>
    ),
    note.untranslated > 0 && <p key="untranslated">{t('offers.preview.untranslated', { count: note.untranslated })}</p>,
    sameLanguage && <p key="same">{t('offers.preview.sameLanguage')}</p>,
  ].filter(Boolean);
  return (
    <Alert
      type={note.untranslated > 0 || machine > 0 ? 'warning' : 'info'}
      showIcon
      className="offer-preview-note"
      title={t('offers.preview.translatedNote')}
      description={lines.length > 0 ? lines : undefined}
    />
  );
}
