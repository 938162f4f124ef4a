import { useRef } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';

interface LayoutActionsProps {
  dirty: boolean;
  canUndo: boolean;
  canRedo: boolean;
  saving: boolean;
  restoring: boolean;
  printing: boolean;
  onSave(): void;
  onUndo(): void;
  onRedo(): void;
  onRestore(): void;
  onExport(): void;
  onImport(file: File): void;
  onPrintTest(): void;
}

/** The editor's buttons: Salvar, Desfazer/Refazer, Restaurar padrão, the file ones, the test print. */
export function LayoutActions(props: LayoutActionsProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const { dirty, saving, restoring, printing } = props;
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center">
      <Button onClick={props.onSave} disabled={saving}>
        {saving ? 'Processando' : 'Salvar'}
      </Button>
      <Button variant="outline-secondary" onClick={props.onUndo} disabled={!props.canUndo}>
        Desfazer
      </Button>
      <Button variant="outline-secondary" onClick={props.onRedo} disabled={!props.canRedo}>
        Refazer
      </Button>
      <Button variant="outline-danger" onClick={props.onRestore} disabled={restoring}>
        {restoring ? 'Processando' : 'Restaurar padrão'}
      </Button>
      <Button variant="outline-secondary" onClick={props.onExport}>
        Exportar
      </Button>
      <Button variant="outline-secondary" onClick={() => fileInput.current?.click()}>
        Importar
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        aria-label="Arquivo de layout (.json)"
        tabIndex={-1}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) props.onImport(file);
        }}
      />
      <Button variant="outline-secondary" onClick={props.onPrintTest} disabled={printing}>
        {printing ? 'Processando' : 'Imprimir teste'}
      </Button>
      {/* Its room is kept, so the buttons do not move (nor the preview below) as it shows. */}
      <span role="status" className="d-inline-block" style={{ minWidth: '11rem' }}>
        {dirty && (
          <Badge bg="warning" text="dark">
            Alterações não salvas
          </Badge>
        )}
      </span>
    </div>
  );
}
