import { Button, Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../session/useSession';

/** The header's public links: about us, contacts, FAQs (internal once signed in), country information, contact us. */
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
        <Link to="/#about">{t('nav.aboutUs')}</Link>
      </li>
      <li>
        <Dropdown trigger={['click']} menu={{ items: contacts }}>
          <Button type="link" className="nav-button">
            {t('nav.contact')} <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      </li>
      <li>
        <NavLink to={signedIn ? '/faqs' : '/faqs-externe'}>{t('nav.faqs')}</NavLink>
      </li>
      <li>
        <NavLink to="/country-information">{t('nav.countryInformation')}</NavLink>
      </li>
      <li>
        <NavLink to="/contact-us">{t('nav.contactUs')}</NavLink>
      </li>
    </ul>
  );
}
