import type { ComponentProps, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { LinkOutcome } from './LinkOutcome';
import { useMailedLink } from './useMailedLink';

interface Props<T> {
  title: string;
  /** Posts the link's token: what the link does. */
  follow: (token: string) => Promise<T>;
  texts: ComponentProps<typeof LinkOutcome>['texts'];
  /** More actions once the link has worked, from what the server answered. */
  then?: (answer: T) => ReactNode;
}

/**
 * The page a mailed newsletter link opens (`?token=…`): it follows the link as it opens and says what became of it.
 */
export function MailedLinkPage<T>({ title, follow, texts, then }: Props<T>) {
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const link = useMailedLink(token, follow);
  return (
    <section className="auth-card">
      <PageTitle>{title}</PageTitle>
      <LinkOutcome token={token} link={link} texts={texts}>
        {link.data !== undefined && then?.(link.data)}
      </LinkOutcome>
    </section>
  );
}
