/**
 * The columns each import reads, as the import pages explain them and the template files
 * (GET /api/participants/upload/template, /api/produtos/upload/template) carry them: a header
 * line and one example line that imports as is.
 */
export interface ImportColumnDoc {
  name: string;
  required: boolean;
  example: string;
  description: string;
}

export type ImportTemplateKind = 'participants' | 'products';
export const IMPORT_TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;
export type ImportTemplateFormat = (typeof IMPORT_TEMPLATE_FORMATS)[number];

export const IMPORT_TEMPLATES: Record<
  ImportTemplateKind,
  { fileName: string; columns: readonly ImportColumnDoc[] }
> = {
  participants: {
    fileName: 'modelo-participantes',
    columns: [
      { name: 'nome', required: true, example: 'Maria da Silva', description: 'Nome completo' },
      {
        name: 'email',
        required: true,
        example: 'maria@exemplo.com.br',
        description: 'E-mail (a coluna é obrigatória; a célula pode ficar vazia)',
      },
      {
        name: 'cpf_cnpj',
        required: true,
        example: '52998224725',
        description: 'CPF, com ou sem pontos e traço',
      },
      { name: 'pacote', required: true, example: 'Completo', description: 'Pacote comprado' },
      {
        name: 'situacao',
        required: true,
        example: '1',
        description:
          '1 pago, 2 aguardando pagamento, 3 cortesia, 4 bônus, 5 monitor, 6 staff, 7 fornecedor',
      },
      {
        name: 'nucleo_origem',
        required: true,
        example: '001',
        description:
          'Núcleo: nome ou código (001 ou 1); desconhecido, vai para o núcleo de Fortaleza com um aviso',
      },
      { name: 'business', required: true, example: 'Varejo', description: 'Ramo de negócio' },
      { name: 'telefone', required: false, example: '(85) 99999-0000', description: 'Telefone' },
      { name: 'consultor', required: false, example: 'João Souza', description: 'Consultor' },
    ],
  },
  products: {
    fileName: 'modelo-produtos',
    columns: [
      { name: 'PRODUTO', required: true, example: 'Produto', description: 'Produto ou Curso' },
      {
        name: 'NOME',
        required: true,
        example: 'Camiseta do evento',
        description: 'Nome do produto (ou coluna DESCRICAO)',
      },
      {
        name: 'VENDA FEBRACIS',
        required: true,
        example: 'R$ 49,90',
        description: 'Preço: R$ opcional, vírgula ou ponto decimal, sem separador de milhar',
      },
      { name: 'CATEGORIA', required: true, example: 'Vestuário', description: 'Categoria' },
      {
        name: 'ESTOQUE',
        required: true,
        example: '100',
        description: 'Quantidade em estoque (vazio mantém a atual)',
      },
      {
        name: 'CODIGO TOTVS',
        required: false,
        example: 'CAM-001',
        description: 'Código Totvs (identifica o produto nas reimportações)',
      },
    ],
  },
};
