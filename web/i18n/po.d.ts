// .po catalogs are compiled to JS modules by @lingui/vite-plugin at import time.
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
