import { useId, useRef, useState } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ImportWarning, OfferImport } from '@portal/shared';
import { ListAlert } from '../../../components/ListAlert';
import { offersApi } from '../api';
import { offerErrorText } from '../errors';

interface Props {
  /** The document read from the file, with its warnings, to open in the editor for review. */
  onImported: (result: OfferImport, fileName: string) => void;
}

/** "Start from a schedule file": a .docx or .xlsx in the WTO four-column layout, read by the server, not saved. */
export function ScheduleImport({ onImported }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const read = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      onImported(await offersApi.importSchedule(file), file.name);
    } catch (e) {
      setError(offerErrorText(e, t));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section className="offers-import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="offers-import-title">
        {t('offers.import.title')}
      </h2>
      <p id={`${id}-help`}>{t('offers.import.help')}</p>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept=".docx,.xlsx,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="visually-hidden"
        aria-describedby={`${id}-help`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void read(file);
        }}
      />
      <Button loading={busy} onClick={() => input.current?.click()}>
        {busy ? t('offers.import.reading') : t('offers.import.choose')}
      </Button>
      {error && <Alert className="offers-import-error" type="error" showIcon role="alert" title={error} />}
    </section>
  );
}

/** Where a warning is in the file: "Table 1, row 8" or "Sheet Schedule, row 8". */
function placeOf(w: ImportWarning, t: TFunction) {
  const row = t('offers.import.row', { row: w.row });
  if (w.table !== undefined) return `${t('offers.import.table', { table: w.table })}, ${row}`;
  if (w.sheet !== undefined) return `${t('offers.import.sheet', { sheet: w.sheet })}, ${row}`;
  return row;
}

/** What the import could not place, for the user to read and fix by hand before saving. */
export function ImportWarnings({ fileName, warnings }: { fileName: string; warnings: ImportWarning[] }) {
  const { t } = useTranslation();
  if (warnings.length === 0)
    return <Alert type="success" showIcon role="status" title={t('offers.import.clean', { fileName })} />;
  return (
    <ListAlert
      type="warning"
      role="status"
      title={t('offers.import.warningsTitle', { count: warnings.length, fileName })}
      listClassName="offers-import-warnings"
      items={warnings}
      itemKey={(_, i) => i}
      renderItem={(w) => (
        <>
          <strong>{placeOf(w, t)}</strong>
          {': '}
          {t(`offers.import.reasons.${w.reason}`, {
            column: w.column ? t(`offers.import.columns.${w.column}`) : '',
            modes: (w.modes ?? []).join(', '),
          })}
          {w.text && (
            <>
              {' — '}
              <q dir="auto">{w.text}</q>
            </>
          )}
        </>
      )}
    />
  );
}
