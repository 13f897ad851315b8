import { useTranslation } from 'react-i18next';
import { newsletterApi } from '../../features/newsletter/api';
import { MailedLinkPage } from '../../features/newsletter/MailedLinkPage';

/** /newsletter/unsubscribe?token=… — the unsubscribe link: removes the address as the page opens. */
export default function NewsletterUnsubscribePage() {
  const { t } = useTranslation();
  return (
    <MailedLinkPage
      title={t('routes.newsletterUnsubscribe')}
      follow={newsletterApi.unsubscribe}
      texts={{
        working: t('newsletter.links.unsubscribing'),
        done: t('newsletter.links.unsubscribed'),
        doneText: t('newsletter.links.unsubscribedText'),
        invalid: t('newsletter.links.unsubscribeInvalid'),
        invalidText: t('newsletter.links.unsubscribeInvalidText'),
      }}
    />
  );
}
