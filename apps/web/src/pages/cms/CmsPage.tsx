import { useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import type { RouteHandle } from '../../features/layout/AppLayout';
import { CmsEditor } from '../../features/cms/CmsEditor';
import { CmsNav } from '../../features/cms/CmsNav';
import { cmsScreenAt } from '../../features/cms/screens';
import NotFoundPage from '../errors/NotFoundPage';

/** Every CMS screen of the secretariat: the navigation among them and the one editor, for the type of this path. */
export default function CmsPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const screen = cmsScreenAt(pathname);
  if (!screen) return <NotFoundPage />;
  return (
    <>
      <PageTitle>{handle ? t(handle.title) : t(`cms.types.${screen.type}`)}</PageTitle>
      <CmsNav />
      <CmsEditor key={screen.type} screen={screen} />
    </>
  );
}
