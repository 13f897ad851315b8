import '../offers.css';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  inClassificationOrder,
  type CommitmentEntry,
  type Language,
  type LimitationBlock,
  type OfferDocument,
} from '@portal/shared';
import { MODES_OF_SUPPLY } from '../contract';
import { Code, TextWithCodes, UserText } from '../../../components/Bidi';
import { RegionalLogo } from '../../layout/RegionalLogo';
import { RichTextView, StoredTextView } from './RichTextView';
import { sectorTitle } from '../document';
import { SectorCodes } from './SectorHeading';
import { isBlankHtml } from '../sanitize';
import { HORIZONTAL_COLUMNS, type Row } from '../table';
import { MFN_COLUMNS } from '../contract';
import { ColumnHeads } from '../../../components/ColumnHeads';

const VALUE_KEY: Record<string, 'none' | 'unbound' | 'unboundStar'> = {
  None: 'none',
  Unbound: 'unbound',
  'Unbound*': 'unboundStar',
};

export interface OfferDocumentMeta {
  countryName?: string | null;
  statusLabel?: string;
  versionLabel?: string;
}

interface Props {
  doc: OfferDocument;
  meta?: OfferDocumentMeta;
  /** The language of a translated copy: headings follow it (else the interface language). */
  language?: Language;
  /** Texts a translation left as written, marked for the reader. */
  untranslated?: ReadonlySet<string>;
}

const NO_MARKS: ReadonlySet<string> = new Set();

/** The schedule as a reader sees it (preview, print, other countries' offers, versions): the conventional layout. */
export const OfferDocumentView = memo(function OfferDocumentView({
  doc,
  meta,
  language,
  untranslated = NO_MARKS,
}: Props) {
  const { t } = useTranslation(undefined, { lng: language });
  const marked = (text: string) => untranslated.has(text);
  const markClass = (text: string) => (marked(text) ? 'untranslated-text' : undefined);
  const plain = (text: string) => <StoredTextView text={text} className={markClass(text)} />;
  const entryText = (e: CommitmentEntry) => {
    const key = VALUE_KEY[e.value];
    const level = key ? t(`offers.values.${key}`) : e.value;
    const marks = [e.isChecked && t('offers.entry.gatsPlus'), e.isCheckedLiberation && t('offers.entry.afcftaPlus')]
      .filter(Boolean)
      .join(', ');
    const comment = e.hasComment && e.comment ? e.comment : '';
    if (!level && !marks && !comment) return null;
    // Level, marks and comment are isolated one by one: an Arabic level may come with an English comment.
    return (
      <span className={marked(e.value) || (comment && marked(comment)) ? 'untranslated-text' : undefined}>
        {level && <UserText text={level} />}
        {marks && ` [${marks}]`}
        {comment && (
          <>
            {' ('}
            <UserText text={comment} />)
          </>
        )}
      </span>
    );
  };
  const block = (b: LimitationBlock) => (
    <ol className="schedule-modes">
      {MODES_OF_SUPPLY.map((m, i) => (
        <li key={m}>
          <Code>{`${i + 1})`}</Code> {entryText(b[m]) ?? '—'}
        </li>
      ))}
      {b.comment && <li className="schedule-note">{plain(b.comment)}</li>}
    </ol>
  );
  const table = (rows: Row[], headers: string[], caption: string) => (
    <table className="schedule-table">
      <caption>{caption}</caption>
      <ColumnHeads names={headers} />
      <tbody>
        {rows.map((row, r) => (
          <tr key={r}>
            {row.map((cell, c) => (
              <td
                key={c}
                colSpan={cell.style.cols ?? undefined}
                className={cell.style.weight === 'bold' ? 'cell-bold' : undefined}
              >
                <RichTextView html={cell.value} className={markClass(cell.value)} />
              </td>
            ))}
          </tr>
        ))}
        {rows.length === 0 && (
          <tr>
            <td colSpan={headers.length}>{t('offers.preview.none')}</td>
          </tr>
        )}
      </tbody>
    </table>
  );

  return (
    <article className="offer-document">
      <header className="offer-document-header">
        <RegionalLogo size={56} />
        <div>
          <h2 className="offer-document-title">{doc.name ? plain(doc.name) : t('offers.preview.untitled')}</h2>
          <p className="offer-document-meta">
            <TextWithCodes
              text={[meta?.countryName, meta?.statusLabel, meta?.versionLabel].filter(Boolean).join(' · ')}
            />
          </p>
        </div>
      </header>
      {!isBlankHtml(doc.description) && (
        <section>
          <h3>{t('offers.horizontal.openingStatement')}</h3>
          <RichTextView html={doc.description} className={markClass(doc.description)} />
        </section>
      )}
      {table(
        doc.geenralCommitement,
        HORIZONTAL_COLUMNS.map((c) => t(`offers.table.horizontal.${c}`)),
        t('offers.terms.horizontal'),
      )}
      <table className="schedule-table">
        <caption>{t('offers.preview.specific')}</caption>
        <thead>
          <tr>
            {HORIZONTAL_COLUMNS.map((c) => (
              <th key={c} scope="col">
                {t(`offers.table.horizontal.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {/* In classification order, as the WTO prints a schedule; the stored order is the order of entry. */}
          {inClassificationOrder(doc.sectors).map((s) => (
            <tr key={s.sectorId}>
              <td>
                <strong>
                  <TextWithCodes text={sectorTitle(s) ?? t('offers.preview.noService')} />
                </strong>
                {s.services.slice(1).map((x) => (
                  <div key={x.key}>
                    <Code>{x.value}</Code> <UserText text={x.title} />
                  </div>
                ))}
                <SectorCodes sector={s} as="div" language={language} />
              </td>
              <td>{block(s.sectorCommitement.limitationsMA)}</td>
              <td>{block(s.sectorCommitement.limitationsOnNationalTreatment)}</td>
              <td>
                {plain(s.sectorCommitement.additionalCommitment.commitment)}
                {s.sectorCommitement.additionalCommitment.comment && (
                  <div className="schedule-note">{plain(s.sectorCommitement.additionalCommitment.comment)}</div>
                )}
              </td>
            </tr>
          ))}
          {doc.sectors.length === 0 && (
            <tr>
              <td colSpan={4}>{t('offers.preview.none')}</td>
            </tr>
          )}
        </tbody>
      </table>
      {table(
        doc.geenralCommitementCon,
        MFN_COLUMNS.map((c) => t(`offers.table.mfn.${c}`)),
        t('offers.terms.mfn'),
      )}
    </article>
  );
});
