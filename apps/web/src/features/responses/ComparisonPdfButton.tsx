import { useState } from 'react';
import { App, Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download';
import { toLanguage } from '../../i18n';
import { documentErrorText } from '../documents/errors';

/** What is compared: two submitted versions of the offer, or a counter offer against the version it answers. */
type ComparedPair = { from: number; to: number } | { responseId: string };

/** The call of the comparison PDF (made on the server from the same shared diff as the screen). */
export function comparisonPdfPath(offerId: string, pair: ComparedPair, lang: string): string {
  const query = new URLSearchParams({ format: 'pdf', lang });
  if ('responseId' in pair) query.set('responseId', pair.responseId);
  else {
    query.set('from', String(pair.from));
    query.set('to', String(pair.to));
  }
  return `/offers/${encodeURIComponent(offerId)}/compare/export?${query}`;
}

/** Download PDF: the comparison in the interface language; a refusal (busy, too large…) is said, never a blank file. */
export function ComparisonPdfButton({ offerId, pair }: { offerId: string; pair: ComparedPair }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const lang = toLanguage(i18n.language);
  const download = async () => {
    setBusy(true);
    try {
      const fallback =
        'responseId' in pair
          ? `comparison-counter-offer-${lang}.pdf`
          : `comparison-v${pair.from}-v${pair.to}-${lang}.pdf`;
      await downloadFile(comparisonPdfPath(offerId, pair, lang), fallback);
    } catch (error) {
      void message.error(documentErrorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<FilePdfOutlined />} loading={busy} onClick={() => void download()}>
      {t('versions.page.downloadPdf')}
    </Button>
  );
}
