/** SPEC.md's blank page: the user holds no permission with a page. */
export function BlankPage() {
  return <p className="lead text-body-secondary mt-4">Nenhuma permissão para o seu usuário.</p>;
}
