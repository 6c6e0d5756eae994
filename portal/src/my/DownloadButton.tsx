import { useState, type ReactNode } from 'react';
import { messageOf } from '../ui/states.tsx';
import { downloadPortalFile } from './download.ts';

/** A button that downloads one of the customer's files, saying so when it cannot. */
export function DownloadButton({
  path,
  fileName,
  children,
  className = 'button secondary small',
}: {
  path: string;
  fileName: string;
  children: ReactNode;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await downloadPortalFile(path, fileName);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="download">
      <button type="button" className={className} disabled={busy} onClick={() => void run()}>
        {children}
      </button>
      {failure && (
        <span className="error" role="alert">
          {failure}
        </span>
      )}
    </span>
  );
}
