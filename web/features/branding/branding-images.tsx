import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { BRANDING_IMAGE_TYPES, brandingImageError } from "../../../domain/branding/rest.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { FieldErrors, FormAlert } from "../../ui/form.tsx";
import { toast } from "../../ui/toast.ts";
import { useOnline } from "../pwa/use-online.ts";
import { uploadWebcastBranding } from "../webcasts/api.ts";
import { formMessageLocale } from "../webcasts/form-support.ts";
import { BRANDING_IMAGES, type BrandingImage, brandingImageUrl } from "../../../domain/branding/images.ts";

const IMAGE_LABELS: Record<BrandingImage, MessageDescriptor> = { logo: msg`Logo`, cover: msg`Cover image`, banner: msg`Banner` };

type Urls = Record<BrandingImage, string | null>;
const urlsOf = (row: WebcastRow): Urls => ({ logo: brandingImageUrl(row.id, row.logo_key), cover: brandingImageUrl(row.id, row.cover_key), banner: brandingImageUrl(row.id, row.banner_key) });

/**
 * The logo, cover and banner: what is set, a preview of what is picked, and one upload (with a
 * progress bar) of the picked images and removals. Images live in R2, so this needs a connection
 * (POST …/branding); the server's answer shows at once and the row follows with the next pull.
 */
export function BrandingImages({ row, editable }: { row: WebcastRow; editable: boolean }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const engine = useSyncEngine();
  const [picked, setPicked] = useState<Partial<Record<BrandingImage, File>>>({});
  const [removed, setRemoved] = useState<ReadonlySet<BrandingImage>>(new Set());
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [formKey, setFormKey] = useState(0);
  // The server's answer, shown while the row still holds the keys it had before (until the pull).
  const [answer, setAnswer] = useState<{ before: string; urls: Urls } | null>(null);
  const keys = `${row.logo_key}|${row.cover_key}|${row.banner_key}`;
  const current = answer && answer.before === keys ? answer.urls : urlsOf(row);

  const pick = (kind: BrandingImage, file: File | undefined) => {
    setErrors(({ [kind]: _dropped, ...rest }) => rest);
    setPicked(({ [kind]: _previous, ...rest }) => (file ? { ...rest, [kind]: file } : rest));
    const problem = file ? brandingImageError(file, formMessageLocale()) : null;
    if (problem) setErrors((all) => ({ ...all, [kind]: [problem] }));
  };

  const toggleRemoved = (kind: BrandingImage, remove: boolean) =>
    setRemoved((all) => {
      const next = new Set(all);
      if (remove) next.add(kind);
      else next.delete(kind);
      return next;
    });

  const pending = Object.keys(picked).length > 0 || removed.size > 0;
  const upload = async (event: FormEvent) => {
    event.preventDefault();
    if (!pending || progress !== null || Object.keys(errors).length > 0) return;
    setProgress(0);
    setMessage(null);
    try {
      const data = await uploadWebcastBranding(row.id, { images: picked, remove: [...removed] }, setProgress);
      setAnswer({ before: keys, urls: { logo: data.logo_url, cover: data.cover_url, banner: data.banner_url } });
      setPicked({});
      setRemoved(new Set());
      setFormKey((value) => value + 1);
      engine?.requestSync();
      toast.success(t`The images were saved.`);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      if (error.handled) return;
      setErrors(error.errors);
      const placed = BRANDING_IMAGES.some((kind) => (error.errors[kind]?.length ?? 0) > 0);
      setMessage(placed ? null : error.isNetworkError ? t`The server cannot be reached. Check your connection and try again.` : (error.errors._?.[0] ?? error.message));
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  const disabled = !editable || !online || uploading;
  return (
    <form className="form-section" aria-labelledby="webcast-images-title" onSubmit={(event) => void upload(event)} data-testid="branding-images" key={formKey}>
      <h2 id="webcast-images-title" className="form-section__title">
        <Trans>Images</Trans>
      </h2>
      {editable ? (
        online ? (
          <p className="muted" data-testid="branding-upload-note">
            <Trans>Images are stored on the server: uploading or removing them needs a connection. JPEG, PNG, GIF, WebP or AVIF, up to 5 MB each.</Trans>
          </p>
        ) : (
          <FormAlert tone="info">
            <Trans>You are offline. Uploading or removing images needs a connection.</Trans>
          </FormAlert>
        )
      ) : null}
      {message ? <FormAlert>{message}</FormAlert> : null}
      <ul className="branding-images">
        {BRANDING_IMAGES.map((kind) => (
          <ImageSlot
            key={kind}
            kind={kind}
            label={i18n._(IMAGE_LABELS[kind])}
            url={current[kind]}
            file={picked[kind]}
            removed={removed.has(kind)}
            errors={errors[kind] ?? []}
            editable={editable}
            disabled={disabled}
            onPick={(file) => pick(kind, file)}
            onRemove={(remove) => toggleRemoved(kind, remove)}
          />
        ))}
      </ul>
      {uploading ? <progress className="progress" max={1} value={progress} aria-label={t`Upload progress`} data-testid="branding-progress" /> : null}
      {editable ? (
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={disabled || !pending || Object.keys(errors).length > 0} aria-busy={uploading || undefined} data-testid="branding-upload">
            {uploading ? <Trans>Uploading…</Trans> : <Trans>Save the images</Trans>}
          </button>
        </div>
      ) : null}
    </form>
  );
}

interface ImageSlotProps {
  kind: BrandingImage;
  label: string;
  url: string | null;
  file: File | undefined;
  removed: boolean;
  errors: readonly string[];
  editable: boolean;
  disabled: boolean;
  onPick(file: File | undefined): void;
  onRemove(remove: boolean): void;
}

function ImageSlot({ kind, label, url, file, removed, errors, editable, disabled, onPick, onRemove }: ImageSlotProps) {
  const { t } = useLingui();
  const inputId = useId();
  const preview = usePreview(file);
  const shown = preview ?? (removed ? null : url);
  return (
    <li className="branding-images__item" data-testid={`branding-${kind}`}>
      <strong>{label}</strong>
      {shown ? <img className="branding-images__preview" src={shown} alt={preview ? t`Preview: ${label}` : label} /> : <p className="muted">{url && removed ? <Trans>Removed when saved.</Trans> : <Trans>No image.</Trans>}</p>}
      {editable ? (
        <>
          <label htmlFor={inputId} className="field__label">
            {url ? <Trans>Replace</Trans> : <Trans>Choose an image</Trans>}
          </label>
          <input id={inputId} type="file" name={kind} accept={BRANDING_IMAGE_TYPES.join(",")} disabled={disabled || removed} aria-invalid={errors.length > 0 || undefined} onChange={(event) => onPick(event.currentTarget.files?.[0])} />
          {url && !file ? (
            <label className="field--checkbox">
              <input type="checkbox" name={`remove_${kind}`} checked={removed} disabled={disabled} onChange={(event) => onRemove(event.target.checked)} /> <Trans>Remove this image</Trans>
            </label>
          ) : null}
          <FieldErrors errors={errors} />
        </>
      ) : null}
    </li>
  );
}

/** An object URL for a picked file, revoked when it changes. */
function usePreview(file: File | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
