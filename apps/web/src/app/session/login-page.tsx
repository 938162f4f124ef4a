import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { loginRequested, selectLoginPending, selectTotpStep, totpStepCancelled } from './slice';

/**
 * SPEC.md section 2 'Login': Enter on the username moves to the password, Escape clears the field,
 * Enter on the password submits. A failure shows the server's description in the error dialog.
 */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectLoginPending);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const totpStep = useAppSelector(selectTotpStep);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  // The code step takes the cursor when it shows, and again after each refused code.
  useEffect(() => {
    if (totpStep && !pending) codeRef.current?.focus();
  }, [totpStep, pending]);

  // The second step: the same login with the authenticator's code (or a recovery code) added.
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (pending || code.trim() === '') return;
    dispatch(loginRequested({ username: username.trim(), password, totpCode: code.trim() }));
    setCode('');
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (pending) return;
    if (username.trim() === '') {
      usernameRef.current?.focus();
      return;
    }
    if (password === '') {
      passwordRef.current?.focus();
      return;
    }
    dispatch(loginRequested({ username: username.trim(), password }));
  };

  const onUsernameKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      passwordRef.current?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setUsername('');
    }
  };

  const onPasswordKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setPassword('');
    }
  };

  return (
    <main className="login-screen">
      <Card className="login-card shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 mb-1 text-center">Balcão</h1>
          <p className="text-body-secondary text-center mb-4">Acesso ao sistema</p>
          {totpStep ? (
            <Form onSubmit={submitCode} noValidate>
              <Form.Group className="mb-4" controlId="login-totp-code">
                <Form.Label>Código de verificação</Form.Label>
                <Form.Control
                  ref={codeRef}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={16}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
                <Form.Text>
                  Digite o código de 6 dígitos do aplicativo autenticador ou um código de
                  recuperação.
                </Form.Text>
              </Form.Group>
              <Button
                type="submit"
                className="w-100 mb-2"
                size="lg"
                disabled={pending || code.trim() === ''}
              >
                {pending ? 'Processando...' : 'Verificar'}
              </Button>
              <Button
                variant="link"
                className="w-100"
                onClick={() => {
                  setCode('');
                  setPassword('');
                  dispatch(totpStepCancelled());
                }}
              >
                Voltar
              </Button>
            </Form>
          ) : (
            <Form onSubmit={submit} noValidate>
              <Form.Group className="mb-3" controlId="login-username">
                <Form.Label>Usuário</Form.Label>
                <Form.Control
                  ref={usernameRef}
                  autoFocus
                  autoComplete="username"
                  value={username}
                  onChange={(event) => setUsername(event.target.value)}
                  onKeyDown={onUsernameKey}
                />
              </Form.Group>
              <Form.Group className="mb-4" controlId="login-password">
                <Form.Label>Senha</Form.Label>
                <Form.Control
                  ref={passwordRef}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  onKeyDown={onPasswordKey}
                />
              </Form.Group>
              <Button type="submit" className="w-100" size="lg" disabled={pending}>
                {pending ? 'Processando...' : 'Entrar'}
              </Button>
            </Form>
          )}
        </Card.Body>
      </Card>
    </main>
  );
}
