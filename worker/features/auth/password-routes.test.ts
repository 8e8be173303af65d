import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../auth/rate-limit.ts";
import { TestClient } from "../../test/client.ts";
import { sendPasswordResetEmail } from "./emails.ts";
import { PASSWORD, createUser, expireTokensOf, login, mailsTo, settle, tokenIn, unique, waitForMail } from "./test-support.ts";

const NEW_PASSWORD = "Brand-new-pass-2?";

const withIp = (client: TestClient, path: string, json: unknown, ip: string) =>
  client.request(path, { method: "POST", json, headers: { "CF-Connecting-IP": ip } });

/** Asks for a reset link and returns the token from the e-mail. */
async function requestReset(email: string, ip = unique("ip").ip): Promise<string> {
  const before = (await mailsTo(email)).length;
  expect((await withIp(new TestClient(), "/api/password/email", { email }, ip)).status).toBe(200);
  const mail = await waitForMail(email, "password_reset", before + 1);
  return tokenIn(mail.text, "/password/reset/");
}

describe("POST /api/password/update", () => {
  it("changes the password and signs out the user's other sessions, keeping this one", async () => {
    const { email, ip } = unique("update");
    await createUser({ email });
    const current = new TestClient("en");
    const other = new TestClient();
    await login(current, { email, password: PASSWORD }, ip);
    await login(other, { email, password: PASSWORD }, ip);
    const response = await current.post("/api/password/update", { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Your password has been updated." });
    expect((await current.get("/api/profile")).status).toBe(200);
    expect((await other.get("/api/profile")).status).toBe(401);
    expect((await login(new TestClient(), { email, password: PASSWORD }, ip)).status).toBe(422);
    expect((await login(new TestClient(), { email, password: NEW_PASSWORD }, ip)).status).toBe(200);
  });

  it("refuses a wrong or missing current password, and a weak or unconfirmed new one (422)", async () => {
    const { email } = unique("update-bad");
    await createUser({ email });
    const client = await new TestClient("fr").signInAs(email);
    const wrong = await client.post("/api/password/update", { current_password: "Nope-nope-1!", password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ errors: { current_password: ["Le mot de passe actuel est incorrect."] } });
    const missing = await client.post("/api/password/update", { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(await missing.json()).toMatchObject({ errors: { current_password: ["Ce champ est obligatoire"] } });
    const weak = await client.post("/api/password/update", { current_password: PASSWORD, password: "short", password_confirmation: "other" });
    expect(weak.status).toBe(422);
    const { errors } = await weak.json<{ errors: Record<string, string[]> }>();
    expect(errors.password).toContain("Le mot de passe doit contenir au moins 8 caractères.");
    expect(errors.password_confirmation).toEqual(["La confirmation du mot de passe ne correspond pas."]);
    // Nothing changed.
    expect((await login(new TestClient(), { email, password: PASSWORD }, unique("ip").ip)).status).toBe(200);
  });

  it("lets an account without a password set a first one without a current password", async () => {
    const { email, ip } = unique("first");
    await createUser({ email, password: null });
    const client = await new TestClient().signInAs(email);
    expect((await client.post("/api/password/update", { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).status).toBe(200);
    expect((await login(new TestClient(), { email, password: NEW_PASSWORD }, ip)).status).toBe(200);
  });

  it("answers 401 when signed out", async () => {
    const response = await new TestClient().post("/api/password/update", { current_password: PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(response.status).toBe(401);
  });
});

describe("POST /api/password/email", () => {
  it("e-mails a reset link in the user's language, with the same answer as for an unknown e-mail", async () => {
    const { email, ip } = unique("forgot");
    await createUser({ email, language: "fr" });
    const known = await withIp(new TestClient("en"), "/api/password/email", { email: email.toUpperCase() }, ip);
    const unknown = await withIp(new TestClient("en"), "/api/password/email", { email: unique("nobody").email }, ip);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const answer = await known.json();
    expect(answer).toEqual(await unknown.json());
    expect(answer).toEqual({ message: "If an account exists for this e-mail address, we have sent it a link to reset the password." });

    const mail = await waitForMail(email, "password_reset");
    expect(mail.locale).toBe("fr");
    expect(mail.subject).toBe("Réinitialisez votre mot de passe");
    expect(mail.text).toMatch(/http:\/\/localhost\/password\/reset\/[A-Za-z0-9_-]{43}/);
    expect(mail.html).toContain(`href="http://localhost/password/reset/${tokenIn(mail.text, "/password/reset/")}"`);
  });

  it("sends nothing to a pending or disabled account", async () => {
    const pending = unique("p");
    const disabled = unique("d");
    await createUser({ email: pending.email, status: "pending" });
    await createUser({ email: disabled.email, status: "disabled" });
    for (const { email, ip } of [pending, disabled]) {
      expect((await withIp(new TestClient(), "/api/password/email", { email }, ip)).status).toBe(200);
    }
    await settle();
    expect(await mailsTo(pending.email)).toEqual([]);
    expect(await mailsTo(disabled.email)).toEqual([]);
  });

  it("validates the e-mail (422)", async () => {
    const response = await new TestClient("en").post("/api/password/email", { email: "nope" });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ errors: { email: ["The e-mail address is invalid."] } });
  });

  it("limits requests per e-mail and per address (429)", async () => {
    const { email } = unique("bomb");
    for (let i = 0; i < RATE_LIMITS.mailAccount.limit; i++) {
      expect((await withIp(new TestClient(), "/api/password/email", { email }, unique("ip").ip)).status).toBe(200);
    }
    expect((await withIp(new TestClient(), "/api/password/email", { email }, unique("ip").ip)).status).toBe(429);

    const { ip } = unique("spray");
    for (let i = 0; i < RATE_LIMITS.mailAddress.limit; i++) {
      expect((await withIp(new TestClient(), "/api/password/email", { email: unique("s").email }, ip)).status).toBe(200);
    }
    const blocked = await withIp(new TestClient("en"), "/api/password/email", { email: unique("s").email }, ip);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ code: "too_many_attempts" });
  });
});

describe("POST /api/password/validate-token", () => {
  it("tells whether a reset link works, and for which e-mail", async () => {
    const { email } = unique("validate");
    await createUser({ email });
    const token = await requestReset(email);
    const response = await new TestClient().post("/api/password/validate-token", { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ valid: true, email });
    const unknown = await new TestClient("en").post("/api/password/validate-token", { token: "made-up" });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ errors: { token: ["This link is invalid or has expired."] } });
  });
});

describe("POST /api/password/reset", () => {
  it("sets the password once, revokes every session, and the old link stops working", async () => {
    const { email, ip } = unique("reset");
    await createUser({ email });
    const signedIn = new TestClient();
    await login(signedIn, { email, password: PASSWORD }, ip);
    const token = await requestReset(email);
    const body = { token, email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };

    const response = await withIp(new TestClient("en"), "/api/password/reset", body, ip);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Your password has been reset. You can now log in." });
    expect((await signedIn.get("/api/profile")).status).toBe(401);
    expect((await login(new TestClient(), { email, password: NEW_PASSWORD }, ip)).status).toBe(200);

    const reused = await withIp(new TestClient("en"), "/api/password/reset", { ...body, password: "Another-pass-3!", password_confirmation: "Another-pass-3!" }, ip);
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ errors: { token: ["This link is invalid or has expired."] } });
    expect((await new TestClient().post("/api/password/validate-token", { token })).status).toBe(422);
  });

  it("refuses an expired token", async () => {
    const { email, ip } = unique("expired");
    const user = await createUser({ email });
    const token = await requestReset(email);
    await expireTokensOf(user.id);
    const response = await withIp(new TestClient(), "/api/password/reset", { token, email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, ip);
    expect(response.status).toBe(422);
    expect((await new TestClient().post("/api/password/validate-token", { token })).status).toBe(422);
  });

  it("refuses a token of another e-mail, without using it up", async () => {
    const owner = unique("owner");
    const attacker = unique("attacker");
    await createUser({ email: owner.email });
    await createUser({ email: attacker.email });
    const token = await requestReset(owner.email);
    const stolen = { token, email: attacker.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    expect((await withIp(new TestClient(), "/api/password/reset", stolen, attacker.ip)).status).toBe(422);
    expect((await withIp(new TestClient(), "/api/password/reset", { ...stolen, email: owner.email }, owner.ip)).status).toBe(200);
  });

  it("keeps only the latest link working", async () => {
    const { email, ip } = unique("latest");
    await createUser({ email });
    const first = await requestReset(email);
    const second = await requestReset(email);
    const body = { email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    expect((await withIp(new TestClient(), "/api/password/reset", { ...body, token: first }, ip)).status).toBe(422);
    expect((await withIp(new TestClient(), "/api/password/reset", { ...body, token: second }, ip)).status).toBe(200);
  });

  it("validates the new password before using the token up", async () => {
    const { email, ip } = unique("weak");
    await createUser({ email });
    const token = await requestReset(email);
    const weak = await withIp(new TestClient(), "/api/password/reset", { token, email, password: "weak", password_confirmation: "weak" }, ip);
    expect(weak.status).toBe(422);
    expect(Object.keys((await weak.json<{ errors: Record<string, string[]> }>()).errors)).toEqual(["password"]);
    expect((await withIp(new TestClient(), "/api/password/reset", { token, email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, ip)).status).toBe(200);
  });

  it("activates a pending account (the link proves the address)", async () => {
    const { email, ip } = unique("pending-reset");
    const user = await createUser({ email, status: "pending", password: null });
    await sendPasswordResetEmail(env, user, "http://localhost");
    const token = tokenIn((await waitForMail(email, "password_reset")).text, "/password/reset/");
    expect((await withIp(new TestClient(), "/api/password/reset", { token, email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, ip)).status).toBe(200);
    const row = await env.DB.prepare("SELECT status, email_verified_at FROM users WHERE id = ?").bind(user.id).first<{ status: string; email_verified_at: string | null }>();
    expect(row?.status).toBe("active");
    expect(row?.email_verified_at).toBeTruthy();
  });

  it("limits attempts per e-mail and per address (429)", async () => {
    const { email } = unique("guess");
    await createUser({ email });
    const body = (token: string, to = email) => ({ token, email: to, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    for (let i = 0; i < RATE_LIMITS.resetAccount.limit; i++) {
      expect((await withIp(new TestClient(), "/api/password/reset", body(`guess-${i}`), unique("ip").ip)).status).toBe(422);
    }
    expect((await withIp(new TestClient(), "/api/password/reset", body("guess-x"), unique("ip").ip)).status).toBe(429);

    const { ip } = unique("guesser");
    for (let i = 0; i < RATE_LIMITS.resetAddress.limit; i++) {
      expect((await withIp(new TestClient(), "/api/password/reset", body(`g-${i}`, unique("s").email), ip)).status).toBe(422);
    }
    expect((await withIp(new TestClient(), "/api/password/reset", body("g-x", unique("s").email), ip)).status).toBe(429);
  });
});
