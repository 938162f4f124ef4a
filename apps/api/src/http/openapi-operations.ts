/**
 * The name and pt-BR summary of every /api operation in the OpenAPI document, keyed by method and
 * Fastify URL, kept apart from the routes so a generated client has method names
 * (`operationId`, English camelCase, named after what the call does) and a reader a one-line
 * description. `answer` documents the success of a route that has no response schema: 204, or a
 * file. test/openapi-operations.test.ts fails when a route has no entry or an entry no route.
 */

/** A success a route sends without a response schema. */
export type FileAnswer = 'noContent' | 'pdf' | 'png' | 'csv' | 'sheet' | 'text' | 'zip';

export interface OperationDoc {
  operationId: string;
  summary: string;
  answer?: FileAnswer;
}

const op = (operationId: string, summary: string, answer?: FileAnswer): OperationDoc =>
  answer ? { operationId, summary, answer } : { operationId, summary };

/**
 * The four calls of a table editor (docs/table-protocol.md) at `path`: `Country` names
 * listCountries, insertCountry, updateCountry and deleteCountry.
 */
function tableOperations(
  path: string,
  [singular, plural]: [string, string],
  [one, many]: [string, string],
): Record<string, OperationDoc> {
  return {
    [`GET /api${path}/select`]: op(`list${plural}`, `Lista ${many}`),
    [`POST /api${path}/insert`]: op(`insert${singular}`, `Cadastra ${one}`),
    [`POST /api${path}/update/:id`]: op(`update${singular}`, `Altera ${one}`),
    [`POST /api${path}/delete/:id`]: op(`delete${singular}`, `Exclui ${one}`),
  };
}

/** A report's page and its CSV download. */
function reportOperations(path: string, name: string, title: string): Record<string, OperationDoc> {
  return {
    [`GET /api/reports/${path}`]: op(`get${name}Report`, `Relatório ${title}`),
    [`GET /api/reports/${path}/csv`]: op(
      `download${name}ReportCsv`,
      `Relatório ${title} em CSV`,
      'csv',
    ),
  };
}

