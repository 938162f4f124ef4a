import type { ReactNode } from 'react';

interface PageFrameProps {
  title: string;
  /** A second line under the title, e.g. the desk's own name on a page the menu calls 'Loja'. */
  subtitle?: string;
  /** 'desk': a narrower body for the scanning desks, whose fields read best short. */
  width?: 'page' | 'desk';
  children: ReactNode;
}

/** Every page's heading and body: one title, an optional subtitle, one width rule. */
export function PageFrame({ title, subtitle, width = 'page', children }: PageFrameProps) {
  return (
    <section className={width === 'desk' ? 'page-frame desk-page' : 'page-frame'}>
      <h1 className={subtitle ? 'h3 mb-0' : 'h3 mb-3'}>{title}</h1>
      {subtitle && <h2 className="h5 text-body-secondary mb-3">{subtitle}</h2>}
      {children}
    </section>
  );
}
