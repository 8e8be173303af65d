import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { RATE_LIMITS } from "../../auth/rate-limit.ts";
import { TestClient, clientFor } from "../../test/client.ts";
import { sendVerificationEmail } from "./emails.ts";
import { PASSWORD, createUser, expireTokensOf, login, mailsTo, settle, tokenIn, unique, waitForMail } from "./test-support.ts";

const signup = (email: string, extra: Record<string, unknown> = {}) => ({
  organization_name: "Acme Webinars",
  first_name: "Grace",
  last_name: "Hopper",
  email,
  password: PASSWORD,
  password_confirmation: PASSWORD,
  ...extra,
});

const withIp = (client: TestClient, path: string, json: unknown, ip: string) =>
  client.request(path, { method: "POST", json, headers: { "CF-Connecting-IP": ip } });

describe("sign-up journey", () => {
  it("register → validation e-mail → activation → login as owner of a self-serve organization", async () => {
    const { email, ip } = unique("signup");
    const visitor = new TestClient("en");
    const response = await withIp(visitor, "/api/users/register", signup(email.toUpperCase(), { communication_language: "fr" }), ip);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: "Thank you! Check your e-mail to activate your account." });

    // Pending: cannot log in yet.
    expect((await login(new TestClient(), { email, password: PASSWORD }, ip)).status).toBe(422);

    const mail = await waitForMail(email, "email_verification");
    expect(mail.locale).toBe("fr");
    expect(mail.subject).toBe("Confirmez votre adresse courriel");
    expect(mail.text).toMatch(/http:\/\/localhost\/users\/activation\/[A-Za-z0-9_-]{43}/);
    const token = tokenIn(mail.text, "/users/activation/");

    const activation = await new TestClient("en").post("/api/users/activation", { token });
    expect(activation.status).toBe(200);
    expect(await activation.json()).toEqual({ message: "Your account is activated. You can now log in.", email });

    const client = new TestClient();
    const signedIn = await login(client, { email, password: PASSWORD }, ip);
    expect(signedIn.status).toBe(200);
    const { data } = await signedIn.json<{ data: ProfileUser }>();
    expect(data).toMatchObject({ email, name: "Grace Hopper", status: "active", communication_language: "fr", password_set: true });
    expect(data.accounts).toHaveLength(1);
    expect(data.accounts[0]).toMatchObject({ name: "Acme Webinars", role: "owner", deactivated: false });
    const orgId = data.accounts[0]?.id ?? 0;
    expect(data.permissions["billing.manage"]).toEqual([orgId]);
    const org = await env.DB.prepare("SELECT self_serve, email FROM organizations WHERE id = ?").bind(orgId).first<{ self_serve: number; email: string }>();
    expect(org).toEqual({ self_serve: 1, email });
    const verified = await env.DB.prepare("SELECT email_verified_at FROM users WHERE email = ?").bind(email).first<{ email_verified_at: string | null }>();
    expect(verified?.email_verified_at).toBeTruthy();

    // The link is single-use.
    expect((await new TestClient().post("/api/users/activation", { token })).status).toBe(422);
  });
});

