import { useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  AUDIT_PAGE_SIZE,
  auditActionLabel,
  auditChangeLines,
  auditEntityLabel,
  type AuditRowDto,
} from '@balcao/contract';
import { column } from '../../ui/columns';
import { DataTable, type TableQuery } from '../../ui/data-table';
import { eventDateSortKey, formatDateTime } from '../../ui/formats';
import { PeriodField } from '../../ui/period-field';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PageFrame } from '../../ui/page-frame';
import { auditCsvRequested, auditRequested, selectAudit, type AuditParams } from './slice';
import './area';

const TITLE = 'Auditoria';

const COLUMNS = [
  column<AuditRowDto>({
    id: 'quando',
    header: 'Quando',
    text: (row) => formatDateTime(row.quando),
    sortable: false,
  }),
  column<AuditRowDto>({
    id: 'usuario',
    header: 'Usuário',
    text: (row) => row.usuario,
    sortable: false,
  }),
  column<AuditRowDto>({ id: 'ip', header: 'Endereço', text: (row) => row.ip, sortable: false }),
  column<AuditRowDto>({
    id: 'entidade',
    header: 'Entidade',
    text: (row) => auditEntityLabel(row.entidade),
    sortable: false,
  }),
  column<AuditRowDto>({
    id: 'registro',
    header: 'Registro',
    text: (row) => row.registro ?? '',
    sortable: false,
  }),
  column<AuditRowDto>({
    id: 'acao',
    header: 'Ação',
    text: (row) => auditActionLabel(row.acao),
    sortable: false,
  }),
  column<AuditRowDto>({
    id: 'alteracoes',
    header: 'Alterações',
    text: (row) => auditChangeLines(row).join('; '),
    cell: (row) => (
      <ul className="list-unstyled mb-0 audit-changes">
        {auditChangeLines(row).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    ),
    sortable: false,
  }),
];

/**
 * 'Auditoria' (System): who changed what, read by CPF or exported, newest first, one page at a
 * time from the server, filtered by user, entity and period; the CSV carries every filtered row.
 */
export function AuditPage() {
  const dispatch = useAppDispatch();
  const { result, options, loading } = useAppSelector(selectAudit);
  const [usuario, setUsuario] = useState('');
  const [entidade, setEntidade] = useState('');
  const [inicio, setInicio] = useState('');
  const [fim, setFim] = useState('');
  const tableQuery = useRef<TableQuery | null>(null);

  const filters = useMemo(() => {
    const query: AuditParams = {};
    if (usuario) query.usuario = usuario;
    if (entidade) query.entidade = entidade;
    // Typed as dd/mm/aaaa hh:mm, sent as YYYY-MM-DD HH:mm; the server explains a bad one.
    if (inicio.trim()) query.inicio = eventDateSortKey(inicio.trim());
    if (fim.trim()) query.fim = eventDateSortKey(fim.trim());
    return query;
  }, [usuario, entidade, inicio, fim]);

  const request = (query: TableQuery) => {
    const params: AuditParams = {
      ...filters,
      pagina: String(Math.floor(query.start / query.length) + 1),
      por_pagina: String(query.length),
    };
    if (query.search) params.busca = query.search;
    dispatch(auditRequested(params));
  };
  const onQueryChange = (query: TableQuery) => {
    tableQuery.current = query;
    request(query);
  };
  const search = () => {
    const query = tableQuery.current;
    request(
      query
        ? { ...query, start: 0 }
        : { start: 0, length: AUDIT_PAGE_SIZE, search: '', sort: '', dir: 'desc' },
    );
  };

  return (
    <PageFrame title={TITLE}>
      <Form
        className="mb-3"
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <Row className="g-2 align-items-end">
          <Col md={3}>
            <Form.Group controlId="audit-user">
              <Form.Label>Usuário</Form.Label>
              <Form.Select value={usuario} onChange={(e) => setUsuario(e.target.value)}>
                <option value="">Todos</option>
                {(options?.usuarios ?? []).map((user) => (
                  <option key={user.id} value={String(user.id)}>
                    {user.username}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col md={3}>
            <Form.Group controlId="audit-entity">
              <Form.Label>Entidade</Form.Label>
              <Form.Select value={entidade} onChange={(e) => setEntidade(e.target.value)}>
                <option value="">Todas</option>
                {(options?.entidades ?? []).map((entity) => (
                  <option key={entity} value={entity}>
                    {auditEntityLabel(entity)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <PeriodField id="audit-inicio" label="Início" value={inicio} onChange={setInicio} />
          <PeriodField id="audit-fim" label="Fim" value={fim} onChange={setFim} />
          <Col xs="auto" className="d-flex gap-2">
            <Button type="submit">Filtrar</Button>
            <Button
              type="button"
              variant="outline-secondary"
              onClick={() => dispatch(auditCsvRequested(filters))}
            >
              Baixar CSV
            </Button>
          </Col>
        </Row>
      </Form>
      <DataTable<AuditRowDto>
        label={TITLE}
        columns={COLUMNS}
        data={result?.rows ?? []}
        getRowId={(row) => String(row.id)}
        defaultPageSize={AUDIT_PAGE_SIZE}
        loading={loading}
        server={{
          rowCount: result?.total_linhas ?? 0,
          totalCount: result?.total_linhas ?? 0,
          onQueryChange,
        }}
      />
    </PageFrame>
  );
}
