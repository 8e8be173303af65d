import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useMemo, useRef, useState } from "react";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import {
  ATTENDEE_OPTION_FIELDS,
  WEBCAST_WIZARD_STEPS,
  type WebcastAccessValues,
  type WebcastDraft,
  type WebcastWizardStep,
  accessValuesOf,
  createArgsFromDraft,
  draftFromMutationArgs,
  emptyWebcastDraft,
  speakersArgsFromDraft,
  stepsWithErrors,
  webcastDraftErrors,
} from "../../../domain/webcasts/draft.ts";
import { limitsOf } from "../../../domain/organizations/limits.ts";
import { DEFAULT_WEBCAST_SETTINGS } from "../../../domain/webcasts/record.ts";
import { useWebcastDraft } from "../../local/use-draft.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { confirm } from "../../ui/confirm.ts";
import { FormAlert } from "../../ui/form.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { toast } from "../../ui/toast.ts";
import { useLeaveConfirmation } from "../../ui/use-leave-confirmation.ts";
import { useOrganizationChoice } from "../people/use-organization-choice.ts";
import { useCurrentUser } from "../session/store.ts";
import { browserTimeZone, formMessageLocale, mergeErrors, refusalText, rejectedFieldErrors, useRejectedEntry, withoutChanged } from "./form-support.ts";
import { STEP_LABELS } from "./labels.ts";
import { AccessFields, SettingSwitches } from "./settings-fields.tsx";
import { useOrganizationRules } from "./use-local-webcasts.ts";
import { WebcastFields } from "./webcast-fields.tsx";
import { WizardSpeakersStep } from "../speakers/wizard-speakers-step.tsx";
import "../organizations/management.css";
import "./webcasts.css";

/** The wizard's draft (one per user and device); a refused create being fixed has its own. */
export const NEW_WEBCAST_DRAFT_KEY = "webcast:new";

/**
 * /webcasts/new: the webcast wizard (SPEC §2, §5). Each step validates on its own when leaving it;
 * saving is refused until every step is valid, and the wizard says which steps hold errors. The
 * form is the local draft (autosaved, restored after a reload or offline); saving runs the
 * `createWebcast` mutator on the device, so it works offline and syncs later. `fix` reopens a
 * create the server refused, with its message and field errors.
 *
 * Steps built so far: general information, date and time, speakers (in the details payload, sent
 * as `setWebcastSpeakers` right after `createWebcast`), access, attendee options (the last two in
 * the draft's access payload).
 */
export function NewWebcastPage({ fix }: { fix?: string }) {
  const user = useCurrentUser();
  const engine = useSyncEngine();
  const { options } = useOrganizationChoice(user, "webcasts.create");
  const rejected = useRejectedEntry(fix);
  const ready = rejected !== undefined && (fix === undefined || rejected !== null || engine !== null);
  const baseline = useMemo((): WebcastDraft | undefined => {
    if (!ready) return undefined;
    const empty = emptyWebcastDraft({ organizationId: options.length === 1 ? (options[0]?.id ?? null) : null, timezone: browserTimeZone(), language: formMessageLocale(), now: new Date() });
    return rejected ? draftFromMutationArgs(empty, (rejected.mutation.args ?? {}) as Parameters<typeof draftFromMutationArgs>[1]) : empty;
    // The options only seed a new draft; they arrive after the first render for super admins.
  }, [ready, rejected, options.length === 1 ? options[0]?.id : null]);

  return (
    <div className="page webcast-wizard" data-testid="webcast-wizard">
      <PageTitle>{fix ? <Trans>Fix the refused webcast</Trans> : <Trans>Create a webcast</Trans>}</PageTitle>
      {fix && rejected === null ? (
        <FormAlert tone="info">
          <Trans>This refused change was already fixed or discarded.</Trans>
        </FormAlert>
      ) : (
        <Wizard key={fix ?? "new"} draftKey={fix ? `rejected:${fix}` : NEW_WEBCAST_DRAFT_KEY} baseline={baseline} organizations={options} fixId={fix} rejectedMessage={rejected?.error.message} serverErrors={rejectedFieldErrors(rejected)} />
      )}
    </div>
  );
}

