import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import { IMPORT_TEMPLATES, IMPORT_TEMPLATE_FORMATS } from '@balcao/contract';
import { column } from '../../ui/columns';
import { DataTable } from '../../ui/data-table';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSelectedEvent } from '../../app/events/slice';
import { selectLookups } from '../../app/lookups/slice';
import { PageFrame } from '../../ui/page-frame';
import {
  selectImport,
  templateRequested,
  uploadRequested,
  type ImportFailure,
  type ImportKind,
  type ImportResult,
  type ImportWarning,
} from './slice';
import { EventSelect } from '../../ui/event-select';
import { countOf, readableMessage } from '../../ui/messages';
import './area';

export const NO_EVENTS_MESSAGE = 'Nenhum evento registrado.';
const SUCCESS: Record<ImportKind, string> = {
  participants: 'Todos os participantes foram cadastrados com sucesso',
  products: 'Todos os produtos e cursos foram cadastrados com sucesso',
};
const TITLES: Record<ImportKind, string> = {
  participants: 'Importar Participantes',
  products: 'Importar Produtos e Cursos',
};
const ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file as a data URL (the upload's `sheet`). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Falha ao ler o arquivo.'));
    reader.readAsDataURL(file);
  });
}

/** A table of numbered lines of the sheet and what was said about each. */
function lineColumns<Row extends { line: number }>(header: string, text: (row: Row) => string) {
  return [
    column<Row>({
      id: 'line',
      header: 'Linha',
      text: (row) => String(row.line),
      sortValue: (row) => row.line,
    }),
    column<Row>({ id: 'message', header, text }),
  ];
}

const failureColumns = lineColumns<ImportFailure>('Erro', (row) => readableMessage(row.error));
const warningColumns = lineColumns<ImportWarning>('Aviso', (row) => row.warning);

