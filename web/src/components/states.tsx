/** Loading, empty and error states every screen that loads data shows, in one look. */
import { type ReactNode, useRef } from 'react';
import { focusScreenHeadingWhenShown } from '../lib/focus-screen';
import { Button } from './button';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="state state--loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="state__label">{label}…</span>
    </div>
  );
}

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="state state--empty">
      <h2 className="state__title">{title}</h2>
      {children ? <div className="state__body">{children}</div> : null}
      {action ? <div className="state__action">{action}</div> : null}
    </div>
  );
}

export interface ErrorStateProps {
  title?: string;
  message: string;
  /** Offers a 'Try again' button that calls it. */
  onRetry?: () => void;
  action?: ReactNode;
  /**
   * The error stands where the screen's own heading would (a conversation that could not open):
   * its title takes the focus navigation hands to that heading (app/scroll-restoration.tsx).
   */
  namesScreen?: boolean;
}

export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  action,
  namesScreen,
}: ErrorStateProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Try again gives way to the screen loading again: focus goes on to what then stands there (the
  // screen's heading, or this error's again), not to the page's body with the button.
  const retryHere = () => {
    focusScreenHeadingWhenShown({ leaving: heading.current });
    onRetry?.();
  };
  return (
    <div className="state state--error" role="alert">
      <h2
        ref={heading}
        className="state__title"
        tabIndex={namesScreen ? -1 : undefined}
        data-screen-heading={namesScreen ? '' : undefined}
      >
        {title}
      </h2>
      <p className="state__body">{message}</p>
      <div className="state__action">
        {onRetry ? (
          <Button variant="secondary" onClick={namesScreen ? retryHere : onRetry}>
            Try again
          </Button>
        ) : null}
        {action}
      </div>
    </div>
  );
}
