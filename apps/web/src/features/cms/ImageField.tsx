import { useEffect, useState } from 'react';
import { App, Button, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CmsType } from '@portal/shared';
import { cmsImageUrl } from './api';
import { useCmsMutations } from './editApi';
import { uploadFailedText } from '../../api/uploadFailure';

const IMAGE_FILE = /\.(png|jpe?g)$/i;

/** An entry's image: upload (PNG or JPG) with a preview, or remove. The value is the stored file's key. */
export function ImageField({
  type,
  value,
  onChange,
  id,
}: {
  type: CmsType;
  value?: string | null;
  onChange?: (key: string | null) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { upload } = useCmsMutations();
  const [local, setLocal] = useState<{ key: string; url: string } | null>(null);
  const [broken, setBroken] = useState(false);

  useEffect(
    () => () => {
      if (local) URL.revokeObjectURL(local.url);
    },
    [local],
  );
  useEffect(() => setBroken(false), [value]);

  const choose = (file: File) => {
    if (!IMAGE_FILE.test(file.name)) {
      void message.error(t('cms.imageTypes'));
      return false;
    }
    upload.mutate(
      { type, file },
      {
        onSuccess: (stored) => {
          setLocal({ key: stored.fileKey, url: URL.createObjectURL(file) });
          onChange?.(stored.fileKey);
        },
        onError: (why) => void message.error(uploadFailedText(file.name, t, why)),
      },
    );
    return false;
  };

  // A fresh upload is previewed from the browser; a stored one from the public address, which serves published entries only.
  const preview = value ? (local?.key === value ? local.url : cmsImageUrl(value)) : null;
  return (
    <div>
      {preview && !broken && (
        <img className="cms-image-preview" src={preview} alt={t('cms.imagePreview')} onError={() => setBroken(true)} />
      )}
      {preview && broken && <p className="cms-row-meta">{t('cms.imageAfterPublish')}</p>}
      <Space wrap>
        <Upload accept=".png,.jpg,.jpeg,image/png,image/jpeg" showUploadList={false} maxCount={1} beforeUpload={choose}>
          <Button id={id} icon={<UploadOutlined />} loading={upload.isPending}>
            {t('cms.uploadImage')}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {t('cms.removeImage')}
          </Button>
        )}
      </Space>
    </div>
  );
}
