import { App, Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@portal/shared';
import { applyLanguage, toLanguage } from '../../i18n';
import { rememberPickBeforeProfile, useSaveProfileLanguage } from '../session/useProfileLanguage';
import { useSession } from '../session/useSession';

/**
 * English / Français / العربية, each written in its own language. The interface switches at once; a signed-in user's
 * choice is also kept on their profile (mails and notifications follow it), and a failed save only says so.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { profile, status } = useSession();
  const save = useSaveProfileLanguage();
  const current = toLanguage(i18n.language);
  const choose = (key: string) => {
    const language = toLanguage(key);
    void applyLanguage(language);
    if (profile && profile.language !== language) {
      save.mutate(language, {
        onError: () => void message.error(i18n.t('profileLanguage.notSaved', { lng: language })),
      });
    } else if (status === 'loading') {
      rememberPickBeforeProfile(language);
    }
  };
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
        onClick: ({ key }) => choose(key),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={`${t('nav.language')}: ${t(`languages.${current}`)}`}>
        <span className="hide-narrow">{t(`languages.${current}`)}</span>
      </Button>
    </Dropdown>
  );
}
