import { beforeAll, describe, expect, it } from "vitest";
import type { Person } from "../../../domain/organizations/people.ts";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { createOrganization, createUser, mailsTo, roleOf, userByEmail } from "../organizations/fixtures.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };
type Page = { data: Person[]; meta: { page: number; per_page: number; total: number } };

beforeAll(seedDemo);

const people = (id: number) => `/api/organizations/${id}/people`;

describe("GET /api/organizations/:id/people", () => {
  it("lists one kind, with status and verification, searchable by name or e-mail", async () => {
    const organizer = await clientFor("organizer@demo.test");
    const response = await organizer.get(`${people(1)}?kind=speaker`);
    expect(response.status).toBe(200);
    const body = await response.json<Page>();
    const emails = body.data.map((person) => person.email);
    expect(emails).toEqual(expect.arrayContaining(["speaker@demo.test", "producer@demo.test", "pending@demo.test"]));
    expect(emails).not.toContain("organizer@demo.test");
    expect(body.meta).toMatchObject({ page: 1, per_page: 20 });
    expect(body.data.find((person) => person.email === "pending@demo.test")).toMatchObject({ role: "speaker", status: "pending", email_verified: false, photo: null });
    expect(body.data.find((person) => person.email === "speaker@demo.test")).toMatchObject({ first_name: "Sofia", status: "active", email_verified: true });

    const found = await (await organizer.get(`${people(1)}?kind=speaker&q=sofia`)).json<Page>();
    expect(found.data.map((person) => person.email)).toEqual(["speaker@demo.test"]);
    const byEmail = await (await organizer.get(`${people(1)}?kind=speaker&q=PRODUCER@`)).json<Page>();
    expect(byEmail.meta.total).toBe(1);
  });

  it("needs a kind (422 en/fr) and the kind's manage permission (403)", async () => {
    const en = await (await clientFor("organizer@demo.test")).get(`${people(1)}?kind=viewer`);
    expect(en.status).toBe(422);
    expect(Object.keys((await en.json<ErrorBody>()).errors ?? {})).toEqual(["kind"]);
    const fr = await (await clientFor("organizer@demo.test", "fr")).get(people(1));
    expect(await fr.json<ErrorBody>()).toMatchObject({ message: "Les données fournies sont invalides.", errors: { kind: [expect.any(String)] } });
    expect((await (await clientFor("organizer@demo.test")).get(`${people(1)}?kind=admin`)).status).toBe(403);
    expect((await (await clientFor("admin@demo.test")).get(`${people(1)}?kind=admin`)).status).toBe(200);
    expect((await (await clientFor("admin@demo.test")).get(`${people(1)}?kind=owner`)).status).toBe(403);
    expect((await (await clientFor("owner@demo.test")).get(`${people(1)}?kind=owner`)).status).toBe(200);
    expect((await (await clientFor("speaker@demo.test")).get(`${people(1)}?kind=speaker`)).status).toBe(403);
    expect((await (await clientFor("owner@other.test")).get(`${people(1)}?kind=speaker`)).status).toBe(404);
    expect((await new TestClient().get(`${people(1)}?kind=speaker`)).status).toBe(401);
  });
});

