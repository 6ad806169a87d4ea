import type { ReactNode } from 'react';

export interface PageHeadingProps {
  title: string;
  children?: ReactNode;
}

/** The page's h1; `tabIndex={-1}` lets the router move focus here after navigation. */
export function PageHeading({ title, children }: PageHeadingProps) {
  return (
    <header className="page-heading">
      <h1 className="page-heading__title" tabIndex={-1} data-page-heading>
        {title}
      </h1>
      {children ? <div className="page-heading__lead">{children}</div> : null}
    </header>
  );
}
