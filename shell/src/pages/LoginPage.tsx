import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { PRODUCT_NAME } from '@venue/ui';
import { useShellSession } from '../session/SessionProvider.tsx';
import { LoginFailure } from '../session/auth-api.ts';
import { loginErrorMessage, UNKNOWN_LOGIN_ERROR } from '../session/login-errors.ts';

export function LoginPage() {
  const { signIn, notice } = useShellSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password);
      navigate('/Dashboard', { replace: true });
    } catch (failure) {
      setError(failure instanceof LoginFailure ? loginErrorMessage(failure) : UNKNOWN_LOGIN_ERROR);
      setBusy(false);
    }
  }

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <form onSubmit={submit} noValidate={false} aria-labelledby="login-title">
          <Stack gap="md">
            <div>
              <Text fw={700} c="indigo.7" size="sm">
                {PRODUCT_NAME}
              </Text>
              <Title order={1} fz={26} id="login-title">
                Admin Login
              </Title>
            </div>
            {error ? (
              <Alert color="red" variant="light" role="alert" data-testid="login-error">
                {error}
              </Alert>
            ) : notice ? (
              // Why the session ended when it was not the user's own doing (decision 20).
              <Alert color="blue" variant="light" role="status" data-testid="session-ended">
                {notice}
              </Alert>
            ) : null}
            <TextInput
              label="Email"
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            />
            <Button type="submit" fullWidth disabled={busy}>
              {busy ? 'Logging in...' : 'Login'}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