describe("POST /api/organizations/:id/people", () => {
  it("invites an unknown e-mail: a pending user and a set-password e-mail in the inviter's language", async () => {
    const fixture = await createOrganization();
    const response = await (await fixture.as("organizer", "fr")).post(people(fixture.id), { kind: "speaker", email: "  New.Speaker@Fixture.TEST ", first_name: "Nina", last_name: "New" });
    expect(response.status).toBe(201);
    const body = await response.json<{ data: Person; email_sent: boolean }>();
    expect(body.data).toMatchObject({ email: "new.speaker@fixture.test", name: "Nina New", role: "speaker", status: "pending", email_verified: false });
    expect(body.email_sent).toBe(true);
    const user = await userByEmail("new.speaker@fixture.test");
    expect(user).toMatchObject({ status: "pending", password_hash: null, communication_language: "fr" });
    const [mail] = await mailsTo("new.speaker@fixture.test");
    expect(mail).toMatchObject({ template: "invitation", locale: "fr" });
    expect(mail?.subject).toContain("Fixture");
    expect(mail?.text).toMatch(/http:\/\/localhost\/password\/reset\/[\w-]{20,}/);
  });

  it("adds an existing user of another organization and tells them", async () => {
    const fixture = await createOrganization();
    const outsider = await createUser();
    const response = await (await fixture.as("admin")).post(people(fixture.id), { kind: "organizer", email: outsider.email });
    expect(response.status).toBe(201);
    expect((await response.json<{ data: Person }>()).data).toMatchObject({ id: outsider.id, role: "organizer", status: "active" });
    expect(await roleOf(fixture.id, outsider.id)).toBe("organizer");
    expect((await mailsTo(outsider.email))[0]).toMatchObject({ template: "organization_added" });
  });

  it("upgrades a lower role, and refuses an equal or higher one (SPEC §5, en and fr)", async () => {
    const fixture = await createOrganization();
    const upgraded = await (await fixture.as("admin")).post(people(fixture.id), { kind: "organizer", email: fixture.emails.speaker });
    expect(upgraded.status).toBe(201);
    expect(await roleOf(fixture.id, fixture.ids.speaker)).toBe("organizer");

    const same = await (await fixture.as("admin")).post(people(fixture.id), { kind: "organizer", email: fixture.emails.organizer });
    expect(same.status).toBe(422);
    expect(await same.json<ErrorBody>()).toMatchObject({
      message: "This user already holds an equal or higher role in this organization.",
      errors: { email: ["This user already holds an equal or higher role in this organization."] },
    });
    const higher = await (await clientFor("organizer@demo.test", "fr")).post(people(1), { kind: "speaker", email: "admin@demo.test" });
    expect(higher.status).toBe(422);
    expect((await higher.json<ErrorBody>()).message).toBe("Cet utilisateur détient déjà un rôle égal ou supérieur dans cette organisation.");
    expect(await roleOf(fixture.id, fixture.ids.admin)).toBe("admin");
  });

  it("enforces max_organizers (owners, admins and organizers count); max_speakers counts a webcast's speakers, not members", async () => {
    const fixture = await createOrganization({ limits: { max_speakers: 1, max_organizers: 3 } });
    const admin = await fixture.as("admin");
    const speaker = await admin.post(people(fixture.id), { kind: "speaker", email: "second-speaker@fixture.test" });
    expect(speaker.status, await speaker.clone().text()).toBeLessThan(300);
    const organizer = await (await fixture.as("admin", "fr")).post(people(fixture.id), { kind: "organizer", email: "another@fixture.test" });
    expect((await organizer.json<ErrorBody>()).message).toMatch(/^Limite d'organisateurs atteinte : .* au plus 3 organisateurs/);
    // Moving the speaker up frees a speaker seat but takes an organizer seat.
    expect((await admin.post(people(fixture.id), { kind: "organizer", email: fixture.emails.speaker })).status).toBe(422);
  });

  it("refuses a bad body (422 en/fr), a kind the user may not manage (403), another tenant (404)", async () => {
    const en = await (await clientFor("organizer@demo.test")).post(people(1), { kind: "speaker", email: "nope" });
    expect(en.status).toBe(422);
    expect(Object.keys((await en.json<ErrorBody>()).errors ?? {})).toEqual(["email"]);
    const fr = await (await clientFor("organizer@demo.test", "fr")).post(people(1), { kind: "boss", email: "x@y.test" });
    expect(await fr.json<ErrorBody>()).toMatchObject({ message: "Les données fournies sont invalides.", errors: { kind: [expect.any(String)] } });
    expect((await (await clientFor("organizer@demo.test")).post(people(1), { kind: "admin", email: "x@y.test" })).status).toBe(403);
    expect((await (await clientFor("speaker@demo.test")).post(people(1), { kind: "speaker", email: "x@y.test" })).status).toBe(403);
    expect((await (await clientFor("owner@other.test")).post(people(1), { kind: "speaker", email: "x@y.test" })).status).toBe(404);
    expect(await userByEmail("x@y.test")).toBeUndefined();
  });
});

describe("PATCH /api/organizations/:id/people/:userId", () => {
  it("lets an admin change a speaker into an organizer", async () => {
    const fixture = await createOrganization();
    const response = await (await fixture.as("admin")).patch(`${people(fixture.id)}/${fixture.ids.speaker}`, { role: "organizer" });
    expect(response.status).toBe(200);
    expect((await response.json<{ data: Person }>()).data).toMatchObject({ id: fixture.ids.speaker, role: "organizer" });
    expect(await roleOf(fixture.id, fixture.ids.speaker)).toBe("organizer");
  });

  it("needs users.change_role and the right to manage both roles: 'not authorized to change role' (en, fr)", async () => {
    const fixture = await createOrganization();
    const byOrganizer = await (await fixture.as("organizer")).patch(`${people(fixture.id)}/${fixture.ids.speaker}`, { role: "organizer" });
    expect(byOrganizer.status).toBe(403);
    expect((await byOrganizer.json<ErrorBody>()).message).toBe("You are not authorized to change this user's role.");
    const toOwner = await (await fixture.as("admin", "fr")).patch(`${people(fixture.id)}/${fixture.ids.organizer}`, { role: "owner" });
    expect(toOwner.status).toBe(403);
    expect((await toOwner.json<ErrorBody>()).message).toBe("Vous n'êtes pas autorisé à modifier le rôle de cet utilisateur.");
    const ownerDown = await (await fixture.as("admin")).patch(`${people(fixture.id)}/${fixture.ids.owner}`, { role: "speaker" });
    expect(ownerDown.status).toBe(403);
    expect(await roleOf(fixture.id, fixture.ids.owner)).toBe("owner");
    expect((await (await clientFor("owner@other.test")).patch(`${people(1)}/1`, { role: "speaker" })).status).toBe(404);
  });

  it("keeps the last owner, lets an owner hand over, and checks the body and the person", async () => {
    const fixture = await createOrganization();
    const owner = await fixture.as("owner");
    const alone = await owner.patch(`${people(fixture.id)}/${fixture.ids.owner}`, { role: "admin" });
    expect(alone.status).toBe(422);
    expect((await alone.json<ErrorBody>()).message).toBe("An organization must keep at least one owner.");
    expect((await owner.patch(`${people(fixture.id)}/${fixture.ids.admin}`, { role: "owner" })).status).toBe(200);
    expect((await owner.patch(`${people(fixture.id)}/${fixture.ids.owner}`, { role: "admin" })).status).toBe(200);
    expect(await roleOf(fixture.id, fixture.ids.owner)).toBe("admin");

    const bad = await (await fixture.as("admin", "fr")).patch(`${people(fixture.id)}/${fixture.ids.speaker}`, { role: "viewer" });
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json<ErrorBody>()).errors ?? {})).toEqual(["role"]);
    const outsider = await createUser();
    expect((await (await fixture.as("admin")).patch(`${people(fixture.id)}/${outsider.id}`, { role: "speaker" })).status).toBe(404);
  });
});

