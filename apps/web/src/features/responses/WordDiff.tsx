import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { sideSpans, type WordSpan } from '@portal/shared';
import { TextWithCodes } from '../../components/Bidi';

/**
 * One side of a changed cell: the words kept as they are, the words deleted (first document) struck through, the
 * words inserted (second document) underlined — colour and a line, so the change is seen without colour too — and
 * named for screen readers. The cell takes the direction of its own text (`dir="auto"`), codes stay left to right.
 */
export function WordDiff({ spans, side }: { spans: readonly WordSpan[]; side: 'before' | 'after' }) {
  const { t } = useTranslation();
  const shown = sideSpans(spans, side);
  if (shown.every((s) => !s.text.trim())) return <span className="diff-empty">—</span>;
  return (
    <bdi dir="auto" className="diff-text">
      {shown.map((s, i) => {
        if (s.op === 'same') return <TextWithCodes key={i} text={s.text} />;
        const Tag = s.op === 'del' ? 'del' : 'ins';
        // The space after the last word stays outside the mark, so the line or underline ends with the word.
        const words = s.text.trimEnd();
        return (
          <Fragment key={i}>
            <Tag className={`diff-${s.op}`}>
              <span className="visually-hidden">
                {t(s.op === 'del' ? 'versions.diff.deleted' : 'versions.diff.inserted')}{' '}
              </span>
              <TextWithCodes text={words} />
            </Tag>
            {s.text.slice(words.length)}
          </Fragment>
        );
      })}
    </bdi>
  );
}