interface WizardProps {
  draftKey: string;
  baseline: WebcastDraft | undefined;
  organizations: readonly { id: number; name: string }[];
  fixId: string | undefined;
  rejectedMessage: string | undefined;
  serverErrors: ReturnType<typeof rejectedFieldErrors>;
}

function Wizard({ draftKey, baseline, organizations, fixId, rejectedMessage, serverErrors }: WizardProps) {
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const navigate = useNavigate();
  const { draft, dirty, restored, update, clear } = useWebcastDraft(draftKey, baseline);
  const [step, setStep] = useState<WebcastWizardStep>("general");
  const [checked, setChecked] = useState<ReadonlySet<WebcastWizardStep>>(() => new Set(fixId ? WEBCAST_WIZARD_STEPS.map((s) => s.id) : []));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const saved = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The speaker limit of the chosen organization, when this device holds its rules.
  const rules = useOrganizationRules(draft?.details.organization_id ?? 0);
  const speakerLimit = rules ? limitsOf(rules).max_speakers : null;
  useLeaveConfirmation(dirty && !saving && !saved.current, { message: t`Your draft stays on this device and will be here when you come back, but the webcast is not created yet.` });

  if (!draft) {
    return (
      <p className="muted" aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    );
  }

  const locale = formMessageLocale();
  const ownErrors = webcastDraftErrors(draft.details, locale, { startAfter: new Date(), maxSpeakers: speakerLimit });
  const serverShown = withoutChanged(serverErrors, baseline, draft);
  const shown = Object.fromEntries(
    Object.entries(mergeErrors(ownErrors, serverShown)).filter(([field]) => WEBCAST_WIZARD_STEPS.some((s) => checked.has(s.id) && (s.fields as readonly string[]).includes(field))),
  );
  const failing = stepsWithErrors(mergeErrors(ownErrors, serverShown));
  const failingChecked = failing.filter((id) => checked.has(id));
  const index = WEBCAST_WIZARD_STEPS.findIndex((s) => s.id === step);
  const last = index === WEBCAST_WIZARD_STEPS.length - 1;
  // A draft stored before the access steps existed has an empty access payload: defaults fill it.
  const accessProps = {
    values: { ...accessValuesOf(DEFAULT_WEBCAST_SETTINGS), ...draft.access },
    errors: shown,
    disabled: saving,
    onChange: (patch: Partial<WebcastAccessValues>) => update((current) => ({ ...current, access: { ...current.access, ...patch } })),
  };

  const goTo = (target: WebcastWizardStep) => {
    setStep(target);
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const check = (ids: readonly WebcastWizardStep[]) => setChecked((current) => new Set([...current, ...ids]));

  const next = () => {
    check([step]);
    if (failing.includes(step)) return;
    const following = WEBCAST_WIZARD_STEPS[index + 1];
    if (following) goTo(following.id);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const all = WEBCAST_WIZARD_STEPS.map((s) => s.id);
    check(all);
    setRefusal(null);
    if (failing.length > 0 || !engine) {
      const first = failing[0];
      if (first && first !== step) goTo(first);
      return;
    }
    const id = uuidv7();
    const now = new Date().toISOString();
    setSaving(true);
    try {
      await engine.mutate("createWebcast", createArgsFromDraft(draft, { id, now }));
    } catch (error) {
      setSaving(false);
      const refused = refusalText(error);
      if (!refused) throw error;
      setRefusal(refused.message);
      return;
    }
    // The speakers in the same save, queued right behind the webcast (the step checked what it can).
    const speakers = speakersArgsFromDraft(draft, { webcastId: id, now, newId: uuidv7 });
    let speakersRefusal: string | null = null;
    if (speakers) {
      try {
        await engine.mutate("setWebcastSpeakers", speakers);
      } catch (error) {
        const refused = refusalText(error);
        if (!refused) throw error;
        speakersRefusal = refused.message;
      }
    }
    saved.current = true;
    await clear();
    if (fixId) await engine.discardRejected(fixId);
    if (speakersRefusal) {
      toast.error(t`The webcast was created, but its speakers were refused: ${speakersRefusal} Add them in the Speakers tab.`);
      await navigate({ to: "/webcasts/$uid/edit", params: { uid: id }, search: { tab: "speakers" } });
      return;
    }
    toast.success(navigator.onLine ? t`Webcast created.` : t`Webcast created on this device. It will be sent when you are back online.`);
    await navigate({ to: "/webcasts/$uid/edit", params: { uid: id } });
  };

  const clearDraft = async () => {
    const accepted = await confirm({ title: t`Clear the draft?`, message: t`Everything typed in this wizard will be emptied.`, acceptLabel: t`Clear`, cancelLabel: t`Cancel` });
    if (!accepted) return;
    await clear();
    setChecked(new Set());
    goTo("general");
  };

  return (
    <form className="form wizard" noValidate onSubmit={(event) => void save(event)} data-testid="webcast-wizard-form">
      {rejectedMessage ? (
        <FormAlert>
          <Trans>The server refused this webcast: {rejectedMessage}</Trans>
        </FormAlert>
      ) : null}
      {restored ? (
        <FormAlert tone="info">
          <Trans>Your draft was restored.</Trans>
        </FormAlert>
      ) : null}
      {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      {failingChecked.length > 0 && checked.size === WEBCAST_WIZARD_STEPS.length ? (
        <FormAlert>
          <Trans>Fix the errors of these steps before saving:</Trans>{" "}
          {failingChecked.map((id, position) => (
            <span key={id}>
              {position > 0 ? ", " : null}
              <button type="button" className="link-button" onClick={() => goTo(id)}>
                {i18n._(STEP_LABELS[id])}
              </button>
            </span>
          ))}
        </FormAlert>
      ) : null}
      <ol className="wizard__steps" aria-label={t`Steps`}>
        {WEBCAST_WIZARD_STEPS.map((s, position) => {
          const hasErrors = checked.has(s.id) && failing.includes(s.id);
          return (
            <li key={s.id}>
              <button
                type="button"
                className="wizard__step"
                aria-current={s.id === step ? "step" : undefined}
                data-invalid={hasErrors || undefined}
                data-testid={`wizard-step-${s.id}`}
                onClick={() => {
                  check([step]);
                  goTo(s.id);
                }}
              >
                <span className="wizard__step-number">{position + 1}</span> {i18n._(STEP_LABELS[s.id])}
                {hasErrors ? <span className="visually-hidden">{t`(has errors)`}</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
      <h2 className="wizard__title" tabIndex={-1} ref={headingRef}>
        {i18n._(STEP_LABELS[step])}
      </h2>
      {step === "general" || step === "schedule" ? (
        <WebcastFields
          step={step}
          details={draft.details}
          errors={shown}
          organizations={organizations}
          disabled={saving}
          onChange={(patch) =>
            update((current) => {
              // People picked are members of the organization chosen then: another one starts with none.
              const otherOrganization = patch.organization_id !== undefined && patch.organization_id !== current.details.organization_id;
              return { ...current, details: { ...current.details, ...patch, ...(otherOrganization ? { speakers: [] } : {}) } };
            })
          }
        />
      ) : step === "speakers" ? (
        <WizardSpeakersStep
          organizationId={draft.details.organization_id}
          speakers={draft.details.speakers}
          errors={shown.speakers}
          limit={speakerLimit}
          disabled={saving}
          onChange={(speakers) => update((current) => ({ ...current, details: { ...current.details, speakers } }))}
        />
      ) : (
        <fieldset className="form__group" data-testid={`step-${step}`}>
          <legend className="visually-hidden">{i18n._(STEP_LABELS[step])}</legend>
          {step === "access" ? <AccessFields {...accessProps} /> : <SettingSwitches {...accessProps} fields={ATTENDEE_OPTION_FIELDS} />}
        </fieldset>
      )}
      <div className="form__actions wizard__actions">
        {index > 0 ? (
          <button type="button" className="button" onClick={() => goTo(WEBCAST_WIZARD_STEPS[index - 1]?.id ?? "general")}>
            <Trans>Back</Trans>
          </button>
        ) : null}
        {last ? null : (
          <button type="button" className="button" onClick={next} data-testid="wizard-next">
            <Trans>Next</Trans>
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving || undefined} data-testid="wizard-save">
          <Trans>Create the webcast</Trans>
        </button>
        <button type="button" className="button" onClick={() => void clearDraft()} disabled={saving || !dirty} data-testid="wizard-clear">
          <Trans>Clear the draft</Trans>
        </button>
        <Link to="/sessions" className="button">
          <Trans>Cancel</Trans>
        </Link>
      </div>
    </form>
  );
}