describe("POST /api/users/register", () => {
  it("requires the organization name and the other fields (422, localized)", async () => {
    const response = await new TestClient("fr").post("/api/users/register", { email: "x", password: "a", password_confirmation: "b" });
    expect(response.status).toBe(422);
    const { errors } = await response.json<{ errors: Record<string, string[]> }>();
    expect(errors.organization_name).toEqual(["Ce champ est obligatoire"]);
    expect(errors.first_name).toEqual(["Ce champ est obligatoire"]);
    expect(errors.email).toEqual(["L'adresse courriel est invalide."]);
    expect(errors.password?.[0]).toBe("Le mot de passe doit contenir au moins 8 caractères.");
    expect(errors.password_confirmation).toEqual(["La confirmation du mot de passe ne correspond pas."]);
    const blank = await new TestClient("en").post("/api/users/register", signup(unique("blank").email, { organization_name: "   " }));
    expect(await blank.json()).toMatchObject({ errors: { organization_name: ["This field is required"] } });
  });

  it("answers an e-mail already in use exactly like a new one, creates nothing and tells the owner by e-mail (en, fr)", async () => {
    const fresh = unique("fresh");
    const newAnswer = await withIp(new TestClient("en"), "/api/users/register", signup(fresh.email), fresh.ip);

    const { email, ip } = unique("taken");
    await createUser({ email, language: "fr" });
    const orgs = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM organizations").first<{ n: number }>())?.n;
    await waitForMail(fresh.email, "email_verification");
    const before = await orgs();
    const takenAnswer = await withIp(new TestClient("en"), "/api/users/register", signup(email, { organization_name: "Hijack Inc" }), ip);
    expect(takenAnswer.status).toBe(newAnswer.status);
    expect(takenAnswer.status).toBe(201);
    expect(await takenAnswer.json()).toEqual(await newAnswer.json());
    expect([...takenAnswer.headers.keys()].filter((name) => name !== "x-request-id")).toEqual([...newAnswer.headers.keys()].filter((name) => name !== "x-request-id"));

    // The owner is told, in their language, with the login and "forgot password" links; nothing is created.
    const mail = await waitForMail(email, "account_exists");
    expect(mail.locale).toBe("fr");
    expect(mail.subject).toBe("Quelqu'un a tenté de créer un compte avec votre adresse courriel");
    expect(mail.text).toContain("http://localhost/login");
    expect(mail.text).toContain("http://localhost/password/request");
    expect(mail.html).toContain('href="http://localhost/password/request"');
    expect(await orgs()).toBe(before);
    expect(await mailsTo(email)).toHaveLength(1);
    expect((await login(new TestClient(), { email, password: PASSWORD }, ip)).status).toBe(200);

    const english = unique("taken-en");
    await createUser({ email: english.email, language: "en" });
    await withIp(new TestClient("fr"), "/api/users/register", signup(english.email), english.ip);
    expect((await waitForMail(english.email, "account_exists")).subject).toBe("Someone tried to create an account with your e-mail address");
  });

  it("sends a pending account's owner a link that sets their password and activates it (no pre-hijacked account)", async () => {
    const { email, ip } = unique("pending");
    await createUser({ email, status: "pending", password: "Attacker-pass-1!" });
    expect((await withIp(new TestClient("en"), "/api/users/register", signup(email), ip)).status).toBe(201);
    const mail = await waitForMail(email, "account_exists");
    expect(mail.text).toContain("Choose a password and activate");
    const token = tokenIn(mail.text, "/password/reset/");
    const reset = await new TestClient().post("/api/password/reset", { token, email, password: PASSWORD, password_confirmation: PASSWORD });
    expect(reset.status).toBe(200);
    expect((await login(new TestClient(), { email, password: PASSWORD }, ip)).status).toBe(200);
    expect((await login(new TestClient(), { email, password: "Attacker-pass-1!" }, unique("x").ip)).status).toBe(422);
  });

  it("tells a disabled account nothing, with the same answer", async () => {
    const { email, ip } = unique("disabled");
    await createUser({ email, status: "disabled" });
    const response = await withIp(new TestClient("en"), "/api/users/register", signup(email), ip);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: "Thank you! Check your e-mail to activate your account." });
    await settle();
    expect(await mailsTo(email)).toEqual([]);
  });

  it("defaults the e-mail language to the request's", async () => {
    const { email, ip } = unique("lang");
    expect((await withIp(new TestClient("en"), "/api/users/register", signup(email), ip)).status).toBe(201);
    expect((await waitForMail(email, "email_verification")).subject).toBe("Confirm your e-mail address");
  });

  it("limits sign-ups per e-mail, so nobody floods a known address with mail (429)", async () => {
    const { email } = unique("flood");
    await createUser({ email });
    for (let i = 0; i < RATE_LIMITS.mailAccount.limit; i++) expect((await withIp(new TestClient(), "/api/users/register", signup(email), unique("ip").ip)).status).toBe(201);
    expect((await withIp(new TestClient(), "/api/users/register", signup(email), unique("ip").ip)).status).toBe(429);
    await waitForMail(email, "account_exists", RATE_LIMITS.mailAccount.limit);
  });

  it("limits sign-ups per address (429)", async () => {
    const { ip } = unique("farm");
    for (let i = 0; i < RATE_LIMITS.mailAddress.limit; i++) expect((await withIp(new TestClient(), "/api/users/register", signup(unique("f").email), ip)).status).toBe(201);
    expect((await withIp(new TestClient(), "/api/users/register", signup(unique("f").email), ip)).status).toBe(429);
  });
});

