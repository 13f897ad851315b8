import { Button, Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../session/useSession';
import { ABOUT_LINK, pageLinks } from './publicLinks';

/** The header's public links: about us, contacts, then the pages of publicLinks.ts. */
export function HeaderNav({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const contacts = [
    { key: 'contacts', label: <Link to="/see-more-contacts">{t('nav.ourContacts')}</Link> },
    { key: 'write', label: <Link to="/contact-us">{t('nav.writeToUs')}</Link> },
  ];
  return (
    <ul
      className={vertical ? 'header-nav header-nav-vertical' : 'header-nav'}
      // Only following a link closes the drawer: the Contact button opens its menu inside it.
      onClick={(e) => {
        if (e.target instanceof Element && e.target.closest('a')) onNavigate?.();
      }}
    >
      <li>
        <Link to={ABOUT_LINK.to}>{t(ABOUT_LINK.label)}</Link>
      </li>
      <li>
        <Dropdown trigger={['click']} menu={{ items: contacts }}>
          <Button type="link" className="nav-button">
            {t('nav.contact')} <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      </li>
      {pageLinks(signedIn).map((link) => (
        <li key={link.to}>
          <NavLink to={link.to}>{t(link.label)}</NavLink>
        </li>
      ))}
    </ul>
  );
}
