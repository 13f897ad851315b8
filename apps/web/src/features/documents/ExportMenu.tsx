import { useRef, useState } from 'react';
import { Alert, Button, Popover, Radio, type ButtonProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@portal/shared';
import { toLanguage } from '../../i18n';
import { EXPORT_FORMATS, downloadExport, type ExportFormat, type ExportSource } from './api';
import { documentErrorText } from './errors';
import './documents.css';

interface Props {
  source: ExportSource;
  size?: ButtonProps['size'];
  /** What the document is, for the button's accessible name where several menus share a screen (a list's rows). */
  subject?: string;
}

/**
 * Download a schedule as a document made on the server: PDF, Word or Excel, in English, French or Arabic
 * (the interface language first). A button opens a small dialog: two labelled radio groups and Download;
 * a spinner while the server works, and what went wrong in words when it did not make the file.
 */
export function ExportMenu({ source, size = 'middle', subject }: Props) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<ExportFormat>('pdf');
  const [language, setLanguage] = useState<Language>(() => toLanguage(i18n.language));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const label = subject ? t('documents.menu.buttonFor', { subject }) : t('documents.menu.button');

  const openChange = (next: boolean) => {
    if (busy && !next) return;
    if (next) {
      setLanguage(toLanguage(i18n.language));
      setError(null);
    }
    setOpen(next);
  };
  const close = () => {
    openChange(false);
    trigger.current?.focus();
  };

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadExport(source, format, language);
      setBusy(false);
      setOpen(false);
      trigger.current?.focus();
    } catch (e) {
      setBusy(false);
      setError(documentErrorText(e, t));
    }
  };

  const content = (
    <div
      ref={panel}
      className="export-menu"
      role="dialog"
      aria-label={t('documents.menu.title')}
      aria-busy={busy}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        }
      }}
    >
      <fieldset className="export-menu-group">
        <legend>{t('documents.menu.format')}</legend>
        <Radio.Group
          value={format}
          disabled={busy}
          onChange={(e) => setFormat(e.target.value as ExportFormat)}
          options={EXPORT_FORMATS.map((f) => ({ value: f, label: t(`documents.formats.${f}`) }))}
        />
      </fieldset>
      <fieldset className="export-menu-group">
        <legend>{t('documents.menu.language')}</legend>
        <Radio.Group
          value={language}
          disabled={busy}
          onChange={(e) => setLanguage(e.target.value as Language)}
          options={LANGUAGES.map((l) => ({ value: l, label: <span lang={l}>{t(`languages.${l}`)}</span> }))}
        />
      </fieldset>
      {error && <Alert className="export-menu-error" type="error" showIcon role="alert" title={error} />}
      <div className="export-menu-actions">
        <Button onClick={close} disabled={busy}>
          {t('documents.menu.cancel')}
        </Button>
        <Button type="primary" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
          {busy ? t('documents.menu.working') : t('documents.menu.download')}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={openChange}
      trigger="click"
      placement="bottomRight"
      content={content}
      destroyOnHidden
      afterOpenChange={(visible) => {
        // Keyboard users land on the chosen format, ready to change it or tab on to Download.
        if (visible) panel.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
      }}
    >
      <Button
        ref={trigger}
        size={size}
        icon={<DownloadOutlined />}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={label}
      >
        {t('documents.menu.button')}
      </Button>
    </Popover>
  );
}
