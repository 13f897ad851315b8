import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Modal } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OfferDocument } from '@portal/shared';
import { OfferDocumentView, type OfferDocumentMeta } from './OfferDocumentView';

interface Props {
  open: boolean;
  doc: OfferDocument;
  meta?: OfferDocumentMeta;
  onClose: () => void;
}

/**
 * Read-only preview with the regional logo; Print / save as PDF uses the browser's print dialog (letter, portrait,
 * 15 mm margins via @page). While printing, a copy of the document is the only thing on the page.
 */
export function OfferPreviewModal({ open, doc, meta, onClose }: Props) {
  const { t } = useTranslation();
  const [printing, setPrinting] = useState(false);

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
        footer={[
          <Button key="close" onClick={onClose}>
            {t('offers.actions.close')}
          </Button>,
          <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => setPrinting(true)}>
            {t('offers.preview.print')}
          </Button>,
        ]}
      >
        <OfferDocumentView doc={doc} meta={meta} />
      </Modal>
      {printing && createPortal(<div className="offer-print-portal"><OfferDocumentView doc={doc} meta={meta} /></div>, document.body)}
    </>
  );
}
