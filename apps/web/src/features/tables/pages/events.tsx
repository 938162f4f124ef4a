import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { actionColumn, column } from '../../../ui/columns';
import { required, type FieldValue } from '../../../ui/form-field';
import {
  eventDateSortKey,
  formatReais,
  formatYesNo,
  parseEventDateTime,
} from '../../../ui/formats';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { eventSwitchAsked } from '../../../app/events/slice';
import {
  dateColumns,
  lookupName,
  textOf,
  type TableDefinition,
} from '../../../app/tables/definition';
import { eventQrClosed, eventQrRequested, selectTableExtras } from '../extras-slice';
import type { TableRow } from '../../../app/tables/slice';
import { TablePage } from '../../../app/tables/table-page';
import { PageFrame } from '../../../ui/page-frame';
import { RowButton } from '../../../ui/row-button';
import '../area';

function EventQrButton({ row }: { row: TableRow }) {
  const dispatch = useAppDispatch();
  return (
    <RowButton onClick={() => dispatch(eventQrRequested({ id: row.id, name: textOf(row.name) }))}>
      QR Code
    </RowButton>
  );
}

/**
 * The selected event's mark, or 'Selecionar' to make this event the one every desk works on,
 * after the top bar's 'Trocar evento' confirmation.
 */
function EventSelection({ row }: { row: TableRow }) {
  const dispatch = useAppDispatch();
  if (row.selected === true) {
    return (
      <Badge bg="success" title="O evento de todos os balcões">
        Selecionado
      </Badge>
    );
  }
  return (
    <RowButton
      onClick={() => dispatch(eventSwitchAsked({ id: Number(row.id), name: textOf(row.name) }))}
    >
      Selecionar
    </RowButton>
  );
}

/**
 * The event's link as a QR image, fetched with the bearer token. The link opens Balcão on this
 * server: a desk's phone or tablet reaches the login without anyone typing the address.
 */
function EventQrModal() {
  const dispatch = useAppDispatch();
  const { eventQr } = useAppSelector(selectTableExtras);
  const close = () => dispatch(eventQrClosed());
  return (
    <Modal
      show={eventQr !== null}
      onHide={close}
      centered
      animation={false}
      aria-labelledby="event-qr-title"
    >
      <Modal.Header closeButton closeLabel="Fechar">
        <Modal.Title id="event-qr-title">QR Code de {eventQr?.event.name}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
        <p className="text-start">
          Aponte a câmera do celular ou tablet de um balcão para abrir o Balcão neste servidor, sem
          digitar o endereço. Depois de entrar, o balcão trabalha no evento selecionado (mostrado no
          topo da tela).
        </p>
        {eventQr?.url ? (
          <img
            src={eventQr.url}
            alt={`QR Code do evento ${eventQr.event.name}`}
            className="event-qr-image"
          />
        ) : (
          <div role="status">
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            Carregando...
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button type="button" onClick={close}>
          Fechar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function endAfterStart(value: FieldValue, values: Record<string, FieldValue>): string | null {
  const start = parseEventDateTime(String(values.inicio ?? ''));
  const end = parseEventDateTime(String(value));
  return start && end && end.isBefore(start) ? 'O fim deve ser depois do início.' : null;
}

export const eventsTable: TableDefinition<TableRow> = {
  table: 'events',
  label: 'Eventos',
  itemName: 'evento',
  columns: ({ lookups }) => [
    actionColumn('selected', 'Seleção', (row) => <EventSelection row={row} />),
    column({ id: 'name', header: 'Nome', text: (row) => textOf(row.name) }),
    column({
      id: 'course',
      header: 'Curso',
      text: (row) => lookupName(lookups.courses, row.course),
    }),
    column({ id: 'endereco', header: 'Endereço', text: (row) => textOf(row.endereco) }),
    column({ id: 'local', header: 'Local', text: (row) => textOf(row.local) }),
    column({
      id: 'valor',
      header: 'Valor',
      text: (row) => formatReais(row.valor),
      sortValue: (row) => Number(row.valor ?? 0),
    }),
    column({
      id: 'inicio',
      header: 'Início',
      text: (row) => textOf(row.inicio),
      sortValue: (row) => eventDateSortKey(row.inicio),
    }),
    column({
      id: 'fim',
      header: 'Fim',
      text: (row) => textOf(row.fim),
      sortValue: (row) => eventDateSortKey(row.fim),
    }),
    column({
      id: 'linkCourseware',
      header: 'Apostila',
      text: (row) => formatYesNo(row.linkCourseware),
    }),
    column({
      id: 'printEnabled',
      header: 'Impressão',
      text: (row) => formatYesNo(row.printEnabled),
    }),
    ...dateColumns(),
    actionColumn('qrcode', 'QR Code', (row) => <EventQrButton row={row} />),
  ],
  fields: [
    { name: 'name', label: 'Nome', type: 'text', validate: required('Informe o nome.') },
    {
      name: 'course',
      label: 'Curso',
      type: 'select',
      reference: true,
      lookup: 'courses',
      emptyOption: 'Nenhum',
    },
    { name: 'endereco', label: 'Endereço', type: 'text' },
    { name: 'local', label: 'Local', type: 'text' },
    { name: 'valor', label: 'Valor', type: 'money' },
    {
      name: 'linkCourseware',
      label: 'Vincular apostila no credenciamento',
      type: 'boolean',
      defaultValue: true,
    },
    {
      name: 'printEnabled',
      label: 'Impressão de crachá habilitada',
      type: 'boolean',
      defaultValue: true,
    },
    { name: 'inicio', label: 'Início', type: 'datetime', validate: required('Informe o início.') },
    {
      name: 'fim',
      label: 'Fim',
      type: 'datetime',
      validate: (value, values) =>
        required('Informe o fim.')(value) ?? endAfterStart(value, values),
    },
  ],
};

export function EventsPage() {
  return (
    <PageFrame title="Eventos">
      <p className="text-body-secondary">
        O evento selecionado é o de todos os balcões: credenciamento, apostilas, importações e
        relatórios trabalham nele. Os balcões abertos passam para o novo evento ao abrir a próxima
        página do menu ou recarregar a tela.
      </p>
      <TablePage definition={eventsTable} />
      <EventQrModal />
    </PageFrame>
  );
}