export const OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  'GET /api/health': op('checkHealth', 'Verifica se o servidor está no ar'),
  'GET /api/config': op('getAppConfig', 'Modo da aplicação'),
  'GET /api/system/setup-status': op('getSetupStatus', 'Lista de verificação da instalação'),

  'POST /api/token': op('signIn', 'Entra (emite o access_token)'),
  'POST /api/token/revoke': op('signOut', 'Sai (revoga o token)', 'noContent'),
  'POST /api/users/password/update': op('changePassword', 'Troca a própria senha', 'noContent'),
  'GET /api/account/totp': op('getTotpStatus', 'Situação da verificação em duas etapas'),
  'POST /api/account/totp/enrol': op('enrolTotp', 'Inicia a verificação em duas etapas'),
  'POST /api/account/totp/confirm': op('confirmTotp', 'Confirma a verificação em duas etapas'),
  'POST /api/account/totp/disable': op(
    'disableTotp',
    'Desliga a própria verificação em duas etapas',
    'noContent',
  ),
  'POST /api/users/:id/totp/reset': op(
    'resetUserTotp',
    'Desliga a verificação em duas etapas de um usuário',
    'noContent',
  ),
  'GET /api/users/login-locks': op('listLoginLocks', 'Usuários com o acesso bloqueado'),
  'DELETE /api/users/:id/login-lock': op(
    'clearLoginLock',
    'Desbloqueia o acesso de um usuário',
    'noContent',
  ),
  'GET /api/security/settings': op('getSecuritySettings', 'Configurações de segurança'),
  'PUT /api/security/settings': op(
    'updateSecuritySettings',
    'Altera as configurações de segurança',
  ),
  'GET /api/permissions/select': op('listPermissions', 'Lista as permissões'),

  'GET /api/events/selected': op('getSelectedEvent', 'Evento selecionado'),
  'GET /api/events/list': op('listEvents', 'Lista os eventos'),
  'POST /api/events/select': op('selectEvent', 'Seleciona o evento de trabalho'),
  'GET /api/events/qrcode/:id': op('getEventQrCode', 'QR code do evento', 'png'),

  'GET /api/produtos/lista': op('listStoreProducts', 'Produtos à venda no evento'),
  'POST /api/products/:id/print': op('printProductTags', 'Imprime etiquetas do produto'),

  'GET /api/prints/files/:filename': op('getPrintFile', 'Arquivo de impressão (PDF)', 'pdf'),
  'GET /api/prints/destination': op('getPrintDestination', 'Para onde vão as impressões'),
  'GET /api/prints/jobs/select': op('listPrintJobs', 'Fila de impressão'),
  'GET /api/prints/jobs/:id': op('getPrintJob', 'Estado de uma impressão'),
  'GET /api/prints/status': op('listMappedPrinterStatus', 'Impressoras do usuário e seus agentes'),
  'POST /api/prints/jobs/:id/retry': op('retryPrintJob', 'Reenvia uma impressão', 'noContent'),
  'POST /api/prints/agent/next': op('takeNextPrintJob', 'Próxima impressão do agente'),
  'GET /api/prints/agent/jobs/:id/file': op(
    'downloadPrintJobFile',
    'PDF da impressão, para o agente',
    'pdf',
  ),
  'POST /api/prints/agent/jobs/:id/done': op(
    'markPrintJobDone',
    'Agente: impressão concluída',
    'noContent',
  ),
  'POST /api/prints/agent/jobs/:id/failed': op(
    'markPrintJobFailed',
    'Agente: impressão falhou',
    'noContent',
  ),

  'GET /api/participants/upload/template': op(
    'downloadParticipantsTemplate',
    'Modelo da planilha de participantes',
    'sheet',
  ),
  'GET /api/produtos/upload/template': op(
    'downloadProductsTemplate',
    'Modelo da planilha de produtos',
    'sheet',
  ),
  'POST /api/participants/upload': op('importParticipants', 'Importa participantes de planilha'),
  'POST /api/produtos/upload': op('importProducts', 'Importa produtos de planilha'),

  ...tableOperations('/countries', ['Country', 'Countries'], ['um país', 'os países']),
  ...tableOperations('/cities', ['City', 'Cities'], ['uma cidade', 'as cidades']),
  ...tableOperations('/centers', ['Center', 'Centers'], ['um núcleo', 'os núcleos']),
  ...tableOperations('/courses', ['Course', 'Courses'], ['um curso', 'os cursos']),
  'POST /api/events/insert': op('insertEvent', 'Cadastra um evento'),
  'POST /api/events/update/:id': op('updateEvent', 'Altera um evento'),
  'POST /api/events/delete/:id': op('deleteEvent', 'Exclui um evento'),
  ...tableOperations(
    '/events/:eventId/participants',
    ['Participant', 'Participants'],
    ['um participante do evento', 'os participantes do evento'],
  ),
  ...tableOperations(
    '/courses/:courseId/coursewares',
    ['Courseware', 'Coursewares'],
    ['uma apostila do curso', 'as apostilas do curso'],
  ),
  ...tableOperations('/profiles', ['Profile', 'Profiles'], ['um perfil', 'os perfis']),
  ...tableOperations('/users', ['User', 'Users'], ['um usuário', 'os usuários']),
  ...tableOperations(
    '/product/categories',
    ['ProductCategory', 'ProductCategories'],
    ['uma categoria de produto', 'as categorias de produto'],
  ),
  ...tableOperations('/products', ['Product', 'Products'], ['um produto', 'os produtos']),
  ...tableOperations('/printers', ['Printer', 'Printers'], ['uma impressora', 'as impressoras']),
  ...tableOperations(
    '/prints/mapping',
    ['PrintMapping', 'PrintMappings'],
    ['um mapeamento de impressão', 'os mapeamentos de impressão'],
  ),
  ...tableOperations(
    '/payment-methods',
    ['PaymentMethod', 'PaymentMethods'],
    ['uma forma de pagamento', 'as formas de pagamento'],
  ),

  'GET /api/participants/name/:cpf': op('findParticipantByCpf', 'Participante pelo CPF'),
  'POST /api/participants/:id/anonymize': op('anonymizeParticipant', 'Anonimiza um participante'),
  'GET /api/subscriptions/participant/check': op(
    'checkSubscription',
    'Inscrição do participante no evento',
  ),
  'POST /api/subscriptions/badge/print': op('printBadge', 'Imprime o crachá'),
  'POST /api/subscriptions/courseware/link': op('linkCourseware', 'Entrega a apostila'),
  'POST /api/subscriptions/courseware/exchange': op('exchangeCourseware', 'Troca a apostila'),
  'GET /api/coursewares/:id': op('getCourseware', 'Apostila pelo código ou série'),
  'POST /api/courseware/return/:id': op('returnCourseware', 'Devolve a apostila'),
  'POST /api/courses/:courseId/coursewares/print': op(
    'printCoursewareLabels',
    'Imprime etiquetas das apostilas do curso',
  ),
  'GET /api/attendance/select/columns': op('listAttendanceColumns', 'Colunas da frequência'),
  'GET /api/attendance/select': op('listAttendance', 'Frequência do evento'),

  'POST /api/carrinho/novo': op('createCart', 'Abre um carrinho'),
  'POST /api/carrinho/atualizar/:id': op('updateCart', 'Altera os itens do carrinho'),
  'GET /api/carrinho/info/:id': op('getCart', 'Carrinho'),
  'POST /api/carrinho/finalizar/:id': op('checkOutCart', 'Fecha o pedido (aguardando pagamento)'),
  'DELETE /api/carrinho/remover/:id': op('removeCart', 'Remove o carrinho'),
  'GET /api/carrinho/aberto': op('listOpenCarts', 'Carrinhos e pedidos em aberto'),
  'GET /api/carrinho/pagamento': op('listCheckoutPaymentMethods', 'Formas de pagamento do caixa'),
  'GET /api/carrinho/desconto-maximo': op('getDiscountLimit', 'Desconto máximo do usuário'),
  'GET /api/carrinho/pagamento/:id': op('listOrderPayments', 'Pagamentos do pedido'),
  'POST /api/carrinho/pagamento/:id': op('payOrder', 'Paga o pedido'),
  'GET /api/carrinho/imprimir/recibo/:id': op('printReceipt', 'Imprime o recibo'),
  'GET /api/carrinho/entregar': op('listOrdersToDeliver', 'Pedidos pagos a entregar'),
  'POST /api/carrinho/entregar/:id': op('deliverOrder', 'Entrega o pedido'),
  'GET /api/carrinho/imprimir/expedicao/:id': op('printDispatchSlip', 'Imprime a expedição'),
  'GET /api/carrinho/pagos': op('listPaidOrders', 'Pedidos pagos'),
  'POST /api/carrinho/estornar/:id': op('refundOrder', 'Estorna o pedido'),
  'POST /api/carrinho/unificar': op('mergeCarts', 'Unifica carrinhos'),
  'GET /api/carrinho/pix/config': op('getPixConfig', 'Configuração do Pix'),
  'POST /api/carrinho/pix/config': op('updatePixConfig', 'Altera a configuração do Pix'),
  'GET /api/carrinho/pix/:id': op('getPixPayload', 'Cobrança Pix do pedido'),
  'POST /api/carrinho/cupom/:id': op('applyCoupon', 'Aplica um cupom ao pedido'),

  'GET /api/coupons/templates': op('listCouponTemplates', 'Lista os modelos de cupom'),
  'POST /api/coupons/templates': op('insertCouponTemplate', 'Cadastra um modelo de cupom'),
  'POST /api/coupons/templates/:id': op('updateCouponTemplate', 'Altera um modelo de cupom'),
  'DELETE /api/coupons/templates/:id': op('deleteCouponTemplate', 'Exclui um modelo de cupom'),
  'POST /api/coupons/templates/:id/generate': op('generateCoupons', 'Gera cupons do modelo'),
  'GET /api/coupons/select': op('listCoupons', 'Lista os cupons'),
  'POST /api/coupons/delete/:id': op('deleteCoupon', 'Exclui um cupom'),
  'POST /api/coupons/invalidate/:id': op('invalidateCoupon', 'Invalida um cupom'),
  'GET /api/coupons/config': op('getCouponConfig', 'Configuração dos cupons'),
  'POST /api/coupons/config': op('updateCouponConfig', 'Altera a configuração dos cupons'),

  'POST /api/caixa/abrir': op('openDrawer', 'Abre o caixa'),
  'GET /api/caixa/atual': op('getOpenDrawer', 'Caixa aberto do usuário'),
  'POST /api/caixa/fechar': op('closeDrawer', 'Fecha o caixa'),
  'GET /api/caixa/sessoes': op('listDrawerSessions', 'Sessões de caixa do evento'),

  'GET /api/reports/dashboard': op('getDashboard', 'Relatório Dashboard'),
  'GET /api/reports/produtos': op('listReportProducts', 'Produtos para os filtros dos relatórios'),
  ...reportOperations('vendas/total', 'SalesTotal', 'total de vendas'),
  ...reportOperations('vendas/dos_nucleos', 'CenterSales', 'vendas dos núcleos'),
  ...reportOperations('vendas/por_nucleos', 'SalesByCenter', 'vendas por núcleos'),
  ...reportOperations('vendas/por_produtos', 'SalesByProduct', 'vendas por produtos'),
  ...reportOperations('vendas/por_pagamentos', 'SalesByPayment', 'vendas por pagamentos'),
  ...reportOperations('vendas', 'Sales', 'vendas'),
  ...reportOperations('compradores/por_produto', 'BuyersByProduct', 'compradores por produto'),
  ...reportOperations('carrinhos/pagos', 'PaidCarts', 'carrinhos pagos'),
  ...reportOperations('cupons', 'Coupons', 'cupons'),
  ...reportOperations('distribuicao_valores', 'ValueDistribution', 'distribuição de valores'),
  ...reportOperations('apostilas', 'Coursewares', 'apostilas'),
  ...reportOperations('selos', 'Stamps', 'selos'),

  'GET /api/sorteio': op('listLotteries', 'Lista os sorteios'),
  'GET /api/sorteio/produtos': op('listLotteryProducts', 'Produtos dos sorteios'),
  'POST /api/sorteio/:id/novo': op('createLottery', 'Cria um sorteio no evento'),
  'POST /api/sorteio/atualizar/:id': op('drawLottery', 'Sorteia'),
  'GET /api/sorteio/:id': op('getLottery', 'Sorteio e seus ganhadores'),
  'GET /api/sorteio/:id/auditoria': op('getLotteryAudit', 'Auditoria do sorteio'),
  'GET /api/sorteio/:id/auditoria/:posicao': op('getLotteryDrawAudit', 'Conferência de um prêmio'),
  'GET /api/sorteio/:id/auditoria/:posicao/participantes': op(
    'listLotteryDrawHolders',
    'Participantes que concorreram a um prêmio',
  ),
  'GET /api/sorteio/:id/auditoria/:posicao/bilhetes': op(
    'getLotteryDrawTickets',
    'Bilhetes de um prêmio, um por linha',
    'text',
  ),

  'GET /api/layouts/:document': op('getLayout', 'Layout de impressão do evento selecionado'),
  'PUT /api/layouts/:document': op('saveLayout', 'Salva o layout de impressão do evento'),
  'DELETE /api/layouts/:document': op('resetLayout', 'Volta ao layout padrão'),
  'GET /api/layouts/:document/sample': op('getLayoutSample', 'Valores para a prévia do layout'),
  'POST /api/layouts/:document/print-test': op('printLayoutTest', 'Imprime um teste do layout'),
  'POST /api/layouts/images': op('uploadLayoutImage', 'Envia uma imagem para os layouts'),
  'GET /api/offline/replica': op('getOfflineReplica', 'Réplica do evento para a mesa sem conexão'),
  'POST /api/offline/actions': op('syncOfflineActions', 'Envia a fila de ações feitas sem conexão'),
  'GET /api/offline/issues': op('listOfflineIssues', 'Pendências da sincronização da mesa'),
  'GET /api/pix/psp': op('getPixPsp', 'Conexão com o PSP do PIX'),
  'PUT /api/pix/psp': op('savePixPsp', 'Salva a conexão com o PSP do PIX'),
  'DELETE /api/pix/psp': op('removePixPsp', 'Remove a conexão com o PSP (PIX volta a ser manual)'),
  'POST /api/pix/psp/test': op('testPixPsp', 'Testa a conexão com o PSP'),
  'POST /api/pix/psp/webhook': op('registerPixWebhook', 'Registra o webhook no PSP'),
  'POST /api/pix/webhook/:secret/pix': op('receivePixWebhook', 'Notificação de Pix recebido (PSP)'),
  'POST /api/carrinho/pix/:id/cobranca': op('createPixCharge', 'Cria a cobrança PIX no PSP'),
  'GET /api/carrinho/pix/cobranca/:txid': op('getPixCharge', 'Situação da cobrança PIX no PSP'),
  'DELETE /api/carrinho/pix/cobranca/:txid': op('cancelPixCharge', 'Cancela a cobrança PIX'),
  'GET /api/pix/devolucoes': op('listPixRefunds', 'Pix a devolver e devoluções PIX pedidas'),
  'POST /api/pix/devolucoes': op('refundPix', 'Devolve um Pix recebido (devolução no PSP)'),
  'POST /api/pix/devolucoes/:id/tentar': op('retryPixRefund', 'Repete uma devolução PIX pendente'),
  'GET /api/alimentos/config': op('getFoodConfig', 'Configuração dos alimentos'),
  'POST /api/alimentos/config': op('updateFoodConfig', 'Altera a configuração dos alimentos'),
  'GET /api/alimentos/categorias': op('listFoodCategories', 'Categorias de alimentos'),
  'GET /api/alimentos/vendidos': op('listSoldFood', 'Alimentos vendidos'),

  'GET /api/emails/smtp': op('getSmtpSettings', 'Configuração do SMTP'),
  'POST /api/emails/smtp': op('updateSmtpSettings', 'Altera a configuração do SMTP'),
  'POST /api/emails/previa': op('previewEmail', 'Prévia do e-mail'),
  'POST /api/emails/envios': op('sendEmails', 'Envia e-mails'),
  'GET /api/emails/envios/:id': op('getEmailBatch', 'Andamento de um envio'),
  'POST /api/emails/envios/:id/reenviar': op('resendEmails', 'Reenvia os e-mails que falharam'),
  'GET /api/passes/public-key': op('getPassPublicKey', 'Chave pública dos ingressos'),
  'POST /api/participants/:id/pass/reissue': op(
    'reissuePass',
    'Reemite o ingresso de um participante',
  ),
  'POST /api/passes/envios': op('sendPasses', 'Envia os ingressos por e-mail'),
  'GET /api/passes/envios/:id': op('getPassSending', 'Andamento de um envio de ingressos'),
  'POST /api/passes/envios/:id/reenviar': op('resendPasses', 'Reenvia os ingressos que falharam'),

  'POST /api/kiosk/heartbeat': op('kioskHeartbeat', 'Sinal de vida do quiosque'),
  'POST /api/kiosk/check': op('kioskCheck', 'Consulta no quiosque por CPF ou ingresso'),
  'POST /api/kiosk/print': op('kioskPrint', 'Imprime o crachá na impressora do quiosque'),
  'GET /api/kiosk/jobs/:id': op('getKioskJob', 'Andamento da impressão do quiosque'),
  'POST /api/kiosk/help': op('kioskHelp', "'Preciso de ajuda' no quiosque", 'noContent'),
  'POST /api/kiosk/unlock': op('kioskUnlock', 'Confere o PIN da equipe no quiosque', 'noContent'),
  'GET /api/kiosks': op('listKiosks', 'Quiosques'),
  'PUT /api/kiosks/:userId/pin': op('setKioskPin', 'Define o PIN do quiosque', 'noContent'),
  'POST /api/kiosks/:userId/pause': op('pauseKiosk', 'Pausa ou retoma um quiosque', 'noContent'),
  'POST /api/kiosks/:userId/help/clear': op(
    'clearKioskHelp',
    'Marca o pedido de ajuda como atendido',
    'noContent',
  ),
  'POST /api/kiosks/:userId/reprint': op(
    'reprintKioskBadge',
    'Reimprime o último crachá do quiosque',
  ),
  'GET /api/kiosks/policy/:eventId': op('getKioskPolicy', 'Política de segunda via do evento'),
  'PUT /api/kiosks/policy/:eventId': op(
    'setKioskPolicy',
    'Define a política de segunda via do evento',
    'noContent',
  ),

  'GET /api/audit': op('listAuditEntries', 'Auditoria'),
  'GET /api/audit/opcoes': op('getAuditFilterOptions', 'Opções dos filtros da auditoria'),
  'GET /api/audit/csv': op('downloadAuditCsv', 'Auditoria em CSV', 'csv'),

  'GET /api/certificados/eventos/:eventId/regra': op(
    'getCertificateRule',
    'Regra do certificado do evento (carga horária, quem recebe)',
  ),
  'PUT /api/certificados/eventos/:eventId/regra': op(
    'saveCertificateRule',
    'Salva a regra do certificado do evento',
  ),
  'GET /api/certificados/eventos/:eventId/elegiveis': op(
    'previewCertificateEligibility',
    'Quem recebe o certificado e por que os outros não',
  ),
  'GET /api/certificados/eventos/:eventId': op('listCertificates', 'Certificados do evento'),
  'POST /api/certificados/eventos/:eventId/emissoes': op(
    'issueCertificates',
    'Emite os certificados do evento (em lote, com progresso)',
  ),
  'GET /api/certificados/emissoes/:id': op('getCertificateIssue', 'Progresso de uma emissão'),
  'GET /api/certificados/eventos/:eventId/zip': op(
    'downloadCertificatesZip',
    'Todos os certificados válidos do evento, em ZIP',
    'zip',
  ),
  'GET /api/certificados/:code/pdf': op('downloadCertificate', 'O PDF de um certificado', 'pdf'),
  'POST /api/certificados/:code/revogar': op('revokeCertificate', 'Revoga um certificado'),
  'POST /api/certificados/eventos/:eventId/enviar': op(
    'sendCertificates',
    'Envia a cada participante o PDF do seu certificado por e-mail',
  ),
  'GET /api/certificados/envios/:id': op(
    'getCertificateSending',
    'Progresso de um envio de certificados',
  ),
  'POST /api/certificados/envios/:id/reenviar': op(
    'resendFailedCertificates',
    'Reenvia os e-mails de certificados que falharam',
  ),
  'GET /api/certificados/verificar/:code': op(
    'verifyCertificate',
    'Verifica um certificado pelo código (público)',
  ),
};
