// Generation of the participants export (issue #18; goal: ≤ 1 s for an XLSX of 100,000 viewers):
// the rows of `domain/viewers/export.ts` through `exportStream` (domain/exports/spreadsheet.ts) in
// pages of 1,000, as the Worker streams them (worker/features/viewers/routes.ts), in each of the
// three formats; the median of three runs, with the bytes produced. Generation only: reading D1 is
// the Worker's paging, measured by the route's tests, not here.
import { type ExportType, exportStream } from "../domain/exports/spreadsheet.ts";
import { type ExportedViewer, participantExportHeader, participantExportRow } from "../domain/viewers/export.ts";
import { benchName, log, writeResult } from "./lib.ts";

const VIEWERS = 100_000;
const PAGE = 1_000;
const RUNS = 3;

const viewers: ExportedViewer[] = Array.from({ length: VIEWERS }, (_, index) => ({
  name: `${["Camille", "Léa", "Hugo", "Zoé", "Jules"][index % 5]} ${["Martin", "Bernard", "Dubois", "Lefèvre"][index % 4]} ${index}`,
  email: `viewer${index}@example.fr`,
  tags: index % 3 === 0 ? ["vip", "partenaire"] : [],
  control_number: index % 2 === 0 ? `AG-${100_000 + index}` : null,
  vote_weight: 1 + (index % 7),
  registered: index % 2 === 0,
  invitation_sent: index % 3 !== 0,
  reminder_sent: false,
  is_moderator: index % 1_000 === 0,
  created_at: new Date(Date.UTC(2026, 10, 1) + index * 1_000).toISOString(),
}));

async function* pages(): AsyncGenerator<ReturnType<ReturnType<typeof participantExportRow>>[]> {
  const row = participantExportRow("fr", "Europe/Paris");
  yield [participantExportHeader("fr")];
  for (let at = 0; at < viewers.length; at += PAGE) yield viewers.slice(at, at + PAGE).map(row);
}

async function once(type: ExportType): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  let bytes = 0;
  for await (const chunk of exportStream(pages(), type, "Participants").chunks) bytes += chunk.byteLength;
  return { ms: performance.now() - started, bytes };
}

const figures: Record<string, unknown> = { viewers: VIEWERS, page: PAGE, runs: RUNS };
for (const type of ["xlsx", "csv", "csv_semicolon"] as const) {
  await once(type); // warm-up (JIT)
  const runs: { ms: number; bytes: number }[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await once(type));
  const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  figures[type] = { median_ms: Math.round(median), samples_ms: runs.map((run) => Math.round(run.ms)), bytes: runs[0]?.bytes };
  log(`${type}: ${Math.round(median)} ms for ${VIEWERS} viewers (${((runs[0]?.bytes ?? 0) / 1e6).toFixed(1)} MB)`);
}
const file = writeResult(benchName(import.meta.url), figures, { xlsx_generation_ms: "≤ 1000 for 100,000 viewers" });
log(`written ${file}`);
