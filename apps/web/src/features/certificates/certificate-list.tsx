import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { CertificateDto } from '@balcao/contract';
import { useAppDispatch } from '../../store/hooks';
import { column } from '../../ui/columns';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../ui/formats';
import { asked, pdfRequested, zipRequested } from './slice';

const certificateColumns = [
  column<CertificateDto>({
    id: 'name',
    header: 'Nome',
    text: (row) => row.name,
  }),
  column<CertificateDto>({
    id: 'code',
    header: 'Código',
    text: (row) => row.code,
    cell: (row) => <span className="font-monospace text-nowrap">{row.code}</span>,
  }),
  column<CertificateDto>({
    id: 'version',
    header: 'Versão',
    text: (row) => String(row.version),
    sortValue: (row) => row.version,
  }),
  column<CertificateDto>({
    id: 'updatedAt',
    header: 'Emitido em',
    text: (row) => formatDateTime(row.updatedAt),
    sortValue: (row) => row.updatedAt,
  }),
  column<CertificateDto>({
    id: 'status',
    header: 'Situação',
    text: (row) =>
      row.revokedAt
        ? `Revogado em ${formatDateTime(row.revokedAt)}: ${row.revokedReason ?? ''}`
        : 'Válido',
    cell: (row) =>
      row.revokedAt ? (
        <>
          <Badge bg="danger">Revogado</Badge>{' '}
          <span className="small">
            {formatDateTime(row.revokedAt)}: {row.revokedReason}
          </span>
        </>
      ) : (
        <Badge bg="success">Válido</Badge>
      ),
  }),
  column<CertificateDto>({
    id: 'emailedAt',
    header: 'E-mail',
    text: (row) => (row.emailedAt ? `Enviado em ${formatDateTime(row.emailedAt)}` : 'Não enviado'),
    sortValue: (row) => row.emailedAt ?? '',
  }),
];

interface CertificateListProps {
  certificates: readonly CertificateDto[];
  downloading: string | null;
  sending: boolean;
}

/** The event's certificates: one PDF or all as a ZIP, the e-mails, and revoking one. */
export function CertificateList({ certificates, downloading, sending }: CertificateListProps) {
  const dispatch = useAppDispatch();
  const valid = certificates.filter((certificate) => !certificate.revokedAt).length;
  return (
    <section className="mt-4">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0">Certificados emitidos</h2>
        <div className="d-flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline-secondary"
            disabled={valid === 0 || downloading !== null}
            onClick={() => dispatch(zipRequested())}
          >
            {downloading === 'zip' ? 'Processando' : 'Baixar todos (ZIP)'}
          </Button>
          <Button
            type="button"
            variant="outline-primary"
            disabled={valid === 0 || sending}
            onClick={() => dispatch(asked({ kind: 'email' }))}
          >
            {sending ? 'Processando' : 'Enviar por e-mail'}
          </Button>
        </div>
      </div>
      <DataTable<CertificateDto>
        label="Certificados emitidos"
        columns={certificateColumns}
        data={certificates}
        getRowId={(row) => row.code}
        toolbar={(selected) => (
          <>
            <Button
              type="button"
              variant="outline-secondary"
              disabled={!selected || selected.revokedAt !== null || downloading !== null}
              onClick={() => selected && dispatch(pdfRequested(selected.code))}
            >
              {selected && downloading === selected.code ? 'Processando' : 'Baixar PDF'}
            </Button>
            <Button
              type="button"
              variant="outline-danger"
              disabled={!selected || selected.revokedAt !== null}
              onClick={() => selected && dispatch(asked({ kind: 'revoke', certificate: selected }))}
            >
              Revogar
            </Button>
          </>
        )}
      />
    </section>
  );
}
