import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { newsletterApi } from '../../features/newsletter/api';
import { LinkOutcome } from '../../features/newsletter/LinkOutcome';
import { useMailedLink } from '../../features/newsletter/useMailedLink';

/**
 * /newsletter/confirm?token=… — the link of the confirmation mail (double opt-in): confirms the subscription as the
 * page opens (again and again with the same result) and offers the unsubscribe link at once.
 */
export default function NewsletterConfirmPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const confirm = useMailedLink(token, newsletterApi.confirm);
  return (
    <section className="auth-card">
      <PageTitle>{t('routes.newsletterConfirm')}</PageTitle>
      <LinkOutcome
        token={token}
        link={confirm}
        texts={{
          working: t('newsletter.links.confirming'),
          done: t('newsletter.links.confirmed'),
          doneText: t('newsletter.links.confirmedText'),
          invalid: t('newsletter.links.confirmInvalid'),
          invalidText: t('newsletter.links.confirmInvalidText'),
        }}
      >
        {confirm.data && (
          <ButtonLink
            key="unsubscribe"
            to={`/newsletter/unsubscribe?token=${encodeURIComponent(confirm.data.unsubscribeToken)}`}
          >
            {t('newsletter.links.unsubscribe')}
          </ButtonLink>
        )}
      </LinkOutcome>
    </section>
  );
}
