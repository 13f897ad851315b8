import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { newsletterApi } from '../../features/newsletter/api';
import { LinkOutcome } from '../../features/newsletter/LinkOutcome';
import { useMailedLink } from '../../features/newsletter/useMailedLink';

/** /newsletter/unsubscribe?token=… — the unsubscribe link: removes the address as the page opens. */
export default function NewsletterUnsubscribePage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const unsubscribe = useMailedLink(token, newsletterApi.unsubscribe);
  return (
    <section className="auth-card">
      <PageTitle>{t('routes.newsletterUnsubscribe')}</PageTitle>
      <LinkOutcome
        token={token}
        link={unsubscribe}
        texts={{
          working: t('newsletter.links.unsubscribing'),
          done: t('newsletter.links.unsubscribed'),
          doneText: t('newsletter.links.unsubscribedText'),
          invalid: t('newsletter.links.unsubscribeInvalid'),
          invalidText: t('newsletter.links.unsubscribeInvalidText'),
        }}
      />
    </section>
  );
}
