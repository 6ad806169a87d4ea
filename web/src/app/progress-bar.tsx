/** The thin bar at the top while the root loads and while a screen is being fetched. */
import { useSnapshot } from 'valtio';
import { uiState } from '../state/ui';

export function ProgressBar() {
  const { loading } = useSnapshot(uiState);
  if (loading === 0) return null;
  return (
    <div className="progress-bar" role="progressbar" aria-label="Loading" data-testid="progress-bar">
      <div className="progress-bar__bar" />
    </div>
  );
}
