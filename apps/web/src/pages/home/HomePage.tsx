import { Suspense, useRef, type CSSProperties, type ReactNode } from 'react';
import { Skeleton } from 'antd';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { ButtonLink } from '../../components/ButtonLink';
import { RegionalLogo } from '../../features/layout/RegionalLogo';
import { CMS_KEY, useCmsByType } from '../../features/cms/api';
import { ContentEntry } from '../../features/cms/ContentEntry';
import { useRegionName } from '../../features/session/useRegionName';
import { useHomeSettings, useSignedIn } from '../../features/session/useSession';
import { Section } from './HomeSection';
import { useNearViewport } from './useNearViewport';
import '../../features/cms/cms.css';
import './home.css';

// The sections below the first screen: their content (cards, the member list, their code) is fetched when they come
// near the screen, so that a first visit to the home page stays within 250 KB of script.
const later = <K extends keyof typeof import('./HomeSections')>(name: K) =>
  lazyPage(() => import('./HomeSections').then((m) => ({ default: m[name] })), { firstVisit: true });
const AboutContent = later('AboutContent');
const MembersContent = later('MembersContent');
const EventsContent = later('EventsContent');
const InsightsContent = later('InsightsContent');
const ContactsContent = later('ContactsContent');
const ClosingSection = later('ClosingSection');
// Shown only when something failed to load.
const FormAlert = lazyPage(() => import('../../components/FormAlert').then((m) => ({ default: m.FormAlert })), {
  firstVisit: true,
});

/** The home settings' colours (the spec's data model) as CSS variables the home page's styles read. */
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
  const title = t('home.loadFailed');
  return (
    <Suspense fallback={<div className="home-alert">{title}</div>}>
      <FormAlert type="error" role="alert" className="home-alert" title={title} />
    </Suspense>
  );
}

/** The objectives, the first section: on the first screen of a phone, so shipped with the page. */
function ObjectivesSection() {
  const { t } = useTranslation();
  const { data, isLoading } = useCmsByType('HOME_OBJECTIVES');
  if (!isLoading && !data?.length) return null;
  return (
    <Section id="objectives" title={t('home.objectivesTitle')}>
      {isLoading ? (
        <Skeleton active />
      ) : (
        <ol className="objective-list">
          {data!.map((entry) => (
            <li key={entry.id} className="objective">
              <ContentEntry entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/**
 * A section below the first screen: its heading at once, its content once near the screen; until then (and while its
 * code arrives) the loading skeleton.
 */
function LaterSection({
  near,
  children,
  ...section
}: {
  id: string;
  title: string;
  className?: string;
  near: boolean;
  children: ReactNode;
}) {
  return (
    <Section {...section}>
      {near ? <Suspense fallback={<Skeleton active />}>{children}</Suspense> : <Skeleton active />}
    </Section>
  );
}

/** The public home page: hero in the region's name, then the sections the secretariat writes in the CMS. */
export default function HomePage() {
  const { t } = useTranslation();
  const region = useRegionName();
  const signedIn = useSignedIn();
  const { colours } = useHomeSettings();
  const { hash } = useLocation();
  const laterRef = useRef<HTMLDivElement>(null);
  // The later sections appear with the objectives (before, they would sit on the first screen and be pushed down when
  // the objectives arrive: a layout shift), at once when an anchor (/#about) points to one of them. They are watched
  // from then on.
  const objectivesLoading = useCmsByType('HOME_OBJECTIVES').isLoading;
  const laterShown = !objectivesLoading || hash !== '';
  const near = useNearViewport(laterRef, laterShown, hash !== '');
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
      {laterShown && (
        <div ref={laterRef} className="home-later">
          <LaterSection id="about" title={t('home.aboutTitle')} className="home-about" near={near}>
            <AboutContent fallback={<p>{t('home.aboutText', { region })}</p>} />
          </LaterSection>
          <LaterSection id="members" title={t('home.membersTitle')} near={near}>
            <MembersContent />
          </LaterSection>
          <LaterSection id="events" title={t('home.eventsTitle')} near={near}>
            <EventsContent />
          </LaterSection>
          <LaterSection id="insights" title={t('home.insightsTitle')} near={near}>
            <InsightsContent />
          </LaterSection>
          <LaterSection id="contacts" title={t('home.contactsTitle')} near={near}>
            <ContactsContent />
          </LaterSection>
          {near && (
            <Suspense fallback={null}>
              <ClosingSection />
            </Suspense>
          )}
        </div>
      )}
    </div>
  );
}
