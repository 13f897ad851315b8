import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CMS_SCREENS, cmsTypeLabel } from './screens';

/** Links among every CMS screen (the side menu's 'CMS management' opens the first, the FAQ). */
export function CmsNav() {
  const { t } = useTranslation();
  return (
    <nav className="cms-nav" aria-label={t('cms.nav')}>
      <ul>
        {CMS_SCREENS.map((s) => (
          <li key={s.path}>
            <NavLink to={s.path} end>
              {t(cmsTypeLabel(s.type))}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