describe("DELETE /api/organizations/:id/people/:userId", () => {
  it("removes the membership and keeps the account", async () => {
    const fixture = await createOrganization();
    const response = await (await fixture.as("organizer")).delete(`${people(fixture.id)}/${fixture.ids.speaker}`);
    expect(response.status).toBe(204);
    expect(await roleOf(fixture.id, fixture.ids.speaker)).toBeNull();
    expect(await userByEmail(fixture.emails.speaker)).toBeDefined();
    expect((await (await fixture.as("organizer")).delete(`${people(fixture.id)}/${fixture.ids.speaker}`)).status).toBe(404);
  });

  it("needs the person's kind permission (403), never removes the last owner (422 en/fr), hides other tenants (404)", async () => {
    const fixture = await createOrganization();
    expect((await (await fixture.as("organizer")).delete(`${people(fixture.id)}/${fixture.ids.admin}`)).status).toBe(403);
    expect((await (await fixture.as("speaker")).delete(`${people(fixture.id)}/${fixture.ids.speaker}`)).status).toBe(403);
    const en = await (await fixture.as("owner")).delete(`${people(fixture.id)}/${fixture.ids.owner}`);
    expect(en.status).toBe(422);
    expect((await en.json<ErrorBody>()).message).toBe("An organization must keep at least one owner.");
    const fr = await (await clientFor("superadmin@demo.test", "fr")).delete(`${people(fixture.id)}/${fixture.ids.owner}`);
    expect((await fr.json<ErrorBody>()).message).toBe("Une organisation doit conserver au moins un propriétaire.");
    expect(await roleOf(fixture.id, fixture.ids.owner)).toBe("owner");
    expect((await (await clientFor("owner@other.test")).delete(`${people(fixture.id)}/${fixture.ids.speaker}`)).status).toBe(404);
    expect((await (await fixture.as("admin")).delete(`${people(fixture.id)}/abc`)).status).toBe(422);
  });
});

