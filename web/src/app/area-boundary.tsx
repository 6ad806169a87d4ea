/**
 * One error boundary per area: an error in a screen shows what happened with a way back instead
 * of a blank page, is reported, and clears when the member navigates elsewhere.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ButtonLink, ErrorState } from '../components/index';
import { isChunkLoadError } from '../lib/chunk-error';
import { reportError } from '../lib/report';

interface Props {
  area: string;
  /** Changes on navigation, resetting the boundary. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

export class AreaBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(
      Object.assign(error instanceof Error ? error : new Error(String(error)), {
        area: this.props.area,
        componentStack: info.componentStack,
      }),
    );
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <section className="page page--narrow" data-testid={`area-error-${this.props.area}`}>
        <ErrorState
          title={chunk ? 'This page could not be loaded' : 'Something went wrong on this page'}
          message={
            chunk
              ? 'Part of Matchmaker failed to download. Check your connection and reload the page.'
              : 'The problem has been reported. You can try again or go back to the home page.'
          }
          onRetry={chunk ? () => window.location.reload() : () => this.setState({ error: null })}
          action={
            <ButtonLink href="/" variant="ghost">
              Go to the home page
            </ButtonLink>
          }
        />
      </section>
    );
  }
}
