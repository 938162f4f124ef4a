import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';

interface PeriodFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
}

/** A start or end of the period, typed as dd/mm/aaaa hh:mm; empty is 'não especificado'. */
export function PeriodField({ id, label, value, onChange }: PeriodFieldProps) {
  return (
    <Col xs="auto">
      <Form.Group controlId={id}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          value={value}
          placeholder="não especificado"
          className="report-date"
          title="dd/mm/aaaa hh:mm"
          onChange={(e) => onChange(e.target.value)}
        />
      </Form.Group>
    </Col>
  );
}
