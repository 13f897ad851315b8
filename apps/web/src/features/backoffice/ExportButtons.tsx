import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@portal/shared';
import { downloadFile } from '../../api/download';
import { errorText } from '../../api/errorText';

interface Props {
  /** The export call under /api, e.g. /users/export. */
  path: string;
  /** The screen's current filters (empty ones are left out). */
  filters: Record<string, string | undefined>;
  /** The file's name when the server gives none. */
  fileName: string;
}

/** "Export CSV" and "Export Excel" of what a back-office screen lists, with its current filters. */
export function ExportButtons({ path, filters, fileName }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    const query = new URLSearchParams({ format });
    for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
    setBusy(format);
    try {
      await downloadFile(`${path}?${query.toString()}`, `${fileName}.${format}`);
    } catch (error) {
      void message.error(errorText(t, error, t('exports.failed')));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space.Compact role="group" aria-label={t('exports.label')} title={t('exports.hint')}>
      <Button icon={<DownloadOutlined />} loading={busy === 'csv'} onClick={() => void run('csv')}>
        {t('exports.csv')}
      </Button>
      <Button icon={<DownloadOutlined />} loading={busy === 'xlsx'} onClick={() => void run('xlsx')}>
        {t('exports.xlsx')}
      </Button>
    </Space.Compact>
  );
}
