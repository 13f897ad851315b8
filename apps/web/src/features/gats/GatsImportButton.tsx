import { useState } from 'react';
import { App, Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GatsImportReport } from '@portal/shared';
import { ApiError, http } from '../../api/http';

/**
 * The secretariat's import of a GATS commitments spreadsheet (.xlsx or .csv in the View GATS column layout).
 * All or nothing: a refused file changes nothing and the server's message says why.
 */
export function GatsImportButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const send = async (file: File) => {
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const report = await http.post<GatsImportReport>('/gats/import', form);
      void message.success(t('gats.imported', { inserted: report.inserted, unchanged: report.unchanged }));
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('gats') });
    } catch (e) {
      void message.error(e instanceof ApiError ? e.message : t('gats.importFailed'), 10);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Upload accept=".xlsx,.csv" showUploadList={false} beforeUpload={(file) => (void send(file), false)}>
      <Button icon={<UploadOutlined />} loading={busy}>
        {t('gats.import')}
      </Button>
    </Upload>
  );
}
