import type { ReactNode } from 'react';

/** One section of the home page: its heading (the id an anchor such as /#about scrolls to) and its content. */
export function Section({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section id={id} className={['home-section', className].filter(Boolean).join(' ')} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="home-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
