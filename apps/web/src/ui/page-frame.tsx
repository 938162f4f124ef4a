import type { ReactNode } from 'react';

/** The heading and body of an admin table page. */
export function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="table-page">
      <h1 className="h3 mb-3">{title}</h1>
      {children}
    </section>
  );
}