describe("POST /api/users/register/resend", () => {
  it("sends a new link to a pending account (the old one stops working), nothing otherwise, same answer", async () => {
    const { email, ip } = unique("resend");
    await withIp(new TestClient(), "/api/users/register", signup(email), ip);
    const first = tokenIn((await waitForMail(email, "email_verification")).text, "/users/activation/");

    const response = await withIp(new TestClient("en"), "/api/users/register/resend", { email }, ip);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toEqual({ message: "If an account awaiting activation exists for this e-mail address, we have sent it a new activation link." });
    const second = tokenIn((await waitForMail(email, "email_verification", 2)).text, "/users/activation/");
    expect(second).not.toBe(first);
    expect((await new TestClient().post("/api/users/activation", { token: first })).status).toBe(422);

    const active = unique("active");
    await createUser({ email: active.email });
    const other = await withIp(new TestClient("en"), "/api/users/register/resend", { email: active.email }, active.ip);
    expect(await other.json()).toEqual(answer);
    const unknown = await withIp(new TestClient("en"), "/api/users/register/resend", { email: unique("nobody").email }, active.ip);
    expect(await unknown.json()).toEqual(answer);
    await settle();
    expect(await mailsTo(active.email)).toEqual([]);

    expect((await new TestClient().post("/api/users/activation", { token: second })).status).toBe(200);
  });

  it("limits resends per e-mail (429)", async () => {
    const { email } = unique("resend-limit");
    for (let i = 0; i < RATE_LIMITS.mailAccount.limit; i++) expect((await withIp(new TestClient(), "/api/users/register/resend", { email }, unique("ip").ip)).status).toBe(200);
    expect((await withIp(new TestClient(), "/api/users/register/resend", { email }, unique("ip").ip)).status).toBe(429);
  });
});

describe("POST /api/users/activation", () => {
  it("answers 409 while signed in, in English and French, without using the token up", async () => {
    const { email, ip } = unique("busy");
    await withIp(new TestClient(), "/api/users/register", signup(email), ip);
    const token = tokenIn((await waitForMail(email, "email_verification")).text, "/users/activation/");
    const en = await (await clientFor("owner@demo.test", "en")).post("/api/users/activation", { token });
    expect(en.status).toBe(409);
    expect(await en.json()).toMatchObject({ code: "conflict", message: "You are already signed in. Please sign out to activate a new account." });
    const fr = await (await clientFor("owner@demo.test", "fr")).post("/api/users/activation", { token });
    expect(await fr.json()).toMatchObject({ code: "conflict", message: "Vous êtes déjà connecté. Veuillez vous déconnecter pour activer un nouveau compte." });
    expect((await new TestClient().post("/api/users/activation", { token })).status).toBe(200);
  });

  it("refuses an unknown or expired token (422 errors.token)", async () => {
    const unknown = await new TestClient("en").post("/api/users/activation", { token: "nope" });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ errors: { token: ["This link is invalid or has expired."] } });

    const { email, ip } = unique("late");
    await withIp(new TestClient(), "/api/users/register", signup(email), ip);
    const token = tokenIn((await waitForMail(email, "email_verification")).text, "/users/activation/");
    const user = await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: number }>();
    await expireTokensOf(user?.id ?? 0);
    expect((await new TestClient().post("/api/users/activation", { token })).status).toBe(422);
    expect((await env.DB.prepare("SELECT status FROM users WHERE email = ?").bind(email).first<{ status: string }>())?.status).toBe("pending");
  });

  it("never re-enables a disabled account", async () => {
    const { email } = unique("banned");
    const user = await createUser({ email, status: "disabled" });
    await sendVerificationEmail(env, user, "http://localhost");
    const token = tokenIn((await waitForMail(email, "email_verification")).text, "/users/activation/");
    expect((await new TestClient().post("/api/users/activation", { token })).status).toBe(422);
    expect((await env.DB.prepare("SELECT status FROM users WHERE id = ?").bind(user.id).first<{ status: string }>())?.status).toBe("disabled");
  });
});
