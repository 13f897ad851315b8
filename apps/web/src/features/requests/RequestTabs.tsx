import type { ReactNode } from 'react';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfferDocument, Sector } from '@portal/shared';
import { TYPED_TEXT } from '../../components/Bidi';
import { MODES_OF_SUPPLY } from '../offers/contract';
import { LIMITATION_KEYS, asksSomething } from './requestDocument';
import { ColumnHeads } from '../../components/ColumnHeads';

/** Tab 0 of the request editor: what is asked of, and the covering note. */
export function RequestNoteTab({
  target,
  note,
  onNote,
}: {
  target: ReactNode;
  note: string;
  onNote: (note: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="offers-stack">
      <div className="request-target">{target}</div>
      <p className="offers-hint">{t('requests.editor.howTo')}</p>
      <label className="offers-field">
        <span>{t('requests.editor.note')}</span>
        <Input.TextArea
          {...TYPED_TEXT}
          rows={5}
          maxLength={20000}
          value={note}
          placeholder={t('requests.editor.notePlaceholder')}
          onChange={(e) => onNote(e.target.value)}
        />
      </label>
    </div>
  );
}

/** The last tab: the sectors asked for and how many modes each asks, before 'Submit request'. */
export function RequestReviewTab({
  doc,
  sectorName,
  onOpen,
}: {
  doc: OfferDocument;
  sectorName: (index: number) => string;
  onOpen: (tab: number) => void;
}) {
  const { t } = useTranslation();
  const chosen = doc.sectors.map((s, i) => ({ s, i })).filter(({ s }) => s.services.length > 0);
  const asked = (key: (typeof LIMITATION_KEYS)[number], s: Sector) =>
    MODES_OF_SUPPLY.filter((m) => s.sectorCommitement[key][m].value.trim() !== '').length;
  return (
    <div className="offers-stack">
      <h2 className="request-review-title">{t('requests.editor.reviewTitle')}</h2>
      {chosen.length === 0 ? (
        <p>{t('requests.editor.noSector')}</p>
      ) : (
        <table className="request-review">
          <caption className="visually-hidden">{t('requests.editor.reviewTitle')}</caption>
          <ColumnHeads
            names={[
              t('requests.columns.sector'),
              t('offers.terms.limitationsMA'),
              t('offers.terms.limitationsNT'),
              t('offers.terms.additional'),
            ]}
          />
          <tbody>
            {chosen.map(({ s, i }) => (
              <tr key={s.sectorId}>
                <th scope="row">
                  <Button type="link" size="small" onClick={() => onOpen(i + 1)}>
                    {sectorName(i)}
                  </Button>
                  {!asksSomething(s) && (
                    <span className="request-warning"> {t('requests.editor.asksNothingShort')}</span>
                  )}
                </th>
                <td>{t('requests.editor.modesAsked', { count: asked('limitationsMA', s) })}</td>
                <td>{t('requests.editor.modesAsked', { count: asked('limitationsOnNationalTreatment', s) })}</td>
                <td>
                  {s.sectorCommitement.additionalCommitment.commitment.trim() ? t('requests.yes') : t('requests.no')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {doc.description.trim() && (
        <div>
          <h3 className="limitation-block-title">{t('requests.editor.note')}</h3>
          <p {...TYPED_TEXT} className="request-note">
            {doc.description}
          </p>
        </div>
      )}
    </div>
  );
}
