import { memo, useEffect, useState } from 'react';
import { App, Button, Empty, Input, Popconfirm, Tooltip } from 'antd';
import { BoldOutlined, CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TableCell } from '@portal/shared';
import { ColumnHeads } from '../../../components/ColumnHeads';
import { MFN_COLUMNS } from '../contract';
import { RichTextEditor } from './RichTextEditor';
import { RichTextView } from '../view/RichTextView';
import {
  addRow,
  HORIZONTAL_COLUMNS,
  removeRow,
  setCellValue,
  setColspan,
  toggleBold,
  type Row,
  type TableKind,
} from '../table';

interface Props {
  kind: TableKind;
  rows: Row[];
  caption: string;
  readOnly?: boolean;
  onChange: (update: (rows: Row[]) => Row[]) => void;
}

/** The horizontal-commitments or MFN-exemptions table: rich-text cells, bold, column spans, rows added and removed. */
export const CommitmentTable = memo(function CommitmentTable({ kind, rows, caption, readOnly, onChange }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ r: number; c: number } | null>(null);
  const headers =
    kind === 'horizontal'
      ? HORIZONTAL_COLUMNS.map((c) => t(`offers.table.horizontal.${c}`))
      : MFN_COLUMNS.map((c) => t(`offers.table.mfn.${c}`));

  return (
    <div className="commitment-table-wrap">
      <p className="table-scroll-hint">{t('offers.table.scrollHint')}</p>
      {/* Focusable so a keyboard can scroll a table wider than its frame; named by the table it holds. */}
      <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
        <table className="commitment-table">
          <caption className="visually-hidden">{caption}</caption>
          <ColumnHeads names={headers}>
            {!readOnly && (
              <th scope="col" className="row-actions">
                <span className="visually-hidden">{t('offers.table.actions')}</span>
              </th>
            )}
          </ColumnHeads>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <CellView
                    key={c}
                    cell={cell}
                    label={t('offers.table.cellLabel', { row: r + 1, column: headerOf(row, c, headers) })}
                    editing={editing?.r === r && editing.c === c}
                    readOnly={readOnly}
                    onEdit={() => setEditing({ r, c })}
                    onDone={() => setEditing(null)}
                    onValue={(html) => onChange((rs) => setCellValue(rs, r, c, html))}
                    onBold={() => onChange((rs) => toggleBold(rs, r, c))}
                    onColspan={(input) => {
                      const result = setColspan(rows, kind, r, c, input);
                      if (!result.ok)
                        return result.reason === 'invalid'
                          ? t('offers.table.colspanInvalid')
                          : result.reason === 'coversText'
                            ? t('workflow.table.colspanCovers')
                            : t('offers.table.colspanTooWide', { max: result.max });
                      onChange((rs) => {
                        const again = setColspan(rs, kind, r, c, input);
                        return again.ok ? again.rows : rs;
                      });
                      return null;
                    }}
                  />
                ))}
                {!readOnly && (
                  <td className="row-actions">
                    <Popconfirm
                      title={t('offers.table.removeRowConfirm')}
                      okText={t('offers.actions.remove')}
                      cancelText={t('offers.actions.keep')}
                      onConfirm={() => onChange((rs) => removeRow(rs, r))}
                    >
                      <Button
                        size="small"
                        danger
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('offers.table.removeRow', { row: r + 1 })}
                      />
                    </Popconfirm>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('offers.table.noRows')} />}
      {!readOnly && (
        <Button icon={<PlusOutlined />} onClick={() => onChange((rs) => addRow(rs, kind))}>
          {t('offers.table.addRow')}
        </Button>
      )}
    </div>
  );
});

/** The header of the column where a cell starts (spans counted). */
function headerOf(row: Row, c: number, headers: string[]): string {
  const start = row.slice(0, c).reduce((sum, cell) => sum + (cell.style.cols ?? 1), 0);
  return headers[start] ?? '';
}

interface CellProps {
  cell: TableCell;
  label: string;
  editing: boolean;
  readOnly?: boolean;
  onEdit: () => void;
  onDone: () => void;
  onValue: (html: string) => void;
  onBold: () => void;
  /** Returns an error message when the span is refused. */
  onColspan: (input: string) => string | null;
}

function CellView({ cell, label, editing, readOnly, onEdit, onDone, onValue, onBold, onColspan }: CellProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [span, setSpan] = useState(cell.style.cols ? String(cell.style.cols) : '');
  const bold = cell.style.weight === 'bold';
  useEffect(() => setSpan(cell.style.cols ? String(cell.style.cols) : ''), [cell.style.cols]);
  const applySpan = () => {
    if (span === (cell.style.cols ? String(cell.style.cols) : '')) return;
    const error = onColspan(span);
    if (error) {
      void message.error(error);
      setSpan(cell.style.cols ? String(cell.style.cols) : '');
    }
  };
  return (
    <td colSpan={cell.style.cols ?? undefined} className={bold ? 'cell-bold' : undefined}>
      {editing && !readOnly ? (
        <RichTextEditor value={cell.value} onChange={onValue} label={label} autoFocus minRows={2} />
      ) : (
        <RichTextView html={cell.value} />
      )}
      {!readOnly && (
        <div className="cell-tools">
          {/* Under the tools, away from the cell's text above them, and never left open by a tap. */}
          <Tooltip
            placement="bottom"
            trigger={['hover', 'focus']}
            title={editing ? t('offers.table.doneEditing') : t('offers.table.editCell')}
          >
            <Button
              size="small"
              type={editing ? 'primary' : 'text'}
              icon={editing ? <CheckOutlined /> : <EditOutlined />}
              aria-label={`${editing ? t('offers.table.doneEditing') : t('offers.table.editCell')}: ${label}`}
              onClick={editing ? onDone : onEdit}
            />
          </Tooltip>
          <Tooltip placement="bottom" trigger={['hover', 'focus']} title={t('offers.table.bold')}>
            <Button
              size="small"
              type={bold ? 'primary' : 'text'}
              icon={<BoldOutlined />}
              aria-pressed={bold}
              aria-label={`${t('offers.table.bold')}: ${label}`}
              onClick={onBold}
            />
          </Tooltip>
          <Input
            size="small"
            className="colspan-input"
            inputMode="numeric"
            aria-label={`${t('offers.table.colspan')}: ${label}`}
            placeholder={t('offers.table.colspanShort')}
            value={span}
            onChange={(e) => setSpan(e.target.value)}
            onBlur={applySpan}
            onPressEnter={applySpan}
          />
        </div>
      )}
    </td>
  );
}
