import { Tooltip } from 'antd';
import { HeatmapRect } from '@visx/heatmap';
import { useTranslation } from 'react-i18next';
import { COMMITMENT_CLASSES, isolateLtr, type CommitmentClass, type CoverageRow } from '@portal/shared';
import { COVERAGE_COLUMNS, columnX, countsAt, heatColour, shareOf, textColourOn, type CoverageColumn } from './heatmap';

const CELL_W = 64;
const CELL_H = 30;
const LABEL_W = 300;
const HEADER_H = 52;

interface Bin {
  count: number;
  row: CoverageRow;
}

/**
 * The sector × mode heat map: the darker a cell, the larger the share of the class shown (full by default), with the
 * number of that class written in it and every count on hover or keyboard focus. Right to left in Arabic: row names
 * on the right and mode 1 next to them; codes are isolated with Unicode marks, since Chromium anchors an SVG text
 * that opens with an isolated <tspan> as if it were left to right. The same figures are in the accessible table.
 */
export function CoverageHeatMap({ rows, shown }: { rows: CoverageRow[]; shown: CommitmentClass }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const cellsWidth = CELL_W * COVERAGE_COLUMNS.length;
  const width = LABEL_W + cellsWidth;
  const height = HEADER_H + CELL_H * rows.length;
  const cellsLeft = rtl ? 0 : LABEL_W;
  const xOf = (column: number) => cellsLeft + columnX(column, COVERAGE_COLUMNS.length, rtl) * CELL_W;
  const data = COVERAGE_COLUMNS.map((column) => ({
    column,
    bins: rows.map((row): Bin => ({ count: shareOf(countsAt(row, column), shown), row })),
  }));
  const describe = (row: CoverageRow, column: CoverageColumn) => {
    const counts = countsAt(row, column);
    const where = t('coverage.cell', {
      sector: `${row.code} ${row.title[i18n.language as 'en'] ?? row.title.en}`,
      block: t(`coverage.${column.block}`),
      mode: column.mode,
    });
    return { where, counts };
  };
  const labelX = rtl ? width - 8 : 8;
  const blockX = (first: number) => {
    const a = xOf(first);
    const b = xOf(first + 3);
    return (Math.min(a, b) + Math.max(a, b) + CELL_W) / 2;
  };
  return (
    <div className="coverage-heatmap" dir={rtl ? 'rtl' : 'ltr'}>
      <svg width={width} height={height} role="group" aria-label={t('coverage.heatMapLabel')}>
        {(['marketAccess', 'nationalTreatment'] as const).map((block, b) => (
          <text key={block} x={blockX(b * 4)} y={18} textAnchor="middle" className="coverage-block" data-block={block}>
            {t(`coverage.${block}`)}
          </text>
        ))}
        {COVERAGE_COLUMNS.map((column, c) => (
          <text
            key={column.key}
            x={xOf(c) + CELL_W / 2}
            y={42}
            textAnchor="middle"
            className="coverage-mode"
            data-column={column.key}
          >
            {column.mode}
          </text>
        ))}
        {rows.map((row, r) => {
          const title = row.title[i18n.language as 'en'] ?? row.title.en;
          const short = title.length > 34 ? `${title.slice(0, 33)}…` : title;
          return (
            <text
              key={row.code}
              x={labelX}
              y={HEADER_H + r * CELL_H + CELL_H / 2 + 5}
              textAnchor="start"
              direction={rtl ? 'rtl' : 'ltr'}
              className="coverage-row-label"
              data-row={row.code}
            >
              <title>{`${row.code} ${title}`}</title>
              {`${isolateLtr(row.code)} ${short}`}
            </text>
          );
        })}
        <HeatmapRect<(typeof data)[number], Bin>
          data={data}
          xScale={xOf}
          yScale={(r) => HEADER_H + r * CELL_H}
          colorScale={(share) => heatColour(Number(share))}
          binWidth={CELL_W}
          binHeight={CELL_H}
          gap={2}
        >
          {(heatmap) =>
            heatmap.flat().map((cell) => {
              const { where, counts } = describe(cell.bin.row, cell.datum.column);
              const lines = COMMITMENT_CLASSES.map((k) => `${t(`coverage.class.${k}`)}: ${counts[k]}`);
              return (
                <Tooltip
                  key={`${cell.row}-${cell.column}`}
                  trigger={['hover', 'focus']}
                  title={
                    <div className="coverage-tip">
                      <strong>{where}</strong>
                      {lines.map((line) => (
                        <div key={line}>{line}</div>
                      ))}
                    </div>
                  }
                >
                  <g
                    tabIndex={0}
                    role="img"
                    aria-label={`${where}. ${lines.join(', ')}`}
                    data-cell={`${cell.bin.row.code}:${cell.datum.column.key}`}
                    className="coverage-cell"
                  >
                    <rect x={cell.x} y={cell.y} width={cell.width} height={cell.height} fill={cell.color} rx={3} />
                    <text
                      x={cell.x + cell.width / 2}
                      y={cell.y + cell.height / 2 + 5}
                      textAnchor="middle"
                      fill={textColourOn(cell.count ?? 0)}
                      aria-hidden="true"
                    >
                      {counts[shown]}
                    </text>
                  </g>
                </Tooltip>
              );
            })
          }
        </HeatmapRect>
      </svg>
    </div>
  );
}
