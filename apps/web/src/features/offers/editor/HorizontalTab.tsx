import { memo, useCallback } from 'react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfferDocument } from '@portal/shared';
import { CommitmentTable } from './CommitmentTable';
import { RichTextEditor } from './RichTextEditor';
import { RichTextView } from '../view/RichTextView';
import type { Row } from '../table';
import { TYPED_TEXT } from '../../../components/Bidi';

export type DocumentUpdate = (update: (doc: OfferDocument) => OfferDocument) => void;

interface Props {
  name: string;
  description: string;
  rows: Row[];
  readOnly?: boolean;
  /**
   * The title is fixed: the secretariat's offer for a country is given its default name by the
   * server whatever is typed (the spec's offer workflow), so it is shown read-only rather than as a field that forgets.
   */
  nameReadOnly?: boolean;
  update: DocumentUpdate;
}

/** Tab 0: the offer's title, the opening statement (rich text) and the horizontal commitments table. */
export const HorizontalTab = memo(function HorizontalTab({
  name,
  description,
  rows,
  readOnly,
  nameReadOnly,
  update,
}: Props) {
  const { t } = useTranslation();
  const onDescription = useCallback((html: string) => update((d) => ({ ...d, description: html })), [update]);
  const onRows = useCallback(
    (change: (rows: Row[]) => Row[]) => update((d) => ({ ...d, geenralCommitement: change(d.geenralCommitement) })),
    [update],
  );
  return (
    <div className="offers-stack">
      <h2 className="editor-panel-title">{t('offers.terms.horizontal')}</h2>
      <label className="offers-field">
        <span>{t('offers.horizontal.name')}</span>
        <Input
          {...TYPED_TEXT}
          value={name}
          readOnly={readOnly || nameReadOnly}
          variant={nameReadOnly && !readOnly ? 'filled' : undefined}
          aria-describedby={nameReadOnly && !readOnly ? 'offer-name-fixed' : undefined}
          maxLength={500}
          onChange={(e) => {
            const v = e.target.value;
            update((d) => ({ ...d, name: v }));
          }}
        />
      </label>
      {nameReadOnly && !readOnly && (
        <p id="offer-name-fixed" className="offers-hint">
          {t('workflow.add.nameFixed', { name })}
        </p>
      )}
      <div className="offers-field">
        <span id="opening-statement-label">{t('offers.horizontal.openingStatement')}</span>
        {readOnly ? (
          <RichTextView html={description} />
        ) : (
          <RichTextEditor
            value={description}
            onChange={onDescription}
            label={t('offers.horizontal.openingStatement')}
            minRows={5}
          />
        )}
      </div>
      <div className="offers-field">
        <span>{t('offers.horizontal.table')}</span>
        <CommitmentTable
          kind="horizontal"
          rows={rows}
          caption={t('offers.terms.horizontal')}
          readOnly={readOnly}
          onChange={onRows}
        />
      </div>
    </div>
  );
});

/** Last tab: the MFN exemptions table (sector, description of measure, countries, intended, conditions). */
export const MfnTab = memo(function MfnTab({
  rows,
  readOnly,
  update,
}: {
  rows: Row[];
  readOnly?: boolean;
  update: DocumentUpdate;
}) {
  const { t } = useTranslation();
  const onRows = useCallback(
    (change: (rows: Row[]) => Row[]) =>
      update((d) => ({ ...d, geenralCommitementCon: change(d.geenralCommitementCon) })),
    [update],
  );
  return (
    <div className="offers-stack">
      <h2 className="editor-panel-title">{t('offers.terms.mfn')}</h2>
      <p className="offers-hint">{t('offers.mfn.hint')}</p>
      <CommitmentTable kind="mfn" rows={rows} caption={t('offers.terms.mfn')} readOnly={readOnly} onChange={onRows} />
    </div>
  );
});
