import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UseMutationResult } from '@tanstack/react-query';
import { ButtonLink } from '../../components/ButtonLink';
import { errorText } from '../../api/errorText';
import { isInvalidNewsletterLink } from './api';

interface Texts {
  /** Shown while the link is being followed. */
  working: string;
  done: string;
  doneText: string;
  invalid: string;
  invalidText: string;
}

/**
 * What became of a mailed newsletter link: the progress and the success in a polite live region (role=status), a
 * refusal as an alert. A link that is not valid says why; any other failure (network, server) offers to try again.
 */
export function LinkOutcome({
  token,
  link,
  texts,
  children,
}: {
  token: string;
  link: UseMutationResult<unknown, Error, string>;
  texts: Texts;
  /** More actions once the link has worked (the unsubscribe link of a confirmation). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const home = (
    <ButtonLink key="home" to="/" type={link.isSuccess ? 'default' : 'primary'}>
      {t('newsletter.links.home')}
    </ButtonLink>
  );
  const invalid = !token || (link.isError && isInvalidNewsletterLink(link.error));
  return (
    <>
      <div role="status" aria-live="polite">
        {link.isPending && (
          <p>
            <LoadingOutlined aria-hidden /> {texts.working}
          </p>
        )}
        {link.isSuccess && (
          <Result
            status="success"
            title={<h2 className="result-title">{texts.done}</h2>}
            subTitle={texts.doneText}
            extra={[children, home]}
          />
        )}
      </div>
      {invalid ? (
        <div role="alert">
          <Result
            status="warning"
            title={<h2 className="result-title">{texts.invalid}</h2>}
            subTitle={texts.invalidText}
            extra={home}
          />
        </div>
      ) : (
        link.isError && (
          <div role="alert">
            <Result
              status="error"
              title={<h2 className="result-title">{errorText(t, link.error)}</h2>}
              extra={[
                <Button key="retry" type="primary" onClick={() => link.mutate(token)}>
                  {t('newsletter.links.retry')}
                </Button>,
                home,
              ]}
            />
          </div>
        )
      )}
    </>
  );
}
