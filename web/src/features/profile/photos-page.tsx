/**
 * The member's photos: upload with a preview, choose the profile photo, edit the caption, delete.
 * Identity documents never appear here (they go to verification and are not gallery images).
 */
import { type Image, PROFILE_PHOTO_IMAGE_TYPE } from '@matchmaker/sdk/schemas';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { CheckboxField } from '../../components/choice-fields';
import { Dialog } from '../../components/dialog';
import { Button, EmptyState, ErrorState, PageHeading, Spinner, TextField } from '../../components/index';
import { getClient } from '../../lib/client';
import { describeError } from '../../lib/error-message';
import { notify } from '../../lib/toast';
import { refreshUser, sessionState } from '../../state/session';
import { isVerificationImage } from './kyc';
import { loadImages, memberId, profileData } from './profile-state';
import { ProfileTabs } from './profile-tabs';

export default function PhotosPage() {
  const { user } = useSnapshot(sessionState);
  const { images } = useSnapshot(profileData);
  const userId = user ? memberId(user) : null;

  useEffect(() => {
    if (userId) void loadImages(userId);
  }, [userId]);

  if (!user || !userId) return null;
  const reload = () => loadImages(userId);

  return (
    <section className="page profile-page">
      <PageHeading title="Your photos">
        <p>
          Members who see a clear, recent photo are far more likely to reply. Photos are reviewed by our team.
        </p>
      </PageHeading>
      <ProfileTabs />
      <UploadPhoto onUploaded={reload} />
      {images.state === 'idle' || images.state === 'loading' ? <Spinner label="Loading your photos" /> : null}
      {images.state === 'failed' ? (
        <ErrorState
          title="We could not load your photos"
          message={describeError(images.error)}
          onRetry={reload}
        />
      ) : null}
      {images.state === 'ready' ? (
        <Gallery
          images={images.value.list.filter((image) => !isVerificationImage(image))}
          onChanged={reload}
        />
      ) : null}
    </section>
  );
}

function UploadPhoto({ onUploaded }: { onUploaded: () => Promise<void> }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [caption, setCaption] = useState('');
  const [asProfile, setAsProfile] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // The preview URL holds the file in memory until revoked.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    setError(null);
    if (!chosen) return setFile(null);
    if (!chosen.type.startsWith('image/')) {
      setFile(null);
      setError(`${chosen.name} is not an image. Choose a JPEG, PNG or WebP photo.`);
      return;
    }
    setFile(chosen);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Choose a photo first.');
      return;
    }
    setBusy(true);
    try {
      await getClient().images.upload({
        file,
        filename: file.name,
        ...(asProfile ? { image_type: PROFILE_PHOTO_IMAGE_TYPE } : {}),
        ...(caption.trim() ? { caption: caption.trim() } : {}),
      });
      notify.success(asProfile ? 'Your new profile photo is uploaded.' : 'Your photo is uploaded.');
      setFile(null);
      setCaption('');
      if (input.current) input.current.value = '';
      await Promise.all([onUploaded(), asProfile ? refreshUser() : Promise.resolve()]);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card form upload" onSubmit={onSubmit} noValidate aria-labelledby="upload-title">
      <h2 id="upload-title" className="upload__title">
        Add a photo
      </h2>
      <div className="upload__body">
        <div className="upload__preview" aria-live="polite">
          {preview ? (
            <img src={preview} alt={`Preview of ${file?.name ?? 'the chosen photo'}`} />
          ) : (
            <span className="upload__placeholder">No photo chosen</span>
          )}
        </div>
        <div className="upload__fields">
          <div className={error ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor="photo-file">
              Photo
            </label>
            <input
              ref={input}
              id="photo-file"
              name="file"
              type="file"
              accept="image/*"
              className="field__file"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'photo-file-error' : undefined}
              onChange={(event) => choose(event.target.files?.[0])}
            />
            {error ? (
              <p className="field__error" id="photo-file-error">
                {error}
              </p>
            ) : null}
          </div>
          <TextField
            label="Caption (optional)"
            name="caption"
            autoComplete="off"
            value={caption}
            onChange={(event) => setCaption(event.target.value)}
          />
          <CheckboxField
            name="as_profile"
            checked={asProfile}
            onChange={(event) => setAsProfile(event.target.checked)}
            label="Use as my profile photo"
          />
          <div>
            <Button type="submit" busy={busy}>
              Upload photo
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}

