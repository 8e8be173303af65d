import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { WebcastDraftSpeaker } from "../../../domain/webcasts/draft.ts";
import { FieldErrors } from "../../ui/form.tsx";
import { SpeakerCount, SpeakerPicker } from "./speaker-picker.tsx";

export interface WizardSpeakersStepProps {
  organizationId: number | null;
  speakers: readonly WebcastDraftSpeaker[];
  errors: readonly string[] | undefined;
  /** The organization's max_speakers, when this device knows it. */
  limit: number | null;
  disabled: boolean;
  onChange(speakers: WebcastDraftSpeaker[]): void;
}

/**
 * The wizard's speakers step (SPEC §2 "general info, date and time, speakers, access, attendee
 * options"): the people picked, in order, and the producer, kept in the draft's details payload;
 * the save sends them as `setWebcastSpeakers` right after `createWebcast`. Invitations are sent
 * from the webcast's speakers tab once it exists.
 */
export function WizardSpeakersStep({ organizationId, speakers, errors = [], limit, disabled, onChange }: WizardSpeakersStepProps) {
  const { t } = useLingui();
  const errorId = useId();
  const groupName = useId();

  const move = (index: number, delta: -1 | 1) => {
    const list = [...speakers];
    const [moved] = list.splice(index, 1);
    if (!moved) return;
    list.splice(index + delta, 0, moved);
    onChange(list);
  };
  const setProducer = (userId: number | null) => onChange(speakers.map((speaker) => ({ ...speaker, is_producer: speaker.user_id === userId })));

  return (
    <fieldset className="form__group" data-testid="step-speakers" aria-describedby={errors.length > 0 ? errorId : undefined}>
      <legend className="visually-hidden">
        <Trans>Speakers</Trans>
      </legend>
      <p className="muted">
        <Trans>Pick who speaks and who produces (runs the control room). You can also do it later, in the webcast's Speakers tab, where invitations are sent.</Trans>
      </p>
      {limit !== null ? <SpeakerCount count={speakers.length} limit={limit} /> : null}
      <FieldErrors id={errorId} errors={errors} />
      {speakers.length === 0 ? (
        <p className="empty-state">
          <Trans>No speakers yet.</Trans>
        </p>
      ) : (
        <fieldset className="form__group wizard-speakers">
          <legend className="form__legend">
            <Trans>Producer</Trans>
          </legend>
          <ol className="wizard-speakers__list">
            {speakers.map((speaker, index) => (
              <li key={speaker.user_id} className="wizard-speakers__item" data-testid="wizard-speaker">
                <label className="wizard-speakers__choice">
                  <input type="radio" name={groupName} checked={speaker.is_producer} disabled={disabled} data-testid="wizard-producer" onChange={() => setProducer(speaker.user_id)} />
                  <span className="speaker-picker__name">{speaker.name}</span> <span className="muted">{speaker.email}</span>
                </label>
                <span className="row-actions">
                  <button type="button" className="button button--small" disabled={disabled || index === 0} aria-label={t`Move ${speaker.name} up`} onClick={() => move(index, -1)}>
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button type="button" className="button button--small" disabled={disabled || index === speakers.length - 1} aria-label={t`Move ${speaker.name} down`} onClick={() => move(index, 1)}>
                    <span aria-hidden="true">↓</span>
                  </button>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    disabled={disabled}
                    aria-label={t`Remove ${speaker.name} from the speakers`}
                    data-testid="wizard-speaker-remove"
                    onClick={() => onChange(speakers.filter((other) => other.user_id !== speaker.user_id))}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </span>
              </li>
            ))}
            <li className="wizard-speakers__item">
              <label className="wizard-speakers__choice">
                <input type="radio" name={groupName} checked={speakers.every((speaker) => !speaker.is_producer)} disabled={disabled} data-testid="wizard-producer-none" onChange={() => setProducer(null)} />
                <Trans>No producer yet</Trans>
              </label>
            </li>
          </ol>
        </fieldset>
      )}
      <SpeakerPicker
        headingLevel={3}
        organizationId={organizationId}
        excluded={new Set(speakers.map((speaker) => speaker.user_id))}
        disabled={disabled}
        onPick={(candidate) => onChange([...speakers, { user_id: candidate.user_id, name: candidate.name, email: candidate.email, is_producer: false }])}
      />
    </fieldset>
  );
}
