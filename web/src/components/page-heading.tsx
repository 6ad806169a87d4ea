import type { ReactNode } from 'react';

export interface PageHeadingProps {
  title: string;
  /** A plain lead paragraph (a screen's frame gives one, config/page-frames.ts). */
  lead?: string;
  /** A lead of the screen's own, after `lead`. */
  children?: ReactNode;
  /**
   * The screen's own heading (`data-screen-heading`) says where the member is, and takes the focus
   * this heading gets after navigation once it shows (app/scroll-restoration.tsx).
   */
  namedByScreen?: boolean;
}

/** The page's h1; `tabIndex={-1}` lets the router move focus here after navigation. */
export function PageHeading({ title, lead, children, namedByScreen }: PageHeadingProps) {
  return (
    <header className="page-heading">
      <h1 className="page-heading__title" tabIndex={-1} data-page-heading={namedByScreen ? 'screen' : ''}>
        {title}
      </h1>
      {lead || children ? (
        <div className="page-heading__lead">
          {lead ? <p>{lead}</p> : null}
          {children}
        </div>
      ) : null}
    </header>
  );
}
