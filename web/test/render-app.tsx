import { act, render } from "@testing-library/react";
import { createMemoryHistory } from "@tanstack/react-router";
import { App } from "../app.tsx";
import { createAppRouter } from "../router.ts";

/** Renders the whole app (router, shell, providers) at `path` with an in-memory history. */
export async function renderApp(path: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  await act(() => router.load());
  const view = render(<App router={router} />);
  // Lazy (code-split) route components resolve asynchronously.
  await act(async () => {
    await router.load();
  });
  return { router, ...view };
}
