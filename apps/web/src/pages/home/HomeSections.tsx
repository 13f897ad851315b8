/**
 * The content of the home page's sections below its first screen, each filled from one kind of CMS content; fetched
 * when they come near the screen (HomePage.tsx). Their headings are in HomePage.tsx.
 */
import { useState, type ReactNode } from 'react';
import { Button, Card, Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CmsEntry, CmsType } from '@portal/shared';
import { ButtonLink } from '../../components/ButtonLink';
import { useCmsByType, useCmsPage } from '../../features/cms/api';
import { ContentEntry } from '../../features/cms/ContentEntry';
import { CountryBadge } from '../../features/cms/CountryBadge';
import { useCountries } from '../../features/countries/useCountries';
import { countryLabel } from '../../features/countries/label';

/** How many events, insights and contacts the home page shows (GET /cms/ page=1, size=3). */
const HOME_PAGE_SIZE = 3;

/** Entries of a type as the section's introduction (no heading of their own when there is one entry). */
function Intro({ entries }: { entries: CmsEntry[] | undefined }) {
  if (!entries?.length) return null;
  return (
    <div className="home-intro">
      {entries.map((e) => (
        <ContentEntry key={e.id} entry={e} heading="h3" />
      ))}
    </div>
  );
}

export function AboutContent({ fallback }: { fallback: ReactNode }) {
  const { data, isLoading } = useCmsByType('ABOUT');
  if (isLoading) return <Skeleton active />;
  return data?.length ? data.map((e) => <ContentEntry key={e.id} entry={e} heading="h3" />) : fallback;
}

/** Member states listed before 'show all' (the full list of 55 is long on a phone). */
const MEMBERS_SHOWN = 12;

export function MembersContent() {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const { data: intro } = useCmsByType('HOME_MEMBERS');
  const { data: countries, isLoading } = useCountries();
  const members = (countries ?? [])
    .filter((c) => c.active)
    .map((c) => ({ code: c.code, name: countryLabel(c, i18n.language) }))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  return (
    <>
      <Intro entries={intro} />
      {isLoading ? (
        <Skeleton active />
      ) : (
        <>
          <p className="home-muted">{t('home.memberCount', { count: members.length })}</p>
          <ul className="member-grid" id="member-grid">
            {(all ? members : members.slice(0, MEMBERS_SHOWN)).map((m) => (
              <li key={m.code} className="member">
                <CountryBadge code={m.code} />
                <span>{m.name}</span>
              </li>
            ))}
          </ul>
          {members.length > MEMBERS_SHOWN && (
            <Button
              type="link"
              className="show-more-toggle"
              aria-expanded={all}
              aria-controls="member-grid"
              onClick={() => setAll(!all)}
            >
              {all ? t('home.showFewerMembers') : t('home.showAllMembers', { count: members.length })}
            </Button>
          )}
        </>
      )}
    </>
  );
}

/** The latest entries of a type in cards, and a 'see more' link to the page that lists them all. */
function LatestCards({ type, seeMore, empty, span }: { type: CmsType; seeMore: string; empty: string; span: number }) {
  const { t } = useTranslation();
  const { data, isLoading } = useCmsPage(type, 1, HOME_PAGE_SIZE);
  if (isLoading) return <Skeleton active />;
  const items = data?.items ?? [];
  return (
    <>
      {items.length === 0 ? (
        <p className="home-muted">{empty}</p>
      ) : (
        <Row gutter={[16, 16]}>
          {items.map((entry) => (
            <Col key={entry.id} xs={24} md={span}>
              <Card className="content-card">
                <ContentEntry entry={entry} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {(data?.total ?? 0) > 0 && (
        <div className="home-see-more">
          <ButtonLink to={seeMore} type="primary">
            {t('home.seeMore')}
          </ButtonLink>
        </div>
      )}
    </>
  );
}

export function EventsContent() {
  const { t } = useTranslation();
  const { data: intro } = useCmsByType('HOME_EVENTS');
  return (
    <>
      <Intro entries={intro} />
      <LatestCards type="EVENT" seeMore="/see-more-events" empty={t('home.noEvents')} span={8} />
    </>
  );
}

export function InsightsContent() {
  const { t } = useTranslation();
  return <LatestCards type="INSIGHT" seeMore="/see-more-insights" empty={t('home.noInsights')} span={8} />;
}

export function ContactsContent() {
  const { t } = useTranslation();
  return <LatestCards type="CONTACT" seeMore="/see-more-contacts" empty={t('home.noContacts')} span={8} />;
}

/** The closing band of the home page (HOME_FOOTER content), above the site footer. */
export function ClosingSection() {
  const { data } = useCmsByType('HOME_FOOTER');
  const first = data?.[0];
  if (!data || !first) return null;
  return (
    <section className="home-closing" aria-label={first.text.title || undefined}>
      {data.map((e) => (
        <ContentEntry key={e.id} entry={e} heading="h2" />
      ))}
    </section>
  );
}
