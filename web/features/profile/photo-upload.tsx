import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { FieldErrors } from "../../ui/form.tsx";
import { UploadsList } from "../uploads/uploads-list.tsx";
import { PHOTO_MAX_BYTES, PHOTO_TYPES, isAcceptedPhotoType } from "./api.ts";
import { queueProfilePhoto } from "./photo-upload-step.ts";

/**
 * The current photo, a picked file's preview, and its upload through the upload path: its
 * progress is listed here (resumed after a reload or a cut), and it becomes the photo once sent
 * (photo-upload-step.ts).
 */
export function PhotoUpload({ user }: { user: ProfileUser }) {
  const { t } = useLingui();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [queueing, setQueueing] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = (picked: File | undefined) => {
    setErrors([]);
    if (!picked) return setFile(null);
    if (!isAcceptedPhotoType(picked.type)) {
      setFile(null);
      return setErrors([t`Choose a JPEG, PNG, GIF, WebP or AVIF image.`]);
    }
    if (picked.size > PHOTO_MAX_BYTES) {
      setFile(null);
      return setErrors([t`The photo may not be larger than 5 MB.`]);
    }
    setFile(picked);
  };

  const upload = async () => {
    if (!file || queueing) return;
    setQueueing(true);
    setErrors([]);
    try {
      const queued = await queueProfilePhoto(file);
      if (!queued.ok) return setErrors(Object.values(queued.errors).flat());
      setFile(null);
      if (inputRef.current) inputRef.current.value = "";
    } finally {
      setQueueing(false);
    }
  };

  return (
    <section className="card profile-photo" aria-labelledby={`${inputId}-title`} data-testid="profile-photo">
      <h2 id={`${inputId}-title`} className="card__title">
        <Trans>Photo</Trans>
      </h2>
      <div className="profile-photo__body">
        <div className="profile-photo__images">
          <figure>
            <Avatar name={user.name} photo={user.photo} size={96} />
            <figcaption className="muted">{user.photo ? <Trans>Current photo</Trans> : <Trans>No photo yet</Trans>}</figcaption>
          </figure>
          {preview ? (
            <figure>
              <img className="avatar" src={preview} alt={t`Preview of the new photo`} width={96} height={96} data-testid="photo-preview" />
              <figcaption className="muted">
                <Trans>New photo</Trans>
              </figcaption>
            </figure>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={inputId} className="field__label">
            <Trans>Choose a photo</Trans>
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={PHOTO_TYPES.join(",")}
            disabled={queueing}
            aria-describedby={`${inputId}-hint`}
            aria-invalid={errors.length > 0 || undefined}
            onChange={(event) => pick(event.currentTarget.files?.[0])}
          />
          <p id={`${inputId}-hint`} className="field__hint">
            <Trans>JPEG, PNG, GIF, WebP or AVIF, up to 5 MB.</Trans>
          </p>
          <FieldErrors errors={errors} />
        </div>
        <UploadsList kind="photo" />
        <div className="form__actions">
          <button type="button" className="button button--primary" onClick={() => void upload()} disabled={!file || queueing} aria-busy={queueing || undefined}>
            <Trans>Upload the photo</Trans>
          </button>
        </div>
      </div>
    </section>
  );
}
