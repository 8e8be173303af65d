import type { ReactNode } from "react";

/** Every page's h1; the end-to-end suite finds it by test id. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <h1 className="page-title" data-testid="page-title">
      {children}
    </h1>
  );
}
