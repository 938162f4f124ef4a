import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import {
  CERTIFICATE_ISSUE_OUTCOME_LABELS,
  type CertificateCandidateDto,
  type CertificateEligibilityDto,
  type CertificateIssueJobDto,
  type CertificateIssueOutcome,
} from '@balcao/contract';
import { useAppDispatch } from '../../store/hooks';
import { column } from '../../ui/columns';
import { DataTable } from '../../ui/data-table';
import { asked } from './slice';

const people = (count: number) => `${count} ${count === 1 ? 'participante' : 'participantes'}`;

const candidateColumns = [
  column<CertificateCandidateDto>({ id: 'name', header: 'Nome', text: (row) => row.name }),
  column<CertificateCandidateDto>({
    id: 'daysPresent',
    header: 'Dias presentes',
    text: (row) => String(row.daysPresent),
    sortValue: (row) => row.daysPresent,
  }),
  column<CertificateCandidateDto>({
    id: 'earns',
    header: 'Recebe',
    text: (row) => (row.earns ? 'Sim' : 'Não'),
    cell: (row) => (
      <Badge bg={row.earns ? 'success' : 'secondary'}>{row.earns ? 'Sim' : 'Não'}</Badge>
    ),
  }),
  column<CertificateCandidateDto>({
    id: 'reason',
    header: 'Por que não',
    text: (row) => row.reason ?? '',
  }),
  column<CertificateCandidateDto>({
    id: 'code',
    header: 'Certificado',
    text: (row) => row.code ?? '',
    cell: (row) => <span className="font-monospace">{row.code ?? ''}</span>,
  }),
];

/** Who earns a certificate under the saved rule, and why the others do not, before issuing. */
export function Eligibility(props: { eligibility: CertificateEligibilityDto; issuing: boolean }) {
  const { eligibility, issuing } = props;
  const dispatch = useAppDispatch();
  const { earning, notEarning, candidates, eventDays } = eligibility;
  return (
    <section className="mt-4">
      <h2 className="h5 mb-3">Quem recebe</h2>
      <Card className="page-card">
        <Card.Body>
          <p role="status">
            <strong>{people(earning)}</strong> {earning === 1 ? 'recebe' : 'recebem'} o certificado;{' '}
            {people(notEarning)} {notEarning === 1 ? 'não recebe' : 'não recebem'}.
            {eventDays.length > 0 &&
              ` O evento tem ${eventDays.length} ${eventDays.length === 1 ? 'dia' : 'dias'}.`}
          </p>
          <Button
            type="button"
            className="mb-3"
            disabled={earning === 0 || issuing}
            onClick={() => dispatch(asked({ kind: 'issue' }))}
          >
            {issuing ? 'Processando' : 'Emitir certificados'}
          </Button>
          <p className="small text-body-secondary">
            Corrigiu o nome de um participante? Emita de novo: o certificado dele mantém o código e
            ganha uma nova versão com o nome corrigido.
          </p>
          <DataTable<CertificateCandidateDto>
            label="Participantes e o certificado"
            columns={candidateColumns}
            data={candidates}
            getRowId={(row) => String(row.participantId)}
          />
        </Card.Body>
      </Card>
    </section>
  );
}

const OUTCOME_VARIANT: Record<CertificateIssueOutcome, string> = {
  issued: 'success',
  reissued: 'info',
  unchanged: 'secondary',
  not_earned: 'light',
  failed: 'danger',
};

const OUTCOMES = Object.keys(CERTIFICATE_ISSUE_OUTCOME_LABELS) as CertificateIssueOutcome[];

/** An issue as the server reports it: progress, counts per outcome and a result per person. */
export function IssueProgress({ job }: { job: CertificateIssueJobDto }) {
  const counts = OUTCOMES.filter((outcome) => job.counts[outcome] > 0)
    .map((outcome) => `${CERTIFICATE_ISSUE_OUTCOME_LABELS[outcome]}: ${job.counts[outcome]}`)
    .join(' · ');
  return (
    <Card className="page-card mt-4">
      <Card.Body>
        <h2 className="h5">Emissão de certificados</h2>
        <p role="status">
          {job.done ? 'Emissão concluída' : 'Emitindo'} - {job.processed}/{job.total}
          {counts && ` · ${counts}`}
        </p>
        <ProgressBar
          className="mb-3"
          aria-label="Progresso da emissão"
          now={job.total === 0 ? 100 : (job.processed / job.total) * 100}
        />
        <Table size="sm" striped aria-label="Resultado da emissão">
          <thead>
            <tr>
              <th>Nome</th>
              <th>Resultado</th>
              <th>Código</th>
              <th>Detalhe</th>
            </tr>
          </thead>
          <tbody>
            {job.results.map((result) => (
              <tr key={result.participantId}>
                <td>{result.name}</td>
                <td>
                  <Badge
                    bg={OUTCOME_VARIANT[result.outcome]}
                    text={result.outcome === 'not_earned' ? 'dark' : undefined}
                  >
                    {CERTIFICATE_ISSUE_OUTCOME_LABELS[result.outcome]}
                  </Badge>
                </td>
                <td className="font-monospace">{result.code ?? ''}</td>
                <td className="text-break">{result.message ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}
