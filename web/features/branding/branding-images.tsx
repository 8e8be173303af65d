import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useSnapshot } from "valtio";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { BRANDING_IMAGE_TYPES, brandingImageError } from "../../../domain/branding/rest.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { FieldErrors, FormAlert } from "../../ui/form.tsx";
import { toast } from "../../ui/toast.ts";
import { useOnline } from "../pwa/use-online.ts";
import { UploadsList } from "../uploads/uploads-list.tsx";
import { type WebcastBrandingBody, setWebcastBranding } from "../webcasts/api.ts";
import { formMessageLocale } from "../webcasts/form-support.ts";
import { BRANDING_IMAGES, type BrandingImage, brandingImageUrl } from "../../../domain/branding/images.ts";
import { brandingAnswers, queueBrandingImage, rememberBranding } from "./branding-upload.ts";

const IMAGE_LABELS: Record<BrandingImage, MessageDescriptor> = { logo: msg`Logo`, cover: msg`Cover image`, banner: msg`Banner` };

type Urls = Record<BrandingImage, string | null>;
const urlsOf = (row: WebcastRow): Urls => ({ logo: brandingImageUrl(row.id, row.logo_key), cover: brandingImageUrl(row.id, row.cover_key), banner: brandingImageUrl(row.id, row.banner_key) });

/**
 * The logo, cover and banner: what is set, a preview of what is picked, and saving: each picked
 * image goes through the upload path (its progress listed below, resumed after a reload or a
 * cut; the webcast takes it once sent: branding-upload.ts), a removal is one call. Both need a
 * connection to start; the server's answer shows at once and the row follows with the next pull.
 */
export function BrandingImages({ row, editable }: { row: WebcastRow; editable: boolean }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const engine = useSyncEngine();
  const [picked, setPicked] = useState<Partial<Record<BrandingImage, File>>>({});
  const [removed, setRemoved] = useState<ReadonlySet<BrandingImage>>(new Set());
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [formKey, setFormKey] = useState(0);
  // The server's answer, shown until the synced row is as new as it.
  const answer = useSnapshot(brandingAnswers)[row.id];
  const current = answer && answer.updated_at > row.updated_at ? answer.urls : urlsOf(row);

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

  /** Removes the images marked for removal (one call); false when refused (the message is shown). */
  const removeImages = async (): Promise<boolean> => {
    if (removed.size === 0) return true;
    const body: WebcastBrandingBody = {};
    for (const kind of removed) body[`remove_${kind}`] = "1";
    try {
      rememberBranding(await setWebcastBranding(row.id, body));
      engine?.requestSync();
      setRemoved(new Set());
      return true;
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      if (!error.handled) setMessage(error.isNetworkError ? t`The server cannot be reached. Check your connection and try again.` : (Object.values(error.errors)[0]?.[0] ?? error.message));
      return false;
    }
  };

  /** Queues the picked images; the refused ones stay picked, with their errors. */
  const queueImages = async (): Promise<number> => {
    const refused: Record<string, string[]> = {};
    let queued = 0;
    for (const kind of BRANDING_IMAGES) {
      const file = picked[kind];
      if (!file) continue;
      const result = await queueBrandingImage(row, kind, file);
      if (result.ok) queued++;
      else refused[kind] = Object.values(result.errors).flat();
    }
    setPicked((all) => Object.fromEntries(Object.entries(all).filter(([kind]) => kind in refused)));
    setErrors(refused);
    if (Object.keys(refused).length === 0) setFormKey((value) => value + 1);
    return queued;
  };

  const pending = Object.keys(picked).length > 0 || removed.size > 0;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!pending || saving || Object.keys(errors).length > 0) return;
    setSaving(true);
    setMessage(null);
    try {
      const removing = removed.size > 0;
      if (!(await removeImages())) return;
      const queued = await queueImages();
      if (queued > 0) toast.success(t`The images are being uploaded: they show here once sent.`);
      else if (removing) toast.success(t`The images were saved.`);
    } finally {
      setSaving(false);
    }
  };

  const disabled = !editable || !online || saving;
  return (
    <form className="form-section" aria-labelledby="webcast-images-title" onSubmit={(event) => void save(event)} data-testid="branding-images" key={formKey}>
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
      <UploadsList kind="branding" targetId={row.id} />
      {editable ? (
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={disabled || !pending || Object.keys(errors).length > 0} aria-busy={saving || undefined} data-testid="branding-upload">
            <Trans>Save the images</Trans>
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