/** The columns a sheet needs, with an example, and the model files to start from. */
function ImportColumns({ kind }: { kind: ImportKind }) {
  const dispatch = useAppDispatch();
  const { columns } = IMPORT_TEMPLATES[kind];
  return (
    <Card className="mb-3">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Colunas da planilha
        </Card.Title>
        <p className="text-body-secondary mb-2">
          A primeira linha traz os nomes das colunas (maiúsculas, minúsculas e acentos não
          importam); cada linha seguinte é um registro. CSV separado por ponto e vírgula ou .xlsx.
        </p>
        <Table size="sm" bordered responsive aria-label="Colunas da planilha" className="mb-3">
          <thead>
            <tr>
              <th>Coluna</th>
              <th>Obrigatória</th>
              <th>Exemplo</th>
              <th>O que é</th>
            </tr>
          </thead>
          <tbody>
            {columns.map((item) => (
              <tr key={item.name}>
                <td>
                  <code>{item.name}</code>
                </td>
                <td>{item.required ? 'Sim' : 'Não'}</td>
                <td>{item.example}</td>
                <td>{item.description}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <div className="d-flex gap-2">
          {IMPORT_TEMPLATE_FORMATS.map((format) => (
            <Button
              key={format}
              variant="outline-secondary"
              size="sm"
              onClick={() => dispatch(templateRequested({ kind, format }))}
            >
              Baixar modelo (.{format})
            </Button>
          ))}
        </div>
      </Card.Body>
    </Card>
  );
}

function ImportResultView({ kind }: { kind: ImportKind }) {
  const { result } = useAppSelector(useMemo(() => selectImport(kind), [kind]));
  const shown = useRef<HTMLDivElement>(null);
  // Below a long form the outcome would land under the fold: bring it into sight.
  useEffect(() => {
    if (result) shown.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [result]);
  if (!result) return null;
  const warnings = result.warnings ?? [];
  const counts = [
    result.created !== undefined ? countOf(result.created, 'criado', 'criados') : null,
    result.updated !== undefined ? countOf(result.updated, 'atualizado', 'atualizados') : null,
    result.unchanged !== undefined ? `${result.unchanged} sem alteração` : null,
  ].filter(Boolean);
  return (
    <div className="mt-3" ref={shown}>
      {result.fails.length === 0 ? (
        <Alert variant="success" role="status">
          {SUCCESS[kind]}
        </Alert>
      ) : (
        <Alert variant="warning" role="status">
          {failedLinesText(result)}
        </Alert>
      )}
      {counts.length > 0 && <p className="text-body-secondary">{counts.join(', ')}.</p>}
      {warnings.length > 0 && (
        <>
          <Alert variant="info" role="status">
            {warnings.length === 1
              ? '1 linha foi importada com aviso.'
              : `${warnings.length} linhas foram importadas com aviso.`}
          </Alert>
          <DataTable<ImportWarning>
            label="Linhas com aviso"
            columns={warningColumns}
            data={warnings}
            getRowId={(row) => `${row.line}-${row.warning}`}
            defaultPageSize={100}
          />
        </>
      )}
      {result.fails.length > 0 && (
        <DataTable<ImportFailure>
          label="Linhas com erro"
          columns={failureColumns}
          data={result.fails}
          getRowId={(row) => `${row.line}-${row.error}`}
          defaultPageSize={100}
        />
      )}
    </div>
  );
}

function failedLinesText({ fails, failsOmitted = 0 }: ImportResult): string {
  const total = fails.length + failsOmitted;
  const count =
    total === 1
      ? '1 linha não foi importada.'
      : `${total.toLocaleString('pt-BR')} linhas não foram importadas.`;
  return failsOmitted > 0 ? `${count} A lista mostra as ${fails.length} primeiras.` : count;
}

/** 'Importar Participantes' and 'Importar Produtos e Cursos': a spreadsheet and the event. */
export function ImportPage({ kind }: { kind: ImportKind }) {
  const dispatch = useAppDispatch();
  const events = useAppSelector(selectLookups).events ?? [];
  const selected = useAppSelector(selectSelectedEvent);
  const { uploading, progress } = useAppSelector(useMemo(() => selectImport(kind), [kind]));
  const [file, setFile] = useState<File | null>(null);
  const [picked, setEventId] = useState<string | null>(null);
  // The selected event until the user picks one: it may arrive after the first render (a reload).
  const eventId = picked ?? String(selected?.id ?? events[0]?.id ?? '');
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const chosenEvent = events.some((event) => String(event.id) === eventId) ? eventId : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || chosenEvent === '' || uploading || reading) return;
    setReading(true);
    setReadError(null);
    try {
      const sheet = await readAsDataUrl(file);
      dispatch(uploadRequested({ kind, sheet, eventId: Number(chosenEvent) }));
    } catch {
      setReadError('Não foi possível ler o arquivo escolhido.');
    } finally {
      setReading(false);
    }
  };

  return (
    <PageFrame title={TITLES[kind]}>
      <ImportColumns kind={kind} />
      {events.length === 0 ? (
        <Alert variant="warning" role="alert">
          {NO_EVENTS_MESSAGE}
        </Alert>
      ) : (
        <Card className="import-card">
          <Card.Body>
            <Form onSubmit={submit} noValidate>
              <Form.Group controlId={`import-${kind}-file`} className="mb-3">
                <Form.Label>Planilha (.csv ou .xlsx)</Form.Label>
                <Form.Control
                  type="file"
                  accept={ACCEPT}
                  disabled={uploading}
                  onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
                />
              </Form.Group>
              <Form.Group controlId={`import-${kind}-event`} className="mb-3">
                <Form.Label>Evento</Form.Label>
                <EventSelect
                  events={events}
                  value={chosenEvent}
                  disabled={uploading}
                  onChange={setEventId}
                  emptyLabel="Selecione o evento"
                />
              </Form.Group>
              <Button type="submit" disabled={!file || chosenEvent === '' || uploading || reading}>
                {uploading || reading ? 'Enviando...' : 'Importar'}
              </Button>
            </Form>
            {readError && (
              <Alert variant="danger" className="mt-3" role="alert">
                {readError}
              </Alert>
            )}
            {uploading && (
              <ProgressBar
                className="mt-3"
                animated
                now={progress === null || progress >= 1 ? 100 : Math.max(5, progress * 100)}
                label={
                  progress !== null && progress < 1
                    ? `Enviando ${Math.round(progress * 100)}%`
                    : 'Processando...'
                }
                aria-label="Importação em andamento"
              />
            )}
          </Card.Body>
        </Card>
      )}
      <ImportResultView kind={kind} />
    </PageFrame>
  );
}

export function ImportParticipantsPage() {
  return <ImportPage kind="participants" />;
}

export function ImportProductsPage() {
  return <ImportPage kind="products" />;
}
