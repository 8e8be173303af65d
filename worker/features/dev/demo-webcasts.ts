import type { AttendeeOptions, WebcastSettings } from "../../../domain/webcasts/record.ts";

/**
 * The demo webcasts (docs/demo.md): local data only, seeded by POST /api/dev/seed. Every row has a
 * fixed id in the demo namespace (`demoId`), which is how a later seed recognises what it made.
 * Starts are relative to the moment of the seed, as a wall time in the webcast's time zone.
 */

/**
 * A fixed UUIDv7 of the demo namespace: `0196a0de-WWWW-7000-8000-PPPPPPPPPPPP`, W the webcast's
 * number, P the part's (0 = the webcast itself). Valid UUIDv7s (version 7, variant 10), so every
 * mutator and route takes them; their time prefix (May 2025) is no one's real creation time.
 */
export function demoId(webcast: number, part = 0): string {
  return `0196a0de-${webcast.toString(16).padStart(4, "0")}-7000-8000-${part.toString(16).padStart(12, "0")}`;
}

/** Part `part` of the demo webcast `webcastId` (a `demoId`): the same namespace, another last group. */
export function demoPartId(webcastId: string, part: number): string {
  return `${webcastId.slice(0, -12)}${part.toString(16).padStart(12, "0")}`;
}

/** When a demo webcast starts, relative to the seed. */
export type DemoStart =
  /** In 30 to 35 minutes (the next five-minute mark 30 minutes from now): "starting within the hour". */
  | { soon: true }
  /** `days` after (or before, negative) today in `timeZone`, at `time` there (HH:MM). */
  | { days: number; time: string };

export interface DemoPoll {
  id: string;
  title: string;
  description?: string;
  options: string[];
  /** Index of the recommended option. */
  recommended?: number;
  multiple_choice?: boolean;
  display?: "fluid" | "paginated";
}

export interface DemoResource {
  id: string;
  title: string;
  description?: string;
  kind: "link" | "email" | "file";
  /** The link or the address; for a file, its text content (stored in R2 as text/plain). */
  value: string;
  file_name?: string;
  visible?: boolean;
  language?: "en" | "fr";
}

export interface DemoWebcast {
  id: string;
  organization_id: number;
  /** Who creates it (an organizer, or the owner of a smaller organization). */
  actor: string;
  event_title: string;
  description: string;
  start: DemoStart;
  duration: number;
  timezone: string;
  language: "en" | "fr";
  is_premiere?: boolean;
  is_test?: boolean;
  /** Archived after creation (the show is over): what the control room does when a broadcast ends. */
  archived?: boolean;
  settings?: Partial<Omit<WebcastSettings, "attendee_options" | "has_password" | "billing_enabled" | "logo_key" | "cover_key" | "banner_key" | "intro_loop_media_id" | "outro_loop_media_id">> & {
    attendee_options?: Partial<AttendeeOptions>;
  };
  /** Branding images drawn by the seed (a small PNG each), stored as the branding route does. */
  images?: { logo?: string; cover?: string };
  /** Speakers by e-mail, in order (speaker ids: parts 0x100 + index); `producer` names the producer speaker. */
  speakers: { email: string; producer?: boolean; shown_in_lobby?: boolean }[];
  series?: { id: string; title: string; description?: string; polls: DemoPoll[] };
  polls?: DemoPoll[];
  resources?: DemoResource[];
  segments?: { id: string; name: string }[];
  outputs?: { id: string; rtmp_url: string; stream_key: string; activated?: boolean }[];
  embed_apps?: { id: string; title: string; description?: string; embed_code: string }[];
  /** Viewers (ids: parts 0x200 + index), added with createViewer as the viewers tab does. */
  viewers?: DemoViewer[];
}

export interface DemoViewer {
  name: string;
  email: string;
  tags?: string[];
  control_number?: string;
  vote_weight?: number;
  registered?: boolean;
}

/**
 * Viewers of the launch: customers and partners, some registered (docs/demo.md). Their tags name
 * the launch's segments (Customers, Partners), which the viewer page lets in; Hannah (press only)
 * shows the segment refusal.
 */
const LAUNCH_VIEWERS: DemoViewer[] = [
  { name: "Amelia Brooks", email: "amelia.brooks@example.com", tags: ["Customers"], registered: true },
  { name: "Noah Bennett", email: "noah.bennett@example.com", tags: ["Customers", "enterprise"], registered: true },
  { name: "Chloé Lambert", email: "chloe.lambert@example.fr", tags: ["Partners"], registered: true },
  { name: "Lucas Moreau", email: "lucas.moreau@example.fr", tags: ["Partners"] },
  { name: "Isabella Rossi", email: "isabella.rossi@example.it", tags: ["Customers"] },
  { name: "Mateo García", email: "mateo.garcia@example.es", tags: ["Customers", "press"], registered: true },
  { name: "Hannah Schmidt", email: "hannah.schmidt@example.de", tags: ["press"] },
  { name: "Ethan Clarke", email: "ethan.clarke@example.com", tags: ["Customers"], registered: true },
];

