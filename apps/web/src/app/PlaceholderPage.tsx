import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/PageTitle';
import type { RouteTitle } from './routeTable';

/** A screen of the spec that later work builds: its title, inside the layout, behind the right guard. */
export function PlaceholderPage({ title }: { title: RouteTitle }) {
  const { t } = useTranslation();
  return <PageTitle>{t(title)}</PageTitle>;
}
