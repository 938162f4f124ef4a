interface PlaceholderPageProps {
  title: string;
}

/** Stands in for a page a later issue builds. */
export function PlaceholderPage({ title }: PlaceholderPageProps) {
  return (
    <section>
      <h1 className="h3 mb-4">{title}</h1>
      <p className="text-body-secondary">Em desenvolvimento</p>
    </section>
  );
}
