import type { ReactNode } from 'react';

/** The one h1 of a page. */
export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="page-title">{children}</h1>;
}
