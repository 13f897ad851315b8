import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

interface Bar {
  key: string;
  label: string;
  value: number;
}

/**
 * A horizontal bar chart in plain HTML and CSS (no chart library): each bar's length is its share of the largest
 * value, and the figure is also written out, so screen readers and printouts get the numbers.
 */
export function BarChart({
  title,
  bars,
  colour,
  emptyText,
}: {
  title: string;
  bars: Bar[];
  colour?: string;
  emptyText: string;
}) {
  const { i18n } = useTranslation();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <figure className="bar-chart" style={colour ? ({ '--bar-colour': colour } as CSSProperties) : undefined}>
      <figcaption>{title}</figcaption>
      {bars.length === 0 ? (
        <p>{emptyText}</p>
      ) : (
        <ul>
          {bars.map((b) => (
            <li key={b.key} className="bar-row">
              <span className="bar-label" title={b.label}>
                {b.label}
              </span>
              <span className="bar-track" aria-hidden>
                <span className="bar-fill" style={{ inlineSize: `${(b.value / max) * 100}%` }} />
              </span>
              <span className="bar-value">{number.format(b.value)}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
