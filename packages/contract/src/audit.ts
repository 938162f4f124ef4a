/** The audit log ('Auditoria', System): docs/audit-api.md. */

/** One row of GET /api/audit. */
export interface AuditRowDto {
  id: number;
  /** ISO instant. */
  quando: string;
  usuario_id: number | null;
  usuario: string;
  /** The client's address (request.ip, behind TRUST_PROXY the forwarded one). */
  ip: string;
  entidade: string;
  registro: string | null;
  acao: string;
  /** The changed fields' old values; null for an insert, a view or an export. */
  antes: Record<string, unknown> | null;
  /** The changed fields' new values, or what was read or exported. */
  depois: Record<string, unknown> | null;
}

export interface AuditPageDto {
  rows: AuditRowDto[];
  total_linhas: number;
}

/** GET /api/audit/opcoes: what the filters offer. */
export interface AuditOptionsDto {
  usuarios: { id: number; username: string }[];
  entidades: string[];
}

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 500;

/** How the screen and the CSV name an entity (the table written); unknown ones show as is. */
export const AUDIT_ENTITY_LABELS: Readonly<Record<string, string>> = {
  users: 'Usuários',
  profiles: 'Perfis de Usuários',
  participants: 'Participantes',
  orders: 'Pedidos',
  order_payments: 'Pagamentos',
  drawer_sessions: 'Caixa',
  products: 'Produtos',
  product_categories: 'Categorias de produtos',
  coupons: 'Cupons',
  coupon_templates: 'Template de Cupons',
  coupon_configs: 'Configurar cupons automáticos',
  printers: 'Impressoras',
  print_mappings: 'Mapeamento de impressoras',
  payment_methods: 'Formas de pagamento',
  events: 'Eventos',
  centers: 'Núcleos',
  cities: 'Cidades',
  countries: 'Países',
  courses: 'Cursos',
  coursewares: 'Apostilas',
  food_settings: 'Configurar alimentos',
  food_categories: 'Categorias de alimentos',
  smtp_settings: 'Servidor de e-mail',
  pix_settings: 'PIX',
  pix_psp_settings: 'Conexão PIX com o PSP',
  exports: 'Exportações',
};

export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  insert: 'Inclusão',
  update: 'Alteração',
  delete: 'Remoção',
  view: 'Consulta por CPF',
  export: 'Exportação',
  senha: 'Troca de senha',
  selecionar: 'Seleção',
  abrir: 'Abertura',
  fechar: 'Fechamento',
  invalidar: 'Invalidação',
  pagar: 'Pagamento',
  estornar: 'Estorno',
  unificar: 'Unificação',
  cracha: 'Impressão de crachá',
  vincular_apostila: 'Vínculo de apostila',
  cracha_offline: 'Impressão de crachá sem conexão',
  vincular_apostila_offline: 'Vínculo de apostila sem conexão',
  offline_recusada: 'Ação sem conexão não aplicada',
  trocar_apostila: 'Troca de apostila',
  anonimizar: 'Anonimização',
  ativar_2fa: 'Ativação da autenticação em dois fatores',
  desativar_2fa: 'Desativação da autenticação em dois fatores',
  redefinir_2fa: 'Redefinição da autenticação em dois fatores',
  desbloquear_login: 'Desbloqueio do acesso',
};

export const auditEntityLabel = (entity: string): string => AUDIT_ENTITY_LABELS[entity] ?? entity;
export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;

const show = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** 'campo: antes → depois' per changed field, for people (screen and CSV). */
export function auditChangeLines(row: Pick<AuditRowDto, 'antes' | 'depois'>): string[] {
  const keys = [...new Set([...Object.keys(row.antes ?? {}), ...Object.keys(row.depois ?? {})])];
  return keys.map((key) => {
    const after = show(row.depois?.[key]);
    return row.antes ? `${key}: ${show(row.antes[key])} → ${after}` : `${key}: ${after}`;
  });
}
