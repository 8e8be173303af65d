import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../auth/tokens.ts";
import { renderActionEmail, sendPasswordResetEmail, sendVerificationEmail } from "./emails.ts";
import { createUser, mailsTo, tokenIn, unique } from "./test-support.ts";

const tokenRow = async (token: string) =>
  env.DB.prepare("SELECT purpose, expires_at, used_at FROM user_tokens WHERE token_hash = ?").bind(await hashToken(token)).first<{ purpose: string; expires_at: string; used_at: string | null }>();

describe("identity e-mails", () => {
  it("sends the password reset link in English (text + HTML), with a 1-hour single token", async () => {
    const { email } = unique("mail-en");
    const user = await createUser({ email, language: "en" });
    await sendPasswordResetEmail(env, user, "https://events.example.com");
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ template: "password_reset", locale: "en", subject: "Reset your password" });
    const token = tokenIn(mail?.text ?? "", "/password/reset/");
    expect(mail?.text).toContain(`https://events.example.com/password/reset/${token}`);
    expect(mail?.html).toContain(`<html lang="en">`);
    expect(mail?.html).toContain(`href="https://events.example.com/password/reset/${token}"`);
    const row = await tokenRow(token);
    expect(row?.purpose).toBe("password_reset");
    const ttl = Date.parse(row?.expires_at ?? "") - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
  });

  it("sends the verification link in French, valid 48 hours, replacing the previous one", async () => {
    const { email } = unique("mail-fr");
    const user = await createUser({ email, language: "fr", status: "pending" });
    await sendVerificationEmail(env, user, "http://localhost");
    await sendVerificationEmail(env, user, "http://localhost");
    const [latest, previous] = await mailsTo(email);
    expect(latest).toMatchObject({ template: "email_verification", locale: "fr", subject: "Confirmez votre adresse courriel" });
    expect(latest?.text).toContain("Activer mon compte: http://localhost/users/activation/");
    const token = tokenIn(latest?.text ?? "", "/users/activation/");
    expect(Date.parse((await tokenRow(token))?.expires_at ?? "") - Date.now()).toBeGreaterThan(47 * 3600_000);
    expect(await tokenRow(tokenIn(previous?.text ?? "", "/users/activation/"))).toBeNull();
  });

  it("falls back to French for another language and escapes HTML", () => {
    const mail = renderActionEmail({ subject: "S", intro: "<b>hi</b>", action: "Go", validity: "v", ignore: "i" }, "https://x.test/?a=1&b=\"2\"", "fr");
    expect(mail.html).toContain("&lt;b&gt;hi&lt;/b&gt;");
    expect(mail.html).toContain('href="https://x.test/?a=1&amp;b=&quot;2&quot;"');
  });
});
