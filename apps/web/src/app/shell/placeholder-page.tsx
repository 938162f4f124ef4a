import { PageFrame } from '../../ui/page-frame';

interface PlaceholderPageProps {
  title: string;
}

/** Stands in for a page a later issue builds. */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  return (
    <PageFrame title={title}>
      <p className="text-body-secondary">Em desenvolvimento</p>
    </PageFrame>
  );
}
