/**
 * One KYC document, downloaded as binary through the SDK (it sits behind the admin's token, so a
 * plain <img src> could not fetch it). Images show inline with zoom and rotation; PDFs in the
 * browser's viewer, with a link to open them whole. The object URL is revoked when the viewer goes.
 */
import { useEffect, useState } from 'react';
import { Button } from '../../../components/index';
import { describeError } from '../../../lib/error-message';
import { getKycDocument } from '../admin-actions';
import type { KycDocument } from '../lib/types';
import { useRemote } from '../lib/use-remote';

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3] as const;

export function DocumentViewer({
  document,
  index,
  owner,
}: {
  document: KycDocument;
  index: number;
  owner: string;
}) {
  const remote = useRemote(`doc:${document.id}`, (signal) => getKycDocument(document.id, signal));
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const [zoom, setZoom] = useState(2);
  const [turns, setTurns] = useState(0);
  const blob = remote.state.data;
  const name = document.filename ?? `Document ${index + 1}`;

  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    setObjectUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);

  const type = blob?.type || document.content_type || '';
  return (
    <section className="admin-doc" aria-label={name}>
      <h3 className="admin-doc__title">{name}</h3>
      {remote.state.status === 'error' ? (
        <div role="alert" className="admin-doc__error">
          <p>This document could not be loaded: {describeError(remote.state.error)}</p>
          <Button variant="secondary" onClick={remote.reload}>
            Try again
          </Button>
        </div>
      ) : !objectUrl ? (
        <p role="status">Loading the document…</p>
      ) : type.startsWith('image/') ? (
        <>
          <div className="admin-doc__tools">
            <Button
              variant="secondary"
              onClick={() => setZoom((z) => Math.max(0, z - 1))}
              disabled={zoom === 0}
            >
              Zoom out
            </Button>
            <span aria-live="polite">{Math.round((ZOOMS[zoom] ?? 1) * 100)}%</span>
            <Button
              variant="secondary"
              onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
              disabled={zoom === ZOOMS.length - 1}
            >
              Zoom in
            </Button>
            <Button variant="secondary" onClick={() => setTurns((t) => (t + 1) % 4)}>
              Rotate
            </Button>
          </div>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a zoomed image scrolls; the keyboard must reach it */}
          <section className="admin-doc__stage" tabIndex={0} aria-label={`${name}, zoomed`}>
            <img
              src={objectUrl}
              alt={`${name} sent by ${owner}`}
              className="admin-doc__image"
              style={{ width: `${(ZOOMS[zoom] ?? 1) * 100}%`, transform: `rotate(${turns * 90}deg)` }}
            />
          </section>
        </>
      ) : type === 'application/pdf' ? (
        <>
          <object
            data={objectUrl}
            type="application/pdf"
            className="admin-doc__pdf"
            aria-label={`${name} (PDF)`}
          >
            <p>This browser cannot show PDFs inline.</p>
          </object>
          <a href={objectUrl} target="_blank" rel="noreferrer">
            Open {name} in a new tab
          </a>
        </>
      ) : (
        <a href={objectUrl} download={name}>
          Download {name} ({type || 'unknown type'})
        </a>
      )}
    </section>
  );
}
