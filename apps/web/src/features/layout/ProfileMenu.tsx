import { Button, Dropdown } from 'antd';
import { AppstoreOutlined, IdcardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@portal/shared';
import { useLogout } from '../session/useSession';

/** The signed-in user's menu: the portal (their workspace) and logout. */
export function ProfileMenu({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const name = `${profile.firstName} ${profile.lastName}`.trim() || profile.email;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'who', label: t('nav.signedInAs', { name }), disabled: true },
          { type: 'divider' },
          { key: 'portal', icon: <AppstoreOutlined />, label: t('nav.portal') },
          { key: 'profile', icon: <IdcardOutlined />, label: t('profile.menuEntry') },
          { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'portal') void navigate('/dashboard');
          if (key === 'profile') void navigate('/profile');
          if (key === 'logout') void logout({ forgetDrafts: true });
        },
      }}
    >
      <Button type="text" icon={<UserOutlined />} aria-label={`${profile.firstName || name}, ${t('nav.account')}`}>
        <span className="hide-narrow">{profile.firstName || name}</span>
      </Button>
    </Dropdown>
  );
}
