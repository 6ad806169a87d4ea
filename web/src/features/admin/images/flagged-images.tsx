/**
 * Flagged images: 100 per page, blurred until revealed. A decision takes the image off the list at
 * once and puts it back (with an error toast) if the call fails. Shortcuts work only while focus
 * is inside the queue, and can be turned off. The page and the bulk selection are in the URL.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Dialog } from '../../../components/dialog';
import { Button, PageHeading } from '../../../components/index';
import { PAGE_FRAMES } from '../../../config/page-frames';
import { describeError } from '../../../lib/error-message';
import { notify } from '../../../lib/toast';
import { decideFlagged, listFlagged } from '../admin-actions';
import { adminPrefs, setShortcuts } from '../lib/admin-prefs';
import { ConfirmDialog } from '../lib/confirm-dialog';
import { fullName } from '../lib/format';
import { Pager } from '../lib/pager';
import { RemoteView } from '../lib/remote-view';
import type { FlaggedImage, FlaggedImagePage } from '../lib/types';
import { useUrlState } from '../lib/url-state';
import { type RemoteHandle, useRemote } from '../lib/use-remote';

export const SHORTCUTS = [
  ['j or →', 'Next image'],
  ['k or ←', 'Previous image'],
  ['a', 'Keep (approve) the image'],
  ['r or Delete', 'Remove the image'],
  ['v', 'Reveal or blur the image'],
  ['x', 'Select or unselect for a bulk decision'],
  ['?', 'Show these shortcuts'],
] as const;

export default function FlaggedImagesPage() {
  const url = useUrlState();
  const page = url.page();
  const remote = useRemote(`flagged:${page}`, (signal) => listFlagged({ page }, signal));
  const prefs = useSnapshot(adminPrefs);
  // Deciding every image of a page empties it while later pages still wait: fetch the page again
  // (the server moves the remaining images up) rather than show "nothing waiting".
  const shown = remote.state.status === 'ready' ? (remote.state.data?.images.length ?? null) : null;
  const hadImages = useRef(false);
  const { reload } = remote;
  useEffect(() => {
    if (shown === null) return;
    if (shown > 0) hadImages.current = true;
    else if (hadImages.current) {
      hadImages.current = false;
      reload();
    }
  }, [shown, reload]);
  return (
    <section className="admin-page">
      <PageHeading {...PAGE_FRAMES.admin.images} />
      <div className="admin-toolbar">
        <label className="admin-choice">
          <input
            type="checkbox"
            checked={prefs.shortcuts}
            onChange={(event) => setShortcuts(event.target.checked)}
          />
          Keyboard shortcuts
        </label>
      </div>
      <RemoteView
        remote={remote}
        label="flagged images"
        isEmpty={(data) => data.images.length === 0}
        empty={<p className="admin-empty">No flagged image is waiting. Well done.</p>}
      >
        {(data) => (
          <>
            <Queue remote={remote} images={data.images} />
            <Pager
              label="Flagged images"
              page={data.page}
              totalPages={data.total_pages}
              total={data.total}
              onPage={(next) => url.set({ page: next, sel: null })}
            />
          </>
        )}
      </RemoteView>
    </section>
  );
}

function Queue({
  remote,
  images,
}: {
  remote: RemoteHandle<FlaggedImagePage>;
  images: readonly FlaggedImage[];
}) {
  const url = useUrlState();
  const prefs = useSnapshot(adminPrefs);
  const selected = new Set(url.getAll('sel'));
  const [active, setActive] = useState(0);
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const [help, setHelp] = useState(false);
  const [bulk, setBulk] = useState<boolean | null>(null);
  const grid = useRef<HTMLUListElement>(null);
  const current = Math.min(active, images.length - 1);

  // A decided image's tile leaves the DOM with focus on it; focus then goes to the tile that took
  // its place, so the reviewer's next key still reaches the queue.
  const refocus = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a shorter list (an image decided) moves focus too
  useEffect(() => {
    const list = grid.current;
    if (!list || (!refocus.current && !list.contains(document.activeElement))) return;
    refocus.current = false;
    const tile = list.querySelectorAll<HTMLElement>('[data-tile]')[current];
    if (tile && document.activeElement !== tile && !tile.contains(document.activeElement)) tile.focus();
  }, [current, images.length]);

  const select = (filename: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(filename);
    else next.delete(filename);
    url.set({ sel: [...next] }, { replace: true });
  };

  const decide = async (image: FlaggedImage, approved: boolean) => {
    const position = images.indexOf(image);
    refocus.current = grid.current?.contains(document.activeElement) ?? false;
    remote.update((data) => ({
      ...data,
      images: data.images.filter((entry) => entry.filename !== image.filename),
    }));
    if (selected.has(image.filename)) select(image.filename, false);
    try {
      await decideFlagged(image.filename, approved);
      notify.success(approved ? 'Image kept' : 'Image removed');
    } catch (error) {
      remote.update((data) => {
        if (data.images.some((entry) => entry.filename === image.filename)) return data;
        const restored = [...data.images];
        restored.splice(Math.max(position, 0), 0, image);
        return { ...data, images: restored };
      });
      notify.error(`The decision was not saved: ${describeError(error)}`);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (!prefs.shortcuts || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLInputElement && event.key === ' ') return;
    const image = images[current];
    const move = (to: number) => {
      setActive(Math.max(0, Math.min(images.length - 1, to)));
      grid.current
        ?.querySelectorAll<HTMLElement>('[data-tile]')
        [Math.max(0, Math.min(images.length - 1, to))]?.focus();
    };
    const action = shortcutAction(event.key);
    if (!action) return;
    event.preventDefault();
    if (action === 'help') return setHelp(true);
    if (action === 'next' || action === 'previous') return move(current + (action === 'next' ? 1 : -1));
    if (!image) return;
    if (action === 'keep' || action === 'remove') void decide(image, action === 'keep');
    else if (action === 'reveal') setRevealed((set) => toggled(set, image.filename));
    else select(image.filename, !selected.has(image.filename));
  };

  const chosen = images.filter((image) => selected.has(image.filename));
  return (
    <>
      <div className="admin-toolbar">
        <span aria-live="polite">{chosen.length} selected</span>
        <Button variant="secondary" disabled={chosen.length === 0} onClick={() => setBulk(true)}>
          Keep selected
        </Button>
        <Button variant="danger" disabled={chosen.length === 0} onClick={() => setBulk(false)}>
          Remove selected
        </Button>
        <Button variant="ghost" onClick={() => setHelp(true)}>
          Shortcuts
        </Button>
      </div>
      <p className="admin-muted" id="flagged-help">
        {prefs.shortcuts
          ? 'Focus an image, then use j and k to move, a to keep, r to remove, v to reveal, x to select, ? for help.'
          : 'Keyboard shortcuts are off.'}
      </p>
      <ul
        ref={grid}
        className="admin-flagged"
        aria-label="Flagged images queue"
        aria-describedby="flagged-help"
        onKeyDown={onKeyDown}
      >
        {images.map((image, index) => {
          const shown = revealed.has(image.filename);
          const owner = image.user ? fullName(image.user) : 'a deleted account';
          const src = image.thumbnailUrl ?? image.imageUrl;
          return (
            <li
              key={image.filename}
              className={
                index === current ? 'admin-flagged__item admin-flagged__item--active' : 'admin-flagged__item'
              }
            >
              <article
                data-tile
                tabIndex={index === current ? 0 : -1}
                aria-label={`Image ${index + 1} of ${images.length}, from ${owner}${image.flag_reason ? `, flagged for ${image.flag_reason}` : ''}`}
                onFocus={() => setActive(index)}
                className="admin-flagged__tile"
              >
                <div className="admin-flagged__frame">
                  {src ? (
                    <img
                      src={src}
                      alt={
                        shown
                          ? `Flagged ${image.image_type} from ${owner}`
                          : `Blurred flagged ${image.image_type} from ${owner}`
                      }
                      className={shown ? '' : 'admin-flagged__blur'}
                      loading="lazy"
                    />
                  ) : (
                    <span className="admin-photos__none">No preview</span>
                  )}
                </div>
                <p className="admin-flagged__meta">
                  {owner}
                  {image.flag_reason ? ` · ${image.flag_reason}` : ''}
                </p>
                <div className="admin-flagged__actions">
                  <label className="admin-choice">
                    <input
                      type="checkbox"
                      checked={selected.has(image.filename)}
                      onChange={(event) => select(image.filename, event.target.checked)}
                    />
                    Select
                  </label>
                  <Button
                    variant="ghost"
                    aria-pressed={shown}
                    onClick={() => setRevealed((set) => toggled(set, image.filename))}
                  >
                    {shown ? 'Blur' : 'Reveal'}
                  </Button>
                  <Button variant="secondary" onClick={() => void decide(image, true)}>
                    Keep
                  </Button>
                  <Button variant="danger" onClick={() => void decide(image, false)}>
                    Remove
                  </Button>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      <Dialog
        open={help}
        title="Keyboard shortcuts"
        onClose={() => setHelp(false)}
        actions={<Button onClick={() => setHelp(false)}>Close</Button>}
      >
        <p>They work while an image of the queue has focus{prefs.shortcuts ? '' : ' (now turned off)'}.</p>
        <dl className="admin-facts">
          {SHORTCUTS.map(([keys, what]) => (
            <div key={keys} className="admin-facts__pair">
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </Dialog>
      <ConfirmDialog
        open={bulk !== null}
        title={bulk ? `Keep ${chosen.length} images?` : `Remove ${chosen.length} images?`}
        confirmLabel={bulk ? 'Keep them' : 'Remove them'}
        variant={bulk ? 'primary' : 'danger'}
        onClose={() => setBulk(null)}
        onConfirm={async () => {
          const approved = bulk === true;
          const results = await Promise.allSettled(
            chosen.map((image) => decideFlagged(image.filename, approved)),
          );
          const done = new Set(
            chosen
              .filter((_, index) => results[index]?.status === 'fulfilled')
              .map((image) => image.filename),
          );
          remote.update((data) => ({
            ...data,
            images: data.images.filter((image) => !done.has(image.filename)),
          }));
          url.set({ sel: [...selected].filter((name) => !done.has(name)) }, { replace: true });
          const failed = chosen.length - done.size;
          if (failed > 0) throw new Error(`${done.size} decided, ${failed} failed: try those again.`);
          return `${done.size} images ${approved ? 'kept' : 'removed'}`;
        }}
      >
        <p>{bulk ? 'Their flags are cleared and they stay visible.' : 'They are deleted for good.'}</p>
      </ConfirmDialog>
    </>
  );
}

type ShortcutAction = 'next' | 'previous' | 'keep' | 'remove' | 'reveal' | 'select' | 'help';

/** The queue's keys; letters ignore case so Caps Lock does not turn the shortcuts off. */
export function shortcutAction(key: string): ShortcutAction | null {
  switch (key.length === 1 ? key.toLowerCase() : key) {
    case 'j':
    case 'ArrowRight':
      return 'next';
    case 'k':
    case 'ArrowLeft':
      return 'previous';
    case 'a':
      return 'keep';
    case 'r':
    case 'Delete':
      return 'remove';
    case 'v':
      return 'reveal';
    case 'x':
      return 'select';
    case '?':
      return 'help';
    default:
      return null;
  }
}

function toggled(set: ReadonlySet<string>, item: string): ReadonlySet<string> {
  const next = new Set(set);
  if (next.has(item)) next.delete(item);
  else next.add(item);
  return next;
}