/** Shareholders of the AGM, with control numbers and weighted votes (shares held). */
const AGM_VIEWERS: DemoViewer[] = [
  { name: "Bernard Lefèvre", email: "bernard.lefevre@example.fr", tags: ["Actionnaires"], control_number: "AG-1001", vote_weight: 1200, registered: true },
  { name: "Camille Dubois", email: "camille.dubois@example.fr", tags: ["Actionnaires"], control_number: "AG-1002", vote_weight: 350, registered: true },
  { name: "Élodie Martin", email: "elodie.martin@example.fr", tags: ["Actionnaires"], control_number: "AG-1003", vote_weight: 80 },
  { name: "François Petit", email: "francois.petit@example.fr", tags: ["Actionnaires", "Conseil"], control_number: "AG-1004", vote_weight: 5000, registered: true },
  { name: "Inès Robert", email: "ines.robert@example.fr", tags: ["Actionnaires"], control_number: "AG-1005", vote_weight: 15 },
];

const AGENDA_EMBED = `<div style="font-family: system-ui, sans-serif; padding: 1rem">
  <h2 style="margin-top: 0">Agenda</h2>
  <ol>
    <li>Welcome (5 min)</li>
    <li>What is new in the spring release (20 min)</li>
    <li>Live demo (20 min)</li>
    <li>Questions and answers (15 min)</li>
  </ol>
</div>`;

const AGENDA_FILE = `Spring release launch: agenda

1. Welcome, Orla Organizer (5 min)
2. What is new in the spring release, Sofia Speaker (20 min)
3. Live demo, Pablo Producer (20 min)
4. Questions and answers (15 min)

The replay and the slides are sent to every registered attendee after the show.
`;

