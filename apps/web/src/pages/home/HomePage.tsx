import type { CSSProperties } from 'react';
import { Alert } from 'antd';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { RegionalLogo } from '../../features/layout/RegionalLogo';
import { CMS_KEY } from '../../features/cms/api';
import { useRegionName } from '../../features/session/useRegionName';
import { useHomeSettings, useSignedIn } from '../../features/session/useSession';
import {
  AboutSection,
  ClosingSection,
  ContactsSection,
  EventsSection,
  InsightsSection,
  MembersSection,
  ObjectivesSection,
} from './HomeSections';
import '../../features/cms/cms.css';
import './home.css';

/** The home settings' colours (spec section 3) as CSS variables the home page's styles read. */
function homeColourVariables(colours: Record<string, string>): CSSProperties {
  return {
    '--home-button-bg': colours.buttonBackColor,
    '--home-button-text': colours.buttonColor,
    '--home-main-text': colours.mainTextColor,
    '--home-secondary-text': colours.secondaryTextColor,
    '--home-underline': colours.underline,
    '--home-link': colours.linkColor,
  } as CSSProperties;
}

/**
 * Shown when the home page's content could not be loaded (spec error catalogue: home load failure): GET /home
 * (settings, colours, logo) or any of the CMS sections.
 */
function LoadFailure() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const home = useHomeSettings();
  const cmsFailed = queryClient
    .getQueryCache()
    .findAll({ queryKey: CMS_KEY })
    .some((q) => q.state.status === 'error');
  useIsFetching({ queryKey: CMS_KEY });
  if (!home.isError && !cmsFailed) return null;
  return <Alert type="error" showIcon className="home-alert" title={t('home.loadFailed')} />;
}

/** The public home page: hero in the region's name, then the sections the secretariat writes in the CMS. */
export default function HomePage() {
  const { t } = useTranslation();
  const region = useRegionName();
  const signedIn = useSignedIn();
  const { colours } = useHomeSettings();
  return (
    <div className="home-page" style={homeColourVariables(colours)}>
      <section className="hero" aria-labelledby="hero-title">
        <RegionalLogo size={88} />
        <p className="hero-region">{region}</p>
        <h1 id="hero-title" className="hero-title">
          {t('home.heroTitle', { region })}
        </h1>
        <p className="hero-text">{t('home.heroText')}</p>
        <ButtonLink to={signedIn ? '/dashboard' : '/login'} type="primary" size="large">
          {signedIn ? t('home.goToWorkspace') : t('home.signIn')}
        </ButtonLink>
      </section>
      <LoadFailure />
      <ObjectivesSection />
      <AboutSection fallback={<p>{t('home.aboutText', { region })}</p>} />
      <MembersSection />
      <EventsSection />
      <InsightsSection />
      <ContactsSection />
      <ClosingSection />
    </div>
  );
}