function Gallery({ images, onChanged }: { images: readonly Image[]; onChanged: () => Promise<void> }) {
  if (images.length === 0) {
    return (
      <EmptyState title="No photos yet">
        <p>Add a photo above. Your profile photo is the first thing other members see.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="gallery" aria-label="Your photos">
      {images.map((image, index) => (
        <PhotoCard key={image.filename} image={image} position={index + 1} onChanged={onChanged} />
      ))}
    </ul>
  );
}

/** Photos in the first row of the grid at 1280 px. */
const FIRST_ROW = 3;

function PhotoCard({
  image,
  position,
  onChanged,
}: {
  image: Image;
  position: number;
  onChanged: () => Promise<void>;
}) {
  const isProfile = image.image_type === PROFILE_PHOTO_IMAGE_TYPE;
  const [busy, setBusy] = useState<'profile' | 'caption' | 'delete' | null>(null);
  const [editing, setEditing] = useState(false);
  const [caption, setCaption] = useState(image.caption ?? '');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const name = image.caption ? `Photo ${position}: ${image.caption}` : `Photo ${position}`;

  const run = async (
    kind: 'profile' | 'caption' | 'delete',
    action: () => Promise<unknown>,
    done: string,
  ) => {
    setBusy(kind);
    try {
      await action();
      notify.success(done);
      await Promise.all([onChanged(), kind === 'caption' ? Promise.resolve() : refreshUser()]);
    } catch (error) {
      notify.error(describeError(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <li className={isProfile ? 'photo photo--profile' : 'photo'} data-testid="photo">
      <img
        className="photo__image"
        src={image.thumbnailUrl ?? image.imageUrl ?? ''}
        alt={image.caption ? image.caption : `Your photo ${position}`}
        // The first photos may be the screen's largest paint: fetched at once, ahead of the rest.
        loading={position <= FIRST_ROW ? 'eager' : 'lazy'}
        fetchPriority={position <= FIRST_ROW ? 'high' : 'auto'}
      />
      <div className="photo__body">
        <p className="photo__meta">
          {isProfile ? <span className="tag tag--accent">Profile photo</span> : null}
          {image.flagged ? <span className="tag tag--warning">Under review</span> : null}
          {image.caption ? <span className="photo__caption">{image.caption}</span> : null}
        </p>
        {editing ? (
          <form
            className="photo__edit"
            onSubmit={(event) => {
              event.preventDefault();
              void run(
                'caption',
                () => getClient().images.edit(image.filename, { caption: caption.trim() || null }),
                'The caption is saved.',
              ).then(() => setEditing(false));
            }}
          >
            <TextField
              label={`Caption of ${name}`}
              name="caption"
              autoComplete="off"
              value={caption}
              onChange={(event) => setCaption(event.target.value)}
            />
            <div className="button-row">
              <Button type="submit" busy={busy === 'caption'}>
                Save caption
              </Button>
              <Button variant="ghost" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="button-row">
            {!isProfile ? (
              <Button
                variant="secondary"
                busy={busy === 'profile'}
                aria-label={`Make profile photo: ${name}`}
                onClick={() =>
                  run(
                    'profile',
                    () => getClient().images.edit(image.filename, { image_type: PROFILE_PHOTO_IMAGE_TYPE }),
                    'Your profile photo is changed.',
                  )
                }
              >
                Make profile photo
              </Button>
            ) : null}
            <Button
              variant="ghost"
              aria-label={`Edit the caption of ${name}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button
              variant="danger"
              aria-label={`Delete ${name}`}
              busy={busy === 'delete'}
              onClick={() => setConfirmDelete(true)}
            >
              Delete
            </Button>
          </div>
        )}
      </div>
      <Dialog
        open={confirmDelete}
        title="Delete this photo?"
        onClose={() => setConfirmDelete(false)}
        actions={
          <>
            <Button
              variant="danger"
              onClick={() => {
                setConfirmDelete(false);
                void run('delete', () => getClient().images.delete(image.filename), 'The photo is deleted.');
              }}
            >
              Delete photo
            </Button>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              Keep it
            </Button>
          </>
        }
      >
        <p>
          {isProfile
            ? 'This is your profile photo. Members will see no photo until you choose another.'
            : 'The photo is removed for good.'}
        </p>
      </Dialog>
    </li>
  );
}
