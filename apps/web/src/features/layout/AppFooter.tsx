import type { ReactNode } from 'react';
import { FacebookFilled, LinkedinFilled, XOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHomeSettings, useSignedIn } from '../session/useSession';
import { useRegionName } from '../session/useRegionName';
import { Newsletter } from './Newsletter';
import { ABOUT_LINK, HOME_LINK, pageLinks } from './publicLinks';

/** Links, the region's social accounts (from the home settings) and the newsletter box. */
export function AppFooter() {
  const { t } = useTranslation();
  const region = useRegionName();
  const signedIn = useSignedIn();
  const { data: home } = useHomeSettings();
  const social: { href: string | undefined; label: string; icon: ReactNode }[] = [
    { href: home?.linkedinLink, label: 'LinkedIn', icon: <LinkedinFilled /> },
    { href: home?.facebookLink, label: 'Facebook', icon: <FacebookFilled /> },
    { href: home?.twitterLink, label: 'X (Twitter)', icon: <XOutlined /> },
  ].filter((s) => s.href);

  return (
    <footer className="app-footer">
      <div className="footer-columns">
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer-heading">
            {t('footer.links')}
          </h2>
          <ul className="footer-list">
            {[HOME_LINK, ABOUT_LINK, ...pageLinks(signedIn)].map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {social.length > 0 && (
          <div>
            <h2 className="footer-heading">{t('footer.followUs')}</h2>
            <ul className="footer-social">
              {social.map((s) => (
                <li key={s.label}>
                  <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label}>
                    {s.icon}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        <Newsletter />
      </div>
      <p className="footer-rights">{t('footer.rights', { year: new Date().getFullYear(), region })}</p>
    </footer>
  );
}
