import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import '../../features/reference/reference.css';

const SECTORS = ['business', 'communication', 'financial', 'tourism', 'transport'] as const;
/** The screens of the portal the page leads to. */
const PORTAL_LINKS = [
  { to: '/offers', label: 'afcfta.linkOffers' },
  { to: '/legislation', label: 'afcfta.linkLegislation' },
  { to: '/regions', label: 'afcfta.linkRegions' },
] as const;

/**
 * /afcfta — what the African Continental Free Trade Area and its Protocol on Trade in Services are, and how this
 * portal serves the negotiation. Only settled facts (dates, priority sectors, seat of the Secretariat); no
 * outside links.
 */
export default function AfcftaPage() {
  const { t } = useTranslation();
  return (
    <article className="reference-prose">
      <PageTitle>{t('afcfta.title')}</PageTitle>
      <p>{t('afcfta.intro')}</p>

      <h2>{t('afcfta.agreementTitle')}</h2>
      <ul>
        <li>{t('afcfta.signed')}</li>
        <li>{t('afcfta.inForce')}</li>
        <li>{t('afcfta.trading')}</li>
      </ul>
      <p>{t('afcfta.secretariat')}</p>

      <h2>{t('afcfta.servicesTitle')}</h2>
      <p>{t('afcfta.services')}</p>
      <p>{t('afcfta.sectorsIntro')}</p>
      <ul>
        {SECTORS.map((s) => (
          <li key={s}>{t(`afcfta.sectors.${s}`)}</li>
        ))}
      </ul>

      <h2>{t('afcfta.portalTitle')}</h2>
      <p>{t('afcfta.portalSchedules')}</p>
      <p>{t('afcfta.portalCounterOffers')}</p>
      <ul>
        {PORTAL_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{t(link.label)}</Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
