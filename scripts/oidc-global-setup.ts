import type { TestProject } from "vitest/node";
import { type OidcTestProvider, startOidcProvider } from "./oidc-test-provider.ts";

/** What the SSO tests read with `inject(...)` (worker/features/sso/test-support.ts declares the same). */
export interface OidcTestClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Scope claims in the ID token (the usual provider). */
    oidc: OidcTestClient;
    /** Scope claims only from userinfo (oidc-provider's strict default). */
    oidcUserinfo: OidcTestClient;
  }
}

/** Callback URL of the app under workerd tests (worker/test/client.ts calls http://localhost). */
const REDIRECT_URIS = ["http://localhost/api/sso/callback"];

const client = ({ issuer, clientId, clientSecret }: OidcTestProvider): OidcTestClient => ({ issuer, clientId, clientSecret });

/** Global setup of the workers test project: one real OpenID provider for the whole run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const providers = await Promise.all([
    startOidcProvider({ redirectUris: REDIRECT_URIS }),
    startOidcProvider({ redirectUris: REDIRECT_URIS, claimsInIdToken: false }),
  ]);
  const [main, userinfo] = providers;
  project.provide("oidc", client(main));
  project.provide("oidcUserinfo", client(userinfo));
  return async () => {
    await Promise.all(providers.map((provider) => provider.stop()));
  };
}
