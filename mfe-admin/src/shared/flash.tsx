import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@mantine/core';

export interface Flash {
  kind: 'success' | 'error';
  text: string;
}

/**
 * A save banner that clears itself (spec 01 §4: 3 s, 2.5 s on the GST page). Errors stay until
 * the next attempt so a user who looked away still learns that nothing was saved.
 */
export function useFlash(clearAfterMs = 3000) {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => clearTimer, []);

  const success = useCallback(
    (text: string) => {
      clearTimer();
      setFlash({ kind: 'success', text });
      timer.current = setTimeout(() => setFlash(null), clearAfterMs);
    },
    [clearAfterMs],
  );
  const error = useCallback((text: string) => {
    clearTimer();
    setFlash({ kind: 'error', text });
  }, []);
  const clear = useCallback(() => {
    clearTimer();
    setFlash(null);
  }, []);

  return { flash, success, error, clear };
}

export function FlashMessage({ flash, testId }: { flash: Flash | null; testId?: string }) {
  if (!flash) return null;
  return (
    <Alert
      color={flash.kind === 'success' ? 'green' : 'red'}
      variant="light"
      role={flash.kind === 'success' ? 'status' : 'alert'}
      data-testid={testId}
      mb="md"
    >
      {flash.text}
    </Alert>
  );
}
