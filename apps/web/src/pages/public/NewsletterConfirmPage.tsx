import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { newsletterApi } from '../../features/newsletter/api';
import { MailedLinkPage } from '../../features/newsletter/MailedLinkPage';

/**
 * /newsletter/confirm?token=… — the link of the confirmation mail (double opt-in): confirms the subscription as the
 * page opens (again and again with the same result) and offers the unsubscribe link at once.
 */
export default function NewsletterConfirmPage() {
  const { t } = useTranslation();
  return (
    <MailedLinkPage
      title={t('routes.newsletterConfirm')}
      follow={newsletterApi.confirm}
      texts={{
        working: t('newsletter.links.confirming'),
        done: t('newsletter.links.confirmed'),
        doneText: t('newsletter.links.confirmedText'),
        invalid: t('newsletter.links.confirmInvalid'),
        invalidText: t('newsletter.links.confirmInvalidText'),
      }}
      then={({ unsubscribeToken }) => (
        <ButtonLink key="unsubscribe" to={`/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`}>
          {t('newsletter.links.unsubscribe')}
        </ButtonLink>
      )}
    />
  );
}
