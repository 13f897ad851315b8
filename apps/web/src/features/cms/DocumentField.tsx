import { App, Button, Space, Upload } from 'antd';
import { DeleteOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCmsMutations } from './editApi';
import { uploadFailedText } from '../../api/uploadFailure';

const PDF_FILE = /\.pdf$/i;

/** An entry's attached PDF (legislation texts): upload, or remove. The value is the stored file's key. */
export function DocumentField({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (key: string | null) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { uploadDocument } = useCmsMutations();

  const choose = (file: File) => {
    if (!PDF_FILE.test(file.name)) {
      void message.error(t('cms.documentTypes'));
      return false;
    }
    uploadDocument.mutate(file, {
      onSuccess: (stored) => onChange?.(stored.fileKey),
      onError: (why) => void message.error(uploadFailedText(file.name, t, why)),
    });
    return false;
  };

  return (
    <Space wrap>
      {value && (
        <span className="cms-row-meta">
          <FilePdfOutlined aria-hidden /> {t('cms.documentAttached')}
        </span>
      )}
      <Upload accept=".pdf,application/pdf" showUploadList={false} maxCount={1} beforeUpload={choose}>
        <Button id={id} icon={<UploadOutlined />} loading={uploadDocument.isPending}>
          {value ? t('cms.replaceDocument') : t('cms.uploadDocument')}
        </Button>
      </Upload>
      {value && (
        <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
          {t('cms.removeDocument')}
        </Button>
      )}
    </Space>
  );
}
