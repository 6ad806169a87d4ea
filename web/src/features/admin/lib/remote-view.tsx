/** The loading, error and empty states of a remote read, in one place for every section. */
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, Spinner } from '../../../components/index';
import type { RemoteHandle } from './use-remote';

export interface RemoteViewProps<T> {
  remote: RemoteHandle<T>;
  label: string;
  /** When true for the data, the empty state is shown instead of `children`. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  errorTitle?: string;
  errorMessage?: string;
  children: (data: T) => ReactNode;
}

export function RemoteView<T>({
  remote,
  label,
  isEmpty,
  empty,
  errorTitle,
  errorMessage,
  children,
}: RemoteViewProps<T>) {
  const { state, reload } = remote;
  if (state.status === 'error') {
    return (
      <ErrorState
        {...(errorTitle ? { title: errorTitle } : {})}
        message={errorMessage ?? state.error ?? ''}
        onRetry={reload}
      />
    );
  }
  if (state.data === null) return <Spinner label={`Loading ${label}`} />;
  const data = state.data;
  return (
    <div className="admin-remote" aria-busy={state.status === 'loading' || undefined}>
      {isEmpty?.(data) ? (empty ?? <EmptyState title={`No ${label}`} />) : children(data)}
    </div>
  );
}
