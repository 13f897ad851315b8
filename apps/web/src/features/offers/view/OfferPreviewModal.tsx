import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Modal, Segmented, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, type OfferDocument } from '@portal/shared';
import { ExportMenu } from '../../documents/ExportMenu';
import type { ExportSource } from '../../documents/api';
import { OfferDocumentView, type OfferDocumentMeta } from './OfferDocumentView';
import { TranslationNotice } from './TranslationNotice';
import { untranslatedTexts, useOfferTranslation } from './useOfferTranslation';

interface Props {
  open: boolean;
  doc: OfferDocument;
  meta?: OfferDocumentMeta;
  /** The stored offer shown (translated by id); omitted for the editor's unsaved copy (sent to be translated). */
  offerId?: string;
  onClose: () => void;
  /** More buttons for the footer, before Close (the viewer's Discuss). */
  actions?: ReactNode;
  /** The stored offer or version shown, downloadable as PDF, Word or Excel made on the server (not the editor's unsaved copy). */
  exportSource?: ExportSource;
}

type Shown = Language | 'original';

/**
 * Read-only preview with the regional logo; Print / save as PDF uses the browser's print dialog (letter, portrait,
 * 15 mm margins via @page). While printing, a copy of the document is the only thing on the page.
 * A language switch shows a translated copy (English, French or Arabic, right-to-left for Arabic), the texts the
 * translation left as written marked.
 */
export function OfferPreviewModal({ open, doc, meta, offerId, onClose, actions, exportSource }: Props) {
  const { t } = useTranslation();
  const [printing, setPrinting] = useState(false);
  const [shown, setShown] = useState<Shown>('original');
  const language = shown === 'original' ? null : shown;
  const translation = useOfferTranslation(doc, open ? language : null, offerId);
  const copy = language && translation.data ? translation.data : null;
  const untranslated = useMemo(
    () => (copy && copy.translation.untranslated > 0 ? untranslatedTexts(doc, copy) : undefined),
    [doc, copy],
  );
  const view = copy ? (
    <div dir={language === 'ar' ? 'rtl' : 'ltr'} lang={language ?? undefined}>
      <OfferDocumentView doc={copy} meta={meta} language={language ?? undefined} untranslated={untranslated} />
    </div>
  ) : (
    <OfferDocumentView doc={doc} meta={meta} />
  );

  useEffect(() => {
    if (!printing) return;
    document.body.classList.add('print-offer');
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    const timer = window.setTimeout(() => window.print(), 50);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('afterprint', done);
      document.body.classList.remove('print-offer');
    };
  }, [printing]);

  return (
    <>
      <Modal
        open={open}
        onCancel={onClose}
        width={1100}
        title={t('offers.preview.title')}
        destroyOnHidden
        afterClose={() => setShown('original')}
        footer={[
          actions && <span key="actions">{actions}</span>,
          <Button key="close" onClick={onClose}>
            {t('offers.actions.close')}
          </Button>,
          exportSource && <ExportMenu key="export" source={exportSource} />,
          <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => setPrinting(true)}>
            {t('offers.preview.print')}
          </Button>,
        ]}
      >
        <div className="offer-preview-toolbar">
          <Segmented<Shown>
            aria-label={t('offers.preview.language')}
            value={shown}
            onChange={setShown}
            options={[
              { value: 'original', label: t('offers.preview.asWritten') },
              ...LANGUAGES.map((l) => ({ value: l, label: <span lang={l}>{t(`languages.${l}`)}</span> })),
            ]}
          />
          {language && translation.isFetching && <Spin size="small" aria-label={t('offers.preview.translating')} />}
        </div>
        {language && translation.isError && (
          <Alert type="warning" showIcon title={t('offers.preview.translateFailed')} />
        )}
        {copy && <TranslationNotice note={copy.translation} />}
        {view}
      </Modal>
      {printing && createPortal(<div className="offer-print-portal">{view}</div>, document.body)}
    </>
  );
}
