import { Alert } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { useCmsByType } from '../../features/cms/api';
import { FaqAccordion } from '../../features/cms/FaqAccordion';
import { useSignedIn } from '../../features/session/useSession';
import '../../features/cms/cms.css';

/** /faqs — the members' questions (sign-in needed to read them), then the public ones. */
export default function FaqsPage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const internal = useCmsByType('FAQ', { enabled: signedIn });
  const external = useCmsByType('FAQ_EXTERNE');
  return (
    <>
      <PageTitle>{t('routes.faqs')}</PageTitle>
      <section className="public-section" aria-labelledby="faq-members">
        <h2 id="faq-members">{t('home.faqsMembers')}</h2>
        {signedIn ? (
          <FaqAccordion entries={internal.data} loading={internal.isLoading} />
        ) : (
          <Alert type="info" showIcon title={<Link to="/login">{t('home.faqsSignIn')}</Link>} />
        )}
      </section>
      <section className="public-section" aria-labelledby="faq-public">
        <h2 id="faq-public">{t('home.faqsPublic')}</h2>
        <FaqAccordion entries={external.data} loading={external.isLoading} />
      </section>
    </>
  );
}
