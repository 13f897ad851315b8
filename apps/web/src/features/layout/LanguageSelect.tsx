import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@portal/shared';
import { applyLanguage, toLanguage } from '../../i18n';

/** English / Français / العربية, each written in its own language. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = toLanguage(i18n.language);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((lng) => ({
          key: lng,
          label: (
            <span lang={lng} dir={lng === 'ar' ? 'rtl' : 'ltr'}>
              {t(`languages.${lng}`)}
            </span>
          ),
        })),
        onClick: ({ key }) => void applyLanguage(key),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={`${t('nav.language')}: ${t(`languages.${current}`)}`}>
        <span className="hide-narrow">{t(`languages.${current}`)}</span>
      </Button>
    </Dropdown>
  );
}