describe("send-verification and send-password-reset (users.send_emails)", () => {
  it("lets an admin re-send the verification e-mail to a pending member, not to a verified one", async () => {
    const fixture = await createOrganization();
    const pending = await createUser({ organizationId: fixture.id, role: "speaker", status: "pending" });
    const response = await (await fixture.as("admin")).post(`${people(fixture.id)}/${pending.id}/send-verification`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "The verification e-mail has been sent." });
    expect((await mailsTo(pending.email))[0]).toMatchObject({ template: "email_verification" });
    const verified = await (await fixture.as("admin", "fr")).post(`${people(fixture.id)}/${fixture.ids.speaker}/send-verification`);
    expect(verified.status).toBe(422);
    expect((await verified.json<ErrorBody>()).message).toBe("L'adresse courriel de cet utilisateur est déjà vérifiée.");
  });

  it("lets an admin send a password reset link", async () => {
    const fixture = await createOrganization();
    const response = await (await fixture.as("owner", "fr")).post(`${people(fixture.id)}/${fixture.ids.organizer}/send-password-reset`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Le courriel de réinitialisation du mot de passe a été envoyé." });
    expect((await mailsTo(fixture.emails.organizer))[0]?.text).toMatch(/\/password\/reset\//);
  });

  it("re-sends the invitation, not a reset notice, to someone invited who never signed in", async () => {
    const fixture = await createOrganization();
    await (await fixture.as("organizer")).post(people(fixture.id), { kind: "speaker", email: "invitee@fixture.test" });
    const invitee = await userByEmail("invitee@fixture.test");
    const response = await (await fixture.as("admin")).post(`${people(fixture.id)}/${invitee?.id}/send-password-reset`);
    expect(response.status).toBe(200);
    const mails = await mailsTo("invitee@fixture.test");
    expect(mails.map((mail) => mail.template)).toEqual(["invitation", "invitation"]);
    expect(mails[0]?.text).toContain(`ask User ${fixture.emails.admin} to send it again`);
  });

  it("is refused to an organizer (403), for a non-member (404) and to another tenant (404)", async () => {
    const fixture = await createOrganization();
    const outsider = await createUser();
    for (const action of ["send-verification", "send-password-reset"]) {
      expect((await (await fixture.as("organizer")).post(`${people(fixture.id)}/${fixture.ids.speaker}/${action}`)).status).toBe(403);
      expect((await (await fixture.as("admin")).post(`${people(fixture.id)}/${outsider.id}/${action}`)).status).toBe(404);
      expect((await (await clientFor("owner@other.test")).post(`${people(fixture.id)}/${fixture.ids.speaker}/${action}`)).status).toBe(404);
    }
    expect(await mailsTo(fixture.emails.speaker)).toEqual([]);
  });
});
