/**
 * An attachment in a message: every file has a download button; an image also shows inline. The
 * bytes come from attachments.ts, and each shown image holds an object URL that is revoked when
 * its row leaves the DOM (the list is virtualised) or the room closes.
 */
import { useEffect, useState } from 'react';
import { Button } from '../../components/index';
import { describeError } from '../../lib/error-message';
import { reportError } from '../../lib/report';
import { notify } from '../../lib/toast';
import { fetchFile } from './attachments';

/** Raster formats a browser shows in an <img>; SVG and the rest are downloaded, never drawn. */
const PREVIEW_EXTENSIONS = /\.(png|jpe?g|gif|webp|avif)$/i;
const PREVIEW_TYPES = /^image\/(png|jpeg|gif|webp|avif)$/i;

/** Downloads an attachment through the SDK and saves it. */
export async function downloadFile(filename: string): Promise<void> {
  try {
    const blob = await fetchFile(filename);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    // The download has its own copy once started; the URL is not needed after the click.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    reportError(error);
    notify.error(describeError(error, 'We could not download this file.'));
  }
}

type Preview = { state: 'loading' } | { state: 'shown'; url: string } | { state: 'none' };

function usePreview(filename: string): Preview {
  const wanted = PREVIEW_EXTENSIONS.test(filename);
  const [preview, setPreview] = useState<Preview>(wanted ? { state: 'loading' } : { state: 'none' });
  useEffect(() => {
    if (!wanted) return;
    let url: string | null = null;
    let gone = false;
    fetchFile(filename).then(
      (blob) => {
        if (gone) return;
        if (!PREVIEW_TYPES.test(blob.type)) {
          setPreview({ state: 'none' });
          return;
        }
        url = URL.createObjectURL(blob);
        setPreview({ state: 'shown', url });
      },
      (error: unknown) => {
        // The download button stays and tells the member if the file cannot be fetched.
        if (!gone) setPreview({ state: 'none' });
        reportError(error);
      },
    );
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [filename, wanted]);
  return preview;
}

/** The visible label is short (server file names are long ids); the accessible name has the name. */
export function Attachment({ filename }: { filename: string }) {
  const preview = usePreview(filename);
  return (
    <div className="attachment">
      {preview.state === 'shown' ? (
        <img className="attachment__image" src={preview.url} alt={`Photo: ${filename}`} />
      ) : preview.state === 'loading' ? (
        <span className="attachment__placeholder" role="img" aria-label={`Loading photo ${filename}`} />
      ) : null}
      <Button variant="secondary" className="bubble__file" onClick={() => void downloadFile(filename)}>
        Download<span className="visually-hidden"> {filename}</span>
      </Button>
    </div>
  );
}
