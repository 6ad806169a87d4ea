/**
 * The member's photos: upload with a preview, choose the profile photo, edit the caption, delete.
 * Identity documents never appear here (they go to verification and are not gallery images).
 */
import { type Image, PROFILE_PHOTO_IMAGE_TYPE } from '@matchmaker/sdk/schemas';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { CheckboxField, FileField } from '../../components/choice-fields';
import { Dialog } from '../../components/dialog';
import { Button, EmptyState, ErrorState, PageHeading, Spinner, TextField } from '../../components/index';
import { PAGE_FRAMES } from '../../config/page-frames';
import { describeError } from '../../lib/error-message';
import { notify } from '../../lib/toast';
import { useForm } from '../../lib/use-form';
import { refreshUser, sessionState } from '../../state/session';
import { isVerificationImage } from './kyc';
import {
  changePhoto,
  loadImages,
  memberId,
  type PhotoChange,
  profileData,
  uploadPhoto,
} from './profile-state';
import { ProfileTabs } from './profile-tabs';

export default function PhotosPage() {
  const { user } = useSnapshot(sessionState);
  const { images } = useSnapshot(profileData);
  const userId = user ? memberId(user) : null;

  useEffect(() => {
    if (userId) void loadImages(userId);
  }, [userId]);

  if (!user || !userId) return null;
  const reload = () => loadImages(userId, true);

  return (
    <section className="page profile-page">
      <PageHeading {...PAGE_FRAMES.profile.photos} />
      <ProfileTabs />
      <UploadPhoto onUploaded={reload} />
      {images.status === 'idle' || images.status === 'loading' ? (
        <Spinner label="Loading your photos" />
      ) : null}
      {images.status === 'error' ? (
        <ErrorState title="We could not load your photos" message={images.error ?? ''} onRetry={reload} />
      ) : null}
      {images.status === 'ready' && images.data ? (
        <Gallery images={images.data.filter((image) => !isVerificationImage(image))} onChanged={reload} />
      ) : null}
    </section>
  );
}

function UploadPhoto({ onUploaded }: { onUploaded: () => Promise<unknown> }) {
  const [file, setFile] = useState<File | null>(null);
  const [notImage, setNotImage] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const form = useForm({
    initial: { caption: '', as_profile: true },
    validate: () => ({ file: notImage ?? (file ? undefined : 'Choose a photo first.') }),
    submit: ({ caption, as_profile }) => {
      if (!file) throw new Error('No photo chosen');
      return uploadPhoto({ file, caption: caption.trim(), asProfile: as_profile });
    },
    fields: ['file', 'caption'],
    successToast: (_answer, { as_profile }) =>
      as_profile ? 'Your new profile photo is uploaded.' : 'Your photo is uploaded.',
    onSuccess: (_answer, { as_profile }) => {
      setFile(null);
      form.set('caption', '');
      if (input.current) input.current.value = '';
      void Promise.all([onUploaded(), as_profile ? refreshUser() : Promise.resolve()]);
    },
  });

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
    setNotImage(null);
    if (!chosen) return setFile(null);
    if (!chosen.type.startsWith('image/')) {
      setFile(null);
      setNotImage(`${chosen.name} is not an image. Choose a JPEG, PNG or WebP photo.`);
      return;
    }
    setFile(chosen);
  };

  return (
    <form className="card form upload" onSubmit={form.onSubmit} noValidate aria-labelledby="upload-title">
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
          <FileField
            id="photo-file"
            name="file"
            label="Photo"
            accept="image/*"
            inputRef={input}
            error={notImage ?? form.errors.file ?? form.errors.form}
            onFiles={(files) => choose(files[0])}
          />
          <TextField label="Caption (optional)" autoComplete="off" {...form.field('caption')} />
          <CheckboxField {...form.checkbox('as_profile')} label="Use as my profile photo" />
          <div>
            <Button type="submit" busy={form.busy}>
              Upload photo
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}

function Gallery({ images, onChanged }: { images: readonly Image[]; onChanged: () => Promise<unknown> }) {
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
  onChanged: () => Promise<unknown>;
}) {
  const isProfile = image.image_type === PROFILE_PHOTO_IMAGE_TYPE;
  const [busy, setBusy] = useState<'profile' | 'delete' | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const name = image.caption ? `Photo ${position}: ${image.caption}` : `Photo ${position}`;
  const captionForm = useForm({
    initial: { caption: image.caption ?? '' },
    submit: ({ caption }) => changePhoto(image, { caption: caption.trim() || null }),
    successToast: 'The caption is saved.',
    failureToast: true,
    onSuccess: () => {
      setEditing(false);
      void onChanged();
    },
  });

  const run = async (kind: 'profile' | 'delete', change: PhotoChange, done: string) => {
    setBusy(kind);
    try {
      await changePhoto(image, change);
      notify.success(done);
      await Promise.all([onChanged(), refreshUser()]);
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
          <form className="photo__edit" onSubmit={captionForm.onSubmit}>
            <TextField label={`Caption of ${name}`} autoComplete="off" {...captionForm.field('caption')} />
            <div className="button-row">
              <Button type="submit" busy={captionForm.busy}>
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
                onClick={() => run('profile', 'make-profile', 'Your profile photo is changed.')}
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
                void run('delete', 'delete', 'The photo is deleted.');
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
