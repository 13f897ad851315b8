import { App, Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HomeSettings } from '@portal/shared';
import { errorText } from '../../api/errorText';
import { backofficeApi } from './api';

/** Uploads the logo (PNG, JPG or SVG) into the portal's file store and uses it at once. */
export function LogoUpload({ onUploaded }: { onUploaded: (saved: HomeSettings) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useMutation({
    mutationFn: (file: File) => backofficeApi.uploadLogo(file),
    onSuccess: (saved) => {
      onUploaded(saved);
      void message.success(t('backoffice.settings.logoUploaded'));
    },
    onError: (error) => void message.error(errorText(t, error)),
  });
  return (
    <div className="logo-upload">
      <Upload
        accept=".png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          upload.mutate(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending}>
          {t('backoffice.settings.uploadLogo')}
        </Button>
      </Upload>
      <p className="logo-upload-hint">{t('backoffice.settings.uploadLogoHint')}</p>
    </div>
  );
}