/** "Demo Events" (organization 1): one webcast of each kind and state the screens show. */
const DEMO_EVENTS_WEBCASTS: DemoWebcast[] = [
  {
    id: demoId(1),
    organization_id: 1,
    actor: "organizer@demo.test",
    event_title: "Spring release launch",
    description: "Meet the spring release: what is new, a live demo by the product team, and your questions answered live.",
    start: { soon: true },
    duration: 60,
    timezone: "Europe/Paris",
    language: "en",
    settings: {
      source_type: "rtmp",
      quality: "1080p",
      screen_sharing: true,
      registration_required: true,
      tag: "launch",
      theme: "dark",
      title_color: "#1d4ed8",
      attendee_options: { question_wall: true },
      speakers_see_stats: true,
    },
    images: { logo: "#1d4ed8" },
    speakers: [{ email: "producer@demo.test", producer: true }, { email: "speaker@demo.test" }, { email: "organizer@demo.test", shown_in_lobby: false }],
    series: {
      id: demoId(1, 0x10),
      title: "Launch feedback",
      description: "Asked at the end of the show.",
      polls: [
        { id: demoId(1, 0x11), title: "How likely are you to upgrade this quarter?", options: ["Very likely", "Maybe", "Not this quarter"], display: "paginated" },
        { id: demoId(1, 0x12), title: "Which new features will you use?", options: ["Offline editing", "Live polls", "Calendar view", "Branding"], multiple_choice: true },
      ],
    },
    polls: [{ id: demoId(1, 0x20), title: "Where are you watching from?", options: ["Office", "Home", "On the move"] }],
    resources: [
      { id: demoId(1, 0x30), title: "Release notes", description: "Everything in the spring release.", kind: "link", value: "https://example.com/release-notes" },
      { id: demoId(1, 0x31), title: "Agenda", kind: "file", value: AGENDA_FILE, file_name: "agenda.txt" },
      { id: demoId(1, 0x32), title: "Contact the product team", kind: "email", value: "product@demo.test" },
      { id: demoId(1, 0x33), title: "Pricing (after the show)", description: "Hidden until the demo ends.", kind: "link", value: "https://example.com/pricing", visible: false },
    ],
    segments: [
      { id: demoId(1, 0x40), name: "Customers" },
      { id: demoId(1, 0x41), name: "Partners" },
    ],
    outputs: [{ id: demoId(1, 0x50), rtmp_url: "rtmp://a.rtmp.youtube.com/live2", stream_key: "demo-spring-launch-key", activated: true }],
    embed_apps: [{ id: demoId(1, 0x60), title: "Agenda", description: "Shown beside the player.", embed_code: AGENDA_EMBED }],
    viewers: LAUNCH_VIEWERS,
  },
  {
    id: demoId(2),
    organization_id: 1,
    actor: "organizer@demo.test",
    event_title: "Assemblée générale annuelle 2026",
    description: "Assemblée générale des actionnaires : rapport de gestion, approbation des comptes et renouvellement du conseil.",
    start: { days: 3, time: "14:00" },
    duration: 120,
    timezone: "Europe/Paris",
    language: "fr",
    settings: {
      privacy: "private",
      registration_required: true,
      control_number_required: true,
      anonymous_questions: true,
      theme: "light",
      title_color: "#0f766e",
    },
    speakers: [{ email: "owner@demo.test" }, { email: "admin@demo.test" }, { email: "producer@demo.test", producer: true, shown_in_lobby: false }],
    polls: [
      { id: demoId(2, 0x20), title: "Approuvez-vous les comptes de l'exercice 2025 ?", options: ["Pour", "Contre", "Abstention"], recommended: 0 },
      { id: demoId(2, 0x21), title: "Renouvelez-vous le mandat d'administratrice d'Olivia Owner ?", options: ["Pour", "Contre", "Abstention"], recommended: 0 },
    ],
    resources: [
      { id: demoId(2, 0x30), title: "Ordre du jour", kind: "link", value: "https://example.com/ag-2026/ordre-du-jour", language: "fr" },
      { id: demoId(2, 0x31), title: "Rapport annuel 2025", kind: "link", value: "https://example.com/ag-2026/rapport-annuel", language: "fr" },
    ],
    segments: [{ id: demoId(2, 0x40), name: "Actionnaires" }],
    viewers: AGM_VIEWERS,
  },
  {
    id: demoId(3),
    organization_id: 1,
    actor: "organizer@demo.test",
    event_title: "Q2 earnings call",
    description: "Audio-only call for analysts and investors: second-quarter results and outlook.",
    start: { days: 14, time: "08:30" },
    duration: 60,
    timezone: "America/New_York",
    language: "en",
    settings: { event_type: "audio", privacy: "private", registration_required: true, schedule_visible: false },
    speakers: [{ email: "owner@demo.test" }, { email: "admin@demo.test" }, { email: "producer@demo.test", producer: true, shown_in_lobby: false }],
    resources: [
      { id: demoId(3, 0x30), title: "Press release", kind: "link", value: "https://example.com/investors/q2-press-release" },
      { id: demoId(3, 0x31), title: "Investor relations", kind: "email", value: "investors@demo.test" },
    ],
  },
  {
    id: demoId(4),
    organization_id: 1,
    actor: "organizer@demo.test",
    event_title: "Behind the scenes: our new studio",
    description: "A recorded tour of the new studio, premiering once for everyone at the same time, with the team answering questions in the chat.",
    start: { days: 6, time: "18:00" },
    duration: 30,
    timezone: "Europe/London",
    language: "en",
    is_premiere: true,
    settings: { theme: "go", title_color: "#b45309" },
    images: { cover: "#b45309" },
    speakers: [{ email: "speaker@demo.test" }],
    polls: [{ id: demoId(4, 0x20), title: "What should we film next?", options: ["The control room", "A day with the crew", "Our hardware lab"] }],
    resources: [{ id: demoId(4, 0x30), title: "Studio booking", kind: "link", value: "https://example.com/studio" }],
  },
  {
    id: demoId(5),
    organization_id: 1,
    actor: "organizer@demo.test",
    event_title: "Speaker tech check",
    description: "A test webcast to check cameras, microphones and slides with the launch speakers.",
    start: { days: 1, time: "10:00" },
    duration: 15,
    timezone: "Europe/Paris",
    language: "en",
    is_test: true,
    speakers: [{ email: "producer@demo.test", producer: true }, { email: "speaker@demo.test" }],
  },
  {
    id: demoId(6),
    organization_id: 1,
    actor: "organizer@demo.test",
    event_title: "Monthly town hall",
    description: "The whole company, once a month: news, numbers and an open Q&A. The replay is available.",
    start: { days: -1, time: "15:00" },
    duration: 60,
    timezone: "Europe/Paris",
    language: "en",
    archived: true,
    settings: { vod_download: true },
    speakers: [{ email: "owner@demo.test" }, { email: "speaker@demo.test" }, { email: "producer@demo.test", producer: true }],
    polls: [{ id: demoId(6, 0x20), title: "How useful was this town hall?", options: ["Very useful", "Somewhat useful", "Not useful"] }],
    resources: [{ id: demoId(6, 0x30), title: "Slides", kind: "link", value: "https://example.com/town-hall/slides" }],
  },
];

/** "Other Org" (organization 2): another tenant's webcasts, never visible to Demo Events. */
const OTHER_ORG_WEBCASTS: DemoWebcast[] = [
  {
    id: demoId(0x101),
    organization_id: 2,
    actor: "owner@other.test",
    event_title: "Other Org all-hands",
    description: "Another tenant's webcast: Demo Events members never see it.",
    start: { days: 4, time: "09:00" },
    duration: 45,
    timezone: "Europe/Berlin",
    language: "en",
    speakers: [{ email: "owner@other.test" }],
  },
  {
    id: demoId(0x102),
    organization_id: 2,
    actor: "owner@other.test",
    event_title: "Other Org partner briefing",
    description: "Another tenant's webcast, in French.",
    start: { days: 9, time: "16:00" },
    duration: 30,
    timezone: "America/Toronto",
    language: "fr",
    speakers: [],
  },
];

export const DEMO_WEBCASTS: readonly DemoWebcast[] = [...DEMO_EVENTS_WEBCASTS, ...OTHER_ORG_WEBCASTS];
